import type { ClientDirective } from 'astro';

// The first of these on the island starts hydration; the native HTML keeps working meanwhile.
// (Touch and keys need no listener of their own: a tap fires pointerdown, a key needs focus first.)
const events = ['pointerover', 'pointerdown', 'focusin'] as const;

/** Calls `start` once, on the reader's first pointer or focus event inside the element. */
export function whenReached(el: HTMLElement, start: () => void): () => void {
  const once = () => {
    for (const type of events) el.removeEventListener(type, once);
    start();
  };
  for (const type of events) el.addEventListener(type, once, { passive: true });
  return once;
}

const interaction: ClientDirective = (load, _options, el) => {
  whenReached(el, () => void load().then((hydrate) => hydrate()));
};

export default interaction;
