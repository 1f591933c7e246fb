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

/**
 * Remembers a press on one of the island's script-only buttons (one that does nothing in plain
 * HTML) made before the island is live, so a quick tap is not lost; returns a function that
 * replays it once.
 */
export function keepEarlyPress(el: HTMLElement): () => void {
  let pressed: HTMLElement | undefined;
  const remember = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('button[data-island-action]');
    if (button && el.contains(button)) pressed = button;
  };
  el.addEventListener('click', remember);
  return () => {
    el.removeEventListener('click', remember);
    pressed?.click();
  };
}

const interaction: ClientDirective = (load, _options, el) => {
  const replay = keepEarlyPress(el);
  whenReached(el, () =>
    void load()
      .then((hydrate) => hydrate())
      .then(replay),
  );
};

export default interaction;
