/**
 * How long a page takes to read, from the words a reader sees: its MDX source without the markup,
 * so the text inside boxes, activities and tips counts, and addresses, image files and code do not.
 */

/** Words a minute of an average adult reading for study (the figure Starlight and Medium use too). */
const wordsPerMinute = 200;

/** A JSX or HTML tag, with its attributes (quoted, or in braces), possibly over several lines. */
const tag = /<\/?[A-Za-z][\w.:-]*((?:\s+[\w:.-]+(?:=(?:"[^"]*"|'[^']*'|\{[^{}]*\}))?)*)\s*\/?>/g;
/** A quoted attribute value. */
const quoted = /=(?:"([^"]*)"|'([^']*)')/g;
/** A link or image destination, with one level of parentheses inside (DOIs have them) and an optional title. */
const destination = /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g;
/** A word: letters or digits, joined by an apostrophe, a hyphen or a decimal point or comma (world's, UN-Habitat, 2,000). */
const word = /[\p{L}\p{N}]+(?:['’.,-][\p{L}\p{N}]+)*/gu;

/**
 * The text a reader sees in an MDX page. Of a component's props, only prose is kept (a value with a
 * space: a title, a caption); single words are names and addresses (kind="video", src="/x").
 */
export function readableText(mdx: string): string {
  return mdx
    .replace(/^(?:import|export)\s.*$/gm, '')
    .replace(/<!--[\s\S]*?-->|\{\/\*[\s\S]*?\*\/\}/g, '')
    .replace(/!\[[^\]]*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g, '')
    .replace(destination, ']')
    .replace(tag, (_, attributes: string) =>
      [...attributes.matchAll(quoted)]
        .map((m) => m[1] ?? m[2] ?? '')
        .filter((value) => /\s/.test(value.trim()))
        .join(' '),
    )
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ');
}

/** The number of words in a text. */
export const countWords = (text: string): number => text.match(word)?.length ?? 0;

/** Minutes to read this many words: rounded, and never less than one. */
export const readingMinutes = (words: number, perMinute: number = wordsPerMinute): number => Math.max(1, Math.round(words / perMinute));

/** Minutes to read an MDX page. */
export const readingTimeOf = (mdx: string): number => readingMinutes(countWords(readableText(mdx)));
