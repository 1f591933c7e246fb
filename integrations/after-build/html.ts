/**
 * Built pages read with an HTML parser (parse5, the parser browsers' rules are written as), and rewritten by
 * editing the start tags it located in the page's own text: every byte a step does not change stays as it was.
 */
import { type DefaultTreeAdapterTypes, parse, parseFragment } from 'parse5';

export type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document | DefaultTreeAdapterTypes.DocumentFragment;

/**
 * Every element of a page (or of a fragment, for a piece of HTML), in document order, with its place in the text.
 * <noscript> is read as elements too (as a browser without scripts does): what it holds is part of the page's files.
 */
export function elements(html: string): Element[] {
  const options = { sourceCodeLocationInfo: true, scriptingEnabled: false };
  const tree = /^\s*<(!doctype|html)\b/i.test(html) ? parse(html, options) : parseFragment(html, options);
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) found.push(node);
    // A <template>'s content is a fragment of its own.
    const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
  };
  visit(tree);
  return found;
}

/** An attribute's value (entities decoded), or undefined when the element has none. */
export const attribute = (element: Element, name: string): string | undefined => element.attrs.find((attr) => attr.name === name)?.value;

/** The element of this name around an element, if any (the <picture> of an <img>, a <noscript>). */
export function inside(element: Element, name: string): Element | undefined {
  for (let parent = element.parentNode; parent && 'tagName' in parent; parent = parent.parentNode) if (parent.tagName === name) return parent;
  return undefined;
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The page with one attribute set on each element given: written at the end of its start tag, or in place of the
 * value it had. Elements must come from `elements()` of this same text.
 */
export function setAttribute(html: string, edits: { element: Element; name: string; value: string }[]): string {
  const spliced = edits
    .map(({ element, name, value }) => {
      const location = element.sourceCodeLocation;
      if (!location?.startTag) throw new Error(`<${element.tagName}> has no place in the page's text: it was not parsed from it`);
      const written = ` ${name}="${escapeAttribute(value)}"`;
      const old = location.attrs?.[name];
      if (old) return { start: old.startOffset - 1, end: old.endOffset, text: written };
      const tag = html.slice(location.startTag.startOffset, location.startTag.endOffset);
      const end = location.startTag.endOffset - (/\s*\/?>$/.exec(tag)?.[0].length ?? 1);
      return { start: end, end, text: written };
    })
    .sort((a, b) => b.start - a.start);
  let out = html;
  for (const { start, end, text } of spliced) out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  return out;
}

/** The text inside an element (a script's code). */
export const textOf = (element: Element): string => element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
