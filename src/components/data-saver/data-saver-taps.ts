// What a tap does while data saver holds pictures back (DataSaverHead.astro's inline script holds them as the page
// is parsed): a placeholder shows its picture, and the footer's switch turns data saver off or on.
import { dataSaverKey, heldAttribute } from './data-saver.ts';

/** The picture or frame a placeholder stands for, the box it stands before, and the elements holding its addresses. */
function partsOf(element: HTMLElement): [HTMLElement, ...HTMLElement[]] {
  const picture = element.parentElement?.localName === 'picture' ? element.parentElement : undefined;
  return picture ? [picture, ...(picture.children as HTMLCollectionOf<HTMLElement>)] : [element, element];
}

/** Gives a held picture or frame its addresses back, and removes its placeholder. */
function show(element: HTMLElement, focus: boolean) {
  const [box, ...parts] = partsOf(element);
  if (box.previousElementSibling?.matches('.book-saver')) box.previousElementSibling.remove();
  for (const part of parts) {
    for (const name of ['src', 'srcset']) {
      const value = part.getAttribute(`data-saver-${name}`);
      if (value === null) continue;
      part.removeAttribute(`data-saver-${name}`);
      part.setAttribute(name, value);
    }
  }
  element.removeAttribute(heldAttribute);
  // The button the reader pressed is gone: focus goes to what replaced it.
  if (focus) {
    element.tabIndex = -1;
    element.focus();
  }
}

// SiteFooter.astro's switch is written 'off'.
if (document.documentElement.dataset.saver === 'on') document.querySelector('.data-saver__switch')?.setAttribute('aria-pressed', 'true');

addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('.book-saver,.data-saver__switch') : null;
  const next = button?.nextElementSibling as HTMLElement | null | undefined;
  if (!button || !next) return;
  if (button.matches('.book-saver')) {
    show(next.localName === 'picture' ? next.querySelector('img')! : next, true);
    return;
  }
  // The reader's switch, remembered for the next pages; turning it off shows at once what this page held back.
  const wanted = button.ariaPressed !== 'true';
  try {
    localStorage.setItem(dataSaverKey, wanted ? 'on' : 'off');
  } catch {
    // Not remembered: the choice holds for this page only.
  }
  button.ariaPressed = String(wanted);
  if (next.nextElementSibling) next.nextElementSibling.textContent = button.dataset[wanted ? 'on' : 'off'] ?? '';
  if (!wanted) for (const element of document.querySelectorAll<HTMLElement>(`[${heldAttribute}]`)) show(element, false);
});
