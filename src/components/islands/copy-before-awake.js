// A press on a copy button before its island is awake (CopyEmailButton.tsx): the address is copied at once, while the
// press still counts as the reader's (a browser lets a page copy only then, and the island's code may take seconds to
// arrive); the island, once awake, gives the notice for it. Presses on an awake button are the island's own.
/* global copy -- given by src/components/inline-scripts.ts */
addEventListener(
  'click',
  (event) => {
    // The island's replay of the press (element.click()) is not the reader's, and is the island's to handle.
    if (!event.isTrusted) return;
    const button = event.target instanceof Element ? event.target.closest(`[${copy.address}]`) : null;
    if (!(button instanceof HTMLElement) || button.hasAttribute(copy.awake) || !navigator.clipboard) return;
    button.setAttribute(copy.outcome, 'pending');
    // Should the island's runtime not be here yet, it wakes the island for this press when it arrives.
    button.setAttribute(copy.pressed, '');
    const settle = (/** @type {string} */ outcome) => {
      button.setAttribute(copy.outcome, outcome);
      button.dispatchEvent(new Event(copy.settled));
    };
    navigator.clipboard.writeText(button.getAttribute(copy.address) ?? '').then(
      () => settle('copied'),
      () => settle('refused'),
    );
  },
  true,
);
