/**
 * Built pages read with an HTML parser (htmlparser2: fast enough for a thousand pages), and rewritten by editing
 * the start tags it located in the page's own text: every byte a step does not change stays as it was.
 * <noscript> is read as markup (as a browser without scripts reads it): what it holds is part of the page's files.
 */
import { Parser } from 'htmlparser2';

/** An element of a page: its name, attributes (entities decoded), where its start tag is, and what contains it. */
export interface Element {
  tagName: string;
  attrs: Record<string, string>;
  /** The start tag's first character (`<`) and the one after its `>`. */
  start: number;
  end: number;
  parent: Element | undefined;
  /** The text directly inside it (a script's code). */
  text: string;
}

/** Every element of a page (or of a piece of HTML), in document order. */
export function elements(html: string): Element[] {
  const found: Element[] = [];
  const open: Element[] = [];
  const parser = new Parser(
    {
      onopentag(tagName, attrs, implied) {
        const element: Element = { tagName, attrs, start: parser.startIndex, end: parser.endIndex + 1, parent: open.at(-1), text: '' };
        if (!implied) found.push(element);
        open.push(element);
      },
      ontext(text) {
        const element = open.at(-1);
        if (element) element.text += text;
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** An attribute's value, or undefined when the element has none. */
export const attribute = (element: Element, name: string): string | undefined => element.attrs[name];

/** Whether the element has this class among its classes. */
export const hasClass = (element: Element, name: string): boolean => (attribute(element, 'class') ?? '').split(/\s+/).includes(name);

/** The element of this name around an element, if any (the <picture> of an <img>, a <noscript>). */
export function inside(element: Element, name: string): Element | undefined {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent.tagName === name) return parent;
  return undefined;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Text put in place of the page's text from `start` to `end` (both offsets into the page as it was). */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The page with every edit made, in one pass (edits must not overlap). */
function splice(html: string, edits: Edit[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const { start, end, text } of [...edits].sort((a, b) => a.start - b.start)) {
    parts.push(html.slice(from, start), text);
    from = end;
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/** A start tag written from its attributes; an empty value is written as the bare name (`defer`, `ssr`). */
export const startTag = (name: string, attrs: Record<string, string>): string =>
  `<${name}${Object.entries(attrs)
    .map(([key, value]) => (value === '' ? ` ${key}` : ` ${key}="${escapeAttribute(value)}"`))
    .join('')}>`;

/** A built page parsed once, for every step after the build to read and to edit. */
export interface ParsedPage {
  /** Its site path: /book/index/Chapter1/index.html. */
  path: string;
  html: string;
  /** Its elements, from elements(html). */
  all: Element[];
  /** Text to put in place of its text, made by applyEdits(). */
  edits: Edit[];
}

export const parsePage = (path: string, html: string): ParsedPage => ({ path, html, all: elements(html), edits: [] });

/** The page with its edits made, in one pass; two edits of the same text are a mistake of the steps. */
export function applyEdits({ html, edits }: ParsedPage): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  for (const [index, edit] of sorted.entries()) {
    const next = sorted[index + 1];
    if (next && next.start < edit.end) throw new Error(`Two steps after the build edit the same text of ${html.slice(edit.start, edit.end)}`);
  }
  return splice(html, sorted);
}
