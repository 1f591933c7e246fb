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
const isSpace = (character: string | undefined) =>
  character === ' ' || character === '\n' || character === '\t' || character === '\r' || character === '\f';

/** Where an attribute is written in a start tag (from the space before its name to the end of its value), if it is. */
function writtenAttribute(html: string, element: Element, name: string): { start: number; end: number } | undefined {
  const tag = html.slice(element.start, element.end).toLowerCase();
  for (let at = tag.indexOf(`${name}=`); at !== -1; at = tag.indexOf(`${name}=`, at + 1)) {
    if (!isSpace(tag[at - 1])) continue;
    const value = at + name.length + 1;
    const quote = tag[value] === '"' || tag[value] === "'" ? tag[value] : undefined;
    let end = quote ? tag.indexOf(quote, value + 1) + 1 : value;
    if (!quote) while (end < tag.length && !isSpace(tag[end]) && tag[end] !== '>') end++;
    return { start: element.start + at - 1, end: element.start + end };
  }
  return undefined;
}

/**
 * The edits that set one attribute on each element given: written at the end of its start tag (before any `/>`), or in
 * place of the value it had, every other byte of the tag as it was.
 */
function attributeEdits(html: string, edits: { element: Element; name: string; value: string }[]): Edit[] {
  return edits.map(({ element, name, value }) => {
    const text = ` ${name}="${escapeAttribute(value)}"`;
    const old = writtenAttribute(html, element, name);
    if (old) return { ...old, text };
    let end = element.end - 1;
    if (html[end - 1] === '/') end--;
    while (isSpace(html[end - 1])) end--;
    return { start: end, end, text };
  });
}

/** Text put in place of the page's text from `start` to `end` (both offsets into the page as it was). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The page with every edit made, in one pass (edits must not overlap). */
export function splice(html: string, edits: Edit[]): string {
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
  edits: PageEdits;
}

export const parsePage = (path: string, html: string): ParsedPage => ({ path, html, all: elements(html), edits: new PageEdits(html) });

/**
 * The edits the steps after the build make to one parsed page, applied together in one pass: attributes set or
 * dropped on an element (its start tag written once, whatever the number of steps), and text put in place of text.
 */
class PageEdits {
  readonly #html: string;
  readonly #attributes = new Map<Element, Map<string, string | undefined>>();
  readonly #edits: Edit[] = [];

  constructor(html: string) {
    this.#html = html;
  }

  setAttribute(element: Element, name: string, value: string): void {
    this.#changesOf(element).set(name, value);
  }

  dropAttribute(element: Element, name: string): void {
    this.#changesOf(element).set(name, undefined);
  }

  /** Text in place of the page's text from `start` to `end` (offsets into the page as parsed). */
  replace(edit: Edit): void {
    this.#edits.push(edit);
  }

  #changesOf(element: Element): Map<string, string | undefined> {
    let changes = this.#attributes.get(element);
    if (!changes) this.#attributes.set(element, (changes = new Map()));
    return changes;
  }

  /** The page with every edit made, and where an offset of the page as parsed is in it. */
  apply(): { html: string; at: (offset: number) => number } {
    const html = this.#html;
    const tags = [...this.#attributes].flatMap(([element, changes]): Edit[] => {
      const sets = [...changes].flatMap(([name, value]) => (value === undefined ? [] : [{ element, name, value }]));
      // Attributes only added or changed: written into the start tag as it is (see attributeEdits).
      if (sets.length === changes.size) return sets.length === 0 ? [] : attributeEdits(html, sets);
      const attrs = { ...element.attrs };
      for (const [name, value] of changes) if (value === undefined) delete attrs[name];
      for (const { name, value } of sets) attrs[name] = value;
      const tag = startTag(element.tagName, attrs);
      const selfClosing = html.slice(element.start, element.end).endsWith('/>');
      return [{ start: element.start, end: element.end, text: selfClosing ? `${tag.slice(0, -1)}/>` : tag }];
    });
    const edits = [...tags, ...this.#edits].sort((a, b) => a.start - b.start);
    for (const [index, edit] of edits.entries()) {
      const next = edits[index + 1];
      if (next && next.start < edit.end) throw new Error(`Two steps after the build edit the same text of ${html.slice(edit.start, edit.end)}`);
    }
    const at = (offset: number) =>
      edits.reduce((moved, edit) => (edit.end <= offset ? moved + edit.text.length - (edit.end - edit.start) : moved), offset);
    return { html: splice(html, edits), at };
  }
}
