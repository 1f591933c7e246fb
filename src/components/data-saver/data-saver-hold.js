/* global text, held -- given by src/components/inline-scripts.ts */
// With data saver on (data-saver-head.js has decided), holds back each lazily loaded picture and frame as the
// parser inserts it. Only pages that have one carry this script (inline-scripts.ts says where it is needed).
(() => {
  const root = document.documentElement;
  // An image or frame, the box a placeholder stands in for (its <picture>, if any) and the elements holding addresses.
  /** @type {(el: HTMLImageElement | HTMLIFrameElement) => Element[]} */
  const parts = (el) => {
    const parent = /** @type {Element} */ (el.parentNode);
    return parent.localName === 'picture' ? [parent, ...parent.children] : [el, el];
  };
  // Moves addresses aside (src to data-saver-src …) or back.
  /** @type {(el: Element, from: string, to: string) => void} */
  const move = (el, from, to) => {
    for (const name of ['src', 'srcset']) {
      const value = el.getAttribute(from + name);
      if (value !== null) {
        el.removeAttribute(from + name);
        el.setAttribute(to + name, value);
      }
    }
  };

  // A lazy image or frame loses its address before the browser's lazy loader sees it; a labelled button takes its place.
  /** @param {HTMLImageElement | HTMLIFrameElement} el */
  const hold = (el) => {
    const [box, ...els] = /** @type {[Element, ...HTMLElement[]]} */ (parts(el));
    for (const part of els) move(part, '', 'data-saver-');
    el.setAttribute(held, '');
    const name = 'alt' in el ? el.alt : el.title;
    // A decorative picture says nothing: it simply stays away, with no button to tab through.
    if (!name) return;
    // The size of the file this browser would fetch: the first <source> whose media matches, else the image's own.
    const size = els.find((part) => !('media' in part) || !part.media || matchMedia(String(part.media)).matches)?.dataset['size'];
    const button = document.createElement('button');
    button.className = 'book-saver';
    const width = el.getAttribute('width');
    const height = el.getAttribute('height');
    if (width && height) button.style.aspectRatio = `${width}/${height}`;
    button.textContent = text[/** @type {'img' | 'iframe'} */ (el.localName)].replace('{size}', size ?? text.unknown).replace('{name}', name);
    box.before(button);
  };

  if (root.dataset['saver'] === 'on') {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          for (const el of node instanceof Element ? [node, ...node.querySelectorAll('[loading=lazy]')] : []) {
            if (el.matches(`:is(img,iframe)[loading=lazy]:not([${held}])`)) hold(/** @type {HTMLImageElement | HTMLIFrameElement} */ (el));
          }
        }
      }
    }).observe(root, { childList: true, subtree: true });
  }
})();
