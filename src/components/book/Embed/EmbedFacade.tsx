import { useEffect, useRef, useState } from 'react';
import strings from 'virtual:book/ui/embed';
import { fill } from '../../../i18n/fill.ts';
import type { EmbedKind } from '../../../lib/embeds.ts';

interface Props {
  frameSrc: string;
  title: string;
  allow: string;
  kind: EmbedKind;
  /** The other host, named in the note that nothing loads from it before the press. */
  host: string;
}

/**
 * Click-to-load: another host's player is fetched only when the reader asks for it. Offline, the
 * press explains why nothing loads; the plain link under the frame stays in every case. Its strings come with
 * its code (virtual:book/ui/embed), not as props written into every page that embeds a player.
 */
export default function EmbedFacade({ frameSrc, title, allow, kind, host }: Props) {
  const [state, setState] = useState<'waiting' | 'offline' | 'loaded'>('waiting');
  const frame = useRef<HTMLIFrameElement>(null);

  // The button the reader pressed is gone: keep keyboard focus on what replaced it.
  useEffect(() => {
    if (state === 'loaded') frame.current?.focus();
  }, [state]);

  if (state === 'loaded') {
    return (
      <iframe
        ref={frame}
        className="embed__iframe"
        src={frameSrc}
        title={title}
        allow={allow}
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <div className="embed__facade">
      <button type="button" className="embed__load" data-island-action="" onClick={() => setState(navigator.onLine ? 'loaded' : 'offline')}>
        <svg aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path d="M19 15v18l15-9Z" fill="var(--book-color-surface)" />
        </svg>
        <span className="embed__load-label">{strings[`embed.load.${kind}`]}</span>
        <span className="embed__load-title">{title}</span>
      </button>
      <p className="embed__note" role="status">
        {state === 'offline' ? strings['embed.offline'] : fill(strings['embed.privacy'], { host })}
      </p>
    </div>
  );
}
