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
 * Kept tiny: this script comes with every page (a cached file since the build moves it out of the page).
 */
const interaction: ClientDirective = (load, _options, el) => {
  let pressed: HTMLElement | null | undefined;
  const start = async () => {
    for (const type of events) el.removeEventListener(type, start);
    await (
      await load()
    )();
    pressed?.removeAttribute(earlyPressMark);
    pressed?.click();
  };
  for (const type of events) el.addEventListener(type, start);
  pressed = el.querySelector<HTMLElement>(`[data-island-action][${earlyPressMark}]`);
  if (pressed) void start();
  // Left in place after hydration: `pressed` is read only once, above.
  el.addEventListener('click', (event) => (pressed = (event.target as Element).closest<HTMLElement>('[data-island-action]')));
};

export default interaction;
