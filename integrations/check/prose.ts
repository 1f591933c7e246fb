/**
 * The prose of a chapter file, as readers see it: Markdown text, picture descriptions, the words
 * components show (titles, captions, sources, labels) and the frontmatter's title, description and
 * picture description. Not frontmatter keys, imports, expressions, code, addresses or attribute names.
 */
import { wordPropsOf } from '../../src/components/book/component-rules.ts';
import type { SourceFile } from './source-files.ts';
import { attributeOffset, attributeValue, endOf, startOf, walk } from './mdast.ts';

/** Emphasis (*…*, **…**, _…_) or a link ([…](…)) in text a prop or a field shows as it is written. */
const writtenAsMarkdown = /(^|\s)(\*{1,2}|_)[^\s*_][^*_]*\2(?=$|[\s.,;:!?])|\[[^\]]+\]\(/;

/** HTML's tags and entities (<em>, &amp;): a prop or a field shows them as they are written. */
const writtenAsHtml = /<\/?[a-z][\w-]*(\s[^<>]*)?\/?>|&(#\d+|[a-z]+);/i;
/** A citation ([@key], [-@key], @key): it works in the text only. */
export const writtenAsCitation = /\[-?@|(^|\s)@[\p{L}\d_]/u;

/** What markup a prop or a field holds that it would show as written, in words for the message; none if plain. */
export const markupIn = (text: string): string | undefined =>
  writtenAsMarkdown.test(text) ? 'Markdown (* or [ ]( ))' : writtenAsHtml.test(text) ? 'HTML (such as <em> or &amp;)' : undefined;

/**
 * What a YAML field's value holds that the page would show as written: markup, a citation (`works`: where citations
 * do work), or curly quotation marks around it, which YAML keeps (only straight ones are read as quotes).
 */
export const writtenInField = (text: string, works: string): string | undefined =>
  markupIn(text) ??
  (writtenAsCitation.test(text) ? `a citation ([@key]), which works in ${works} only` : undefined) ??
  (/^[‘“].*[’”]$/u.test(text.trim())
    ? 'curly quotation marks around it, which YAML keeps as part of the text (only straight ones, \' or ", are read as quotes)'
    : undefined);

export interface Prose {
  text: string;
  /** Where to look for its words in the source: the text as parsed may differ from the source (escapes, line breaks). */
  from: number;
  to: number;
}

/** Frontmatter fields that readers see, by their path. */
const proseFields = [['title'], ['description'], ['image', 'alt']] as const;

export function proseOf(file: SourceFile): Prose[] {
  const { tree, source } = file;
  if (!tree) return [];
  const pieces: Prose[] = frontmatterProse(file);
  walk(tree, (node) => {
    if (node.type === 'text' && node.value) pieces.push({ text: node.value, from: startOf(node), to: endOf(node) });
    if (node.type === 'image' && node.alt) pieces.push({ text: node.alt, from: startOf(node), to: endOf(node) });
    for (const prop of node.name ? wordPropsOf(node.name) : []) {
      const text = attributeValue(node, prop);
      if (text) pieces.push({ text, from: attributeOffset(source, node, prop), to: endOf(node) });
    }
  });
  return pieces;
}

function frontmatterProse({ tree, source, frontmatter }: SourceFile): Prose[] {
  const yaml = tree?.children?.find((node) => node.type === 'yaml');
  if (!yaml) return [];
  const end = endOf(yaml);
  return proseFields.flatMap((path) => {
    const value = path.reduce<unknown>(
      (data, key) => (data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined),
      frontmatter,
    );
    if (typeof value !== 'string') return [];
    // The value follows its key; a nested key (image.alt) follows its parent's.
    let from = startOf(yaml);
    for (const key of path) from = Math.max(from, source.slice(0, end).search(new RegExp(`^\\s*${key}\\s*:`, 'm')));
    return [{ text: value, from, to: end }];
  });
}

/** Where a word of a piece of prose is in the source: its first whole-word occurrence between `from` and `to`, or -1. */
export function findWord(source: string, word: string, from: number, to: number): number {
  const isLetter = (char: string | undefined) => char !== undefined && /[\p{L}\p{M}\d'’-]/u.test(char);
  for (let index = source.indexOf(word, from); index !== -1 && index < to; index = source.indexOf(word, index + 1)) {
    if (!isLetter(source[index - 1]) && !isLetter(source[index + word.length])) return index;
  }
  return -1;
}
