/**
 * One built page as an EPUB content document: the chapter's heading and text, with what only works on the web taken
 * out (scripts, buttons, frames, the page's own navigation) and what the web hides on demand shown (boxes, activities,
 * tips). Links to the book's other pages go to their files in the EPUB, links to the rest of the site to its address.
 */
import { type Element, Text } from 'domhandler';
import { DomUtils } from 'htmlparser2';
import { caseless } from '../../src/lib/address-case.ts';
import { type BookPage, byClass, findOne } from './built-book.ts';
import { allElements, classesOf, makeStatic, unwrap } from './static-page.ts';

export interface PageLinks {
  /** The site's base path: /, or /book/. */
  base: string;
  /** The book's address (SITE_URL), for links to pages the EPUB does not hold; undefined: such links become text. */
  siteUrl: string | undefined;
  /** The EPUB file of a page, by caseless route. */
  fileOf: (route: string) => string | undefined;
  /** Called for each picture the page shows (its site path); returns its path in the EPUB, relative to the page. */
  picture: (sitePath: string) => string;
}

/** What the EPUB leaves out besides (see makeStatic): frames of every kind, and the page's own navigation. */
const dropped = new Set(['style', 'template', 'iframe', 'source', 'button', 'nav']);
/** Attributes of a page's own behaviour or layout, meaningless in an EPUB (and, for some, not valid XHTML there). */
const keptAttributes = new Set([
  'id',
  'class',
  'href',
  'src',
  'alt',
  'width',
  'height',
  'lang',
  'title',
  'datetime',
  'scope',
  'colspan',
  'rowspan',
  'start',
  'role',
]);

/** The chapter's text as XHTML body content. */
export function epubBody(page: BookPage, links: PageLinks): string {
  const article = findOne((element) => element.name === 'article', page.document);
  const body = article && findOne(byClass('chapter__body'), article);
  if (!body) throw new Error(`${page.route} has no chapter text (.chapter__body)`);

  makeStatic(body);
  for (const element of allElements(body)) {
    const classes = classesOf(element);
    // Decorations (icons, arrows), the notes that say a link opens a new tab, and frames (their captions link to them).
    if (element.attribs['aria-hidden'] === 'true' || (element.name === 'span' && classes.includes('sr-only')) || classes.includes('embed__frame'))
      DomUtils.removeElement(element);
    // "Box 1" and its title are two lines on the web; in a heading of running text they read as "Box 1: title".
    else if (classes.includes('box__label')) DomUtils.appendChild(element, new Text(': '));
    // Islands' wrappers, and a picture's choice of files for the screen: the EPUB has one file.
    else if (['astro-island', 'astro-slot', 'picture'].includes(element.name)) unwrap(element);
    else if (dropped.has(element.name)) DomUtils.removeElement(element);
  }
  for (const element of allElements(body)) {
    for (const name of Object.keys(element.attribs)) if (!keptAttributes.has(name)) delete element.attribs[name];
    // Details stay open in a book: a summary is the table's heading.
    if (element.name === 'details') element.name = 'div';
    if (element.name === 'summary') element.name = 'p';
    if (element.name === 'section' && element.attribs.id?.startsWith('radix-')) delete element.attribs.id;
    if (element.name === 'img' && element.attribs.src) element.attribs.src = links.picture(element.attribs.src);
    if (element.name === 'a') rewriteLink(element, links);
  }
  const pre = `<p class="chapter-pre">${escapeXml(page.pre)}</p>`;
  return `${pre}\n<h1>${escapeXml(page.title)}</h1>\n${DomUtils.getInnerHTML(body, { xmlMode: true, encodeEntities: 'utf8', decodeEntities: true })}`;
}

function rewriteLink(link: Element, links: PageLinks): void {
  const href = link.attribs.href;
  if (href === undefined || href.startsWith('#') || /^(https?|mailto):/.test(href)) return;
  const url = new URL(href, 'http://book.invalid');
  const path = url.pathname.startsWith(links.base) ? `/${url.pathname.slice(links.base.length)}` : url.pathname;
  const file = links.fileOf(caseless(path));
  if (file !== undefined) link.attribs.href = `${file}${url.hash}`;
  else if (links.siteUrl !== undefined) link.attribs.href = new URL(`${url.pathname}${url.hash}`, links.siteUrl).href;
  else unwrap(link);
}

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);

/** Whether content holds an inline SVG drawing (the manifest must say so). */
export const hasInlineSvg = (xhtml: string): boolean => /<svg[\s>]/.test(xhtml);
