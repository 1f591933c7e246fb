import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from 'sonner';
import { copyMarks } from './copy-email.ts';
import NoticeToaster from './NoticeToaster.tsx';
import './CopyEmailButton.css';

interface Props {
  email: string;
  /** Read before the address by screen readers: the button's purpose. */
  copyLabel: string;
  /** The notice after a successful copy. */
  copiedNotice: string;
  /** Shown when the browser cannot or will not copy, before the selectable address. */
  refusedNotice: string;
  /** The name of the page's notice area. */
  noticesLabel: string;
}

/** How long the copy notice stays (SPEC §4: auto-hides after 6000 ms). */
const noticeDuration = 6000;

/** Whether a button on the page has put up the notice area: the first one awake does, for all. */
let noticeAreaShown = false;

/**
 * Copies a member's address. The button is in the page from the start: a press made before the island is awake is
 * copied at once by the page (copy-before-awake.js, while the press still lets a page copy), and its notice given
 * here once the island wakes on it (client:interaction). Without JavaScript the address is a mailto link instead
 * (CopyEmailButton.css). Where the clipboard is missing or refused, the reader is told and the address is selectable.
 */
export default function CopyEmailButton({ email, copyLabel, copiedNotice, refusedNotice, noticesLabel }: Props) {
  const [refused, setRefused] = useState(false);
  const [showsNoticeArea, setShowsNoticeArea] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.setAttribute(copyMarks.awake, ''), []);
  useEffect(() => {
    if (noticeAreaShown) return;
    noticeAreaShown = true;
    setShowsNoticeArea(true);
  }, []);

  const copy = async (event: MouseEvent<HTMLButtonElement>) => {
    const pressed = event.currentTarget;
    // The reader's own press on the awake button copies; only the replay of an early one (not trusted) takes its outcome.
    if (event.nativeEvent.isTrusted) pressed.removeAttribute(copyMarks.outcome);
    try {
      const early = await earlyOutcome(pressed);
      if (early === 'refused') throw new Error('Clipboard refused');
      // Insecure origins have no navigator.clipboard; a refused permission rejects.
      if (early === undefined && !navigator.clipboard) throw new Error('Clipboard API unavailable');
      if (early === undefined) await navigator.clipboard.writeText(email);
      setRefused(false);
      toast(copiedNotice, { duration: noticeDuration });
    } catch {
      setRefused(true);
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="copy-email copy-email--button"
        data-island-action=""
        {...{ [copyMarks.address]: email }}
        onClick={copy}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M8 8h11v13H8zM5 16H4V3h11v1" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{copyLabel} </span>
        <Address email={email} />
      </button>
      <a className="copy-email copy-email--link" href={`mailto:${email}`}>
        <Address email={email} />
      </a>
      <p className="copy-email__refused" role="status">
        {refused && (
          <>
            {refusedNotice} <span className="copy-email__address">{email}</span>
          </>
        )}
      </p>
      {showsNoticeArea && createPortal(<NoticeToaster label={noticesLabel} />, document.body)}
    </>
  );
}

/** The outcome of a press made before the island woke (copy-before-awake.js), once it has one, taken; or undefined. */
async function earlyOutcome(button: HTMLButtonElement): Promise<string | undefined> {
  if (button.getAttribute(copyMarks.outcome) === 'pending')
    await new Promise((settled) => button.addEventListener(copyMarks.settled, settled, { once: true }));
  const outcome = button.getAttribute(copyMarks.outcome) ?? undefined;
  button.removeAttribute(copyMarks.outcome);
  return outcome;
}

/** An address that may wrap after its @ (a word break opportunity), never inside a name or a domain. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@') + 1;
  return (
    <span className="copy-email__text">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
