import type { ClientDirective } from 'astro';
import { earlyPressMark } from './early-press.ts';

// The first of these on the island starts hydration; the native HTML keeps working meanwhile.
// (Touch and keys need no listener of their own: a tap fires pointerdown, a key needs focus first.)
const events = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * `client:interaction`: hydrates on the reader's first pointer or focus event inside the island.
 * A press on one of its script-only buttons (marked `data-island-action`: they do nothing in plain
 * HTML) made before the island is live is replayed once it is, so a quick tap is not lost; so is one a page's script
 * marked (early-press.ts) before this script itself arrived.
 * Until then such a press marks its button aria-busy, which global.css draws as a spinning ring, and the page says
 * 'Loading…' (IslandBusyStatus.astro), so the reader sees and hears at once that it was heard. Kept tiny: this script comes with every page (a cached file since the build moves it
 * out of the page).
 */
/** The page's live region saying 'Loading…' (IslandBusyStatus.astro), shown while a press waits. */
const busy = (shown: boolean) => document.querySelector('[data-busy-status] > *')?.toggleAttribute('hidden', !shown);

const interaction: ClientDirective = (load, _options, el) => {
  let pressed: HTMLElement | null | undefined;
  let awake = false;
  const start = async () => {
    for (const type of events) el.removeEventListener(type, start);
    await (
      await load()
    )();
    awake = true;
    pressed?.removeAttribute(earlyPressMark);
    pressed?.removeAttribute('aria-busy');
    busy(false);
    pressed?.click();
  };
  for (const type of events) el.addEventListener(type, start);
  pressed = el.querySelector<HTMLElement>(`[data-island-action][${earlyPressMark}]`);
  if (pressed) void start();
  // A press while the island's code is still on its way says at once that it was heard (global.css draws it busy).
  el.addEventListener('click', (event) => {
    if (awake) return;
    pressed = (event.target as Element).closest<HTMLElement>('[data-island-action]');
    pressed?.setAttribute('aria-busy', 'true');
    if (pressed) busy(true);
  });
};

export default interaction;
