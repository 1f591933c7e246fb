/**
 * A built page, or part of one, made to read where none of its scripts will run (an EPUB, a ZIM in Kiwix): what
 * the web opens on demand is shown (boxes, activities, tips), and what only works with the page's scripts goes
 * (buttons, players of other sites, scripts). Kiwix runs scripts of its own, so `(scripting: none)` cannot be
 * counted on: the markup itself is changed.
 */
import type { Element, ParentNode } from 'domhandler';
import { DomUtils } from 'htmlparser2';

export const classesOf = (element: Element): string[] => (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
export const allElements = (root: ParentNode): Element[] => DomUtils.findAll(() => true, root.children);

/** Puts an element's children in its place. */
export function unwrap(element: Element): void {
  for (const child of [...element.children]) DomUtils.prepend(element, child);
  DomUtils.removeElement(element);
}

/** A button that is a heading's text: a box's title. */
const isHeadingButton = (element: Element) => element.name === 'button' && /^h[1-6]$/.test((element.parent as Element | null)?.name ?? '');

/** Changes `root` in place; returns it. */
export function makeStatic<T extends ParentNode>(root: T): T {
  for (const element of allElements(root)) {
    const classes = classesOf(element);
    if (element.name === 'script' && element.attribs.type !== 'application/ld+json') DomUtils.removeElement(element);
    else if (element.name === 'noscript') unwrap(element);
    // A box's heading is its button: it stays, as text laid out as before, without the arrow that says it opens.
    else if (isHeadingButton(element)) {
      element.name = 'span';
      element.attribs = { class: element.attribs.class ?? '' };
    } else if (classes.includes('box__chevron')) DomUtils.removeElement(element);
    // A menu opens without scripts (popovertarget); every other button needs them.
    else if (element.name === 'button' && element.attribs.popovertarget === undefined) DomUtils.removeElement(element);
    // Another site's player only loads when its button is pressed: the caption's link is the way in.
    else if (classes.includes('embed__frame') && element.parent && classesOf(element.parent as Element).includes('embed--external'))
      DomUtils.removeElement(element);
    // The tip's note is hidden until its button is pressed; the box's text until its heading is.
    else if (classes.includes('tip__note')) element.attribs.class = classes.filter((name) => name !== 'sr-only').join(' ');
    else if (classes.includes('box__item') || classes.includes('box__content')) element.attribs['data-state'] = 'open';
    // An activity's text opens in a dialog; its copy in the page is what remains.
    else if (classes.includes('activity__text')) element.attribs.style = 'display: block';
  }
  for (const comment of DomUtils.filter((node) => node.type === 'comment', root.children)) DomUtils.removeElement(comment);
  return root;
}
