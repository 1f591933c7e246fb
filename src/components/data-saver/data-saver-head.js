/* global text -- given by src/components/inline-scripts.ts */
// Data saver, decided once in <head> before the page's images are parsed: the reader's own choice
// (remembered), else the browser's (Save-Data, prefers-reduced-data). Its `text` comes from src/components/inline-scripts.ts.
(() => {
  const root = document.documentElement;
  const KEY = 'book-data-saver';
  const HELD = 'data-saver-held';
  let choice;
  try {
    choice = localStorage.getItem(KEY);
  } catch {
    // Storage refused (blocked cookies): follow the browser.
  }
  const on = choice ? choice === 'on' : !!(navigator.connection?.saveData || matchMedia('(prefers-reduced-data: reduce)').matches);
  root.dataset.saver = on ? 'on' : 'off';

  // An image or frame, the box a placeholder stands in for (its <picture>, if any) and the elements holding addresses.
  const parts = (el) => (el.parentNode.localName === 'picture' ? [el.parentNode, ...el.parentNode.children] : [el, el]);
  // Moves addresses aside (src to data-saver-src …) or back.
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
  const hold = (el) => {
    const [box, ...els] = parts(el);
    for (const part of els) move(part, '', 'data-saver-');
    el.setAttribute(HELD, '');
    const name = el.alt ?? el.title;
    // A decorative picture says nothing: it simply stays away, with no button to tab through.
    if (!name) return;
    // The size of the file this browser would fetch: the first <source> whose media matches, else the image's own.
    const size = els.find((part) => !part.media || matchMedia(part.media).matches).dataset.size;
    const button = document.createElement('button');
    button.className = 'book-saver';
    const width = el.getAttribute('width');
    const height = el.getAttribute('height');
    if (width && height) button.style.aspectRatio = `${width}/${height}`;
    button.textContent = text[el.localName].replace('{size}', size ?? text.unknown).replace('{name}', name);
    box.before(button);
  };

  const show = (el, focus) => {
    const [box, ...els] = parts(el);
    if (box.previousElementSibling?.matches('.book-saver')) box.previousElementSibling.remove();
    for (const part of els) move(part, 'data-saver-', '');
    el.removeAttribute(HELD);
    // The button the reader pressed is gone: focus goes to what replaced it.
    if (focus) {
      el.tabIndex = -1;
      el.focus();
    }
  };

  if (on) {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          // SiteFooter.astro's switch is written 'off'.
          if (node.matches?.('.data-saver__switch')) node.ariaPressed = true;
          for (const el of node.querySelectorAll ? [node, ...node.querySelectorAll('[loading=lazy]')] : []) {
            if (el.matches(`:is(img,iframe)[loading=lazy]:not([${HELD}])`)) hold(el);
          }
        }
      }
    }).observe(root, { childList: true, subtree: true });
  }

  addEventListener('click', (event) => {
    const button = event.target.closest?.('.book-saver,.data-saver__switch');
    const next = button?.nextElementSibling;
    if (button?.matches('.book-saver')) show(next.localName === 'picture' ? next.querySelector('img') : next, true);
    else if (button) {
      // The reader's switch, remembered for the next pages; turning it off shows at once what this page held back.
      const wanted = button.ariaPressed !== 'true';
      try {
        localStorage.setItem(KEY, wanted ? 'on' : 'off');
      } catch {
        // Not remembered: the choice holds for this page only.
      }
      button.ariaPressed = wanted;
      next.nextElementSibling.textContent = button.dataset[wanted ? 'on' : 'off'];
      if (!wanted) for (const el of document.querySelectorAll(`[${HELD}]`)) show(el);
    }
  });
})();
