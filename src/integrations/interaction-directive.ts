import type { ClientDirective } from 'astro';

// The first of these on the island starts hydration; the native HTML keeps working meanwhile.
// (Touch and keys need no listener of their own: a tap fires pointerdown, a key needs focus first.)
const events = ['pointerover', 'pointerdown', 'focusin'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  const start = () => {
    for (const type of events) el.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  for (const type of events) el.addEventListener(type, start, { passive: true });
};

export default interaction;
