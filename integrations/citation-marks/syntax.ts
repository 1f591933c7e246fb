/**
 * Pandoc's citation syntax, as Quarto and bookdown read it, in a run of text: `[@key]`, `[@key, p. 12]`, `[@a; @b]`
 * (parenthetical) and `@key` or `@key [p. 12]` (narrative, the author's name in the sentence). A key starts with a
 * letter, a digit or _ and goes on with letters, digits and :.#$%&-+?<>~/, a final punctuation mark left out.
 */

interface CitedItem {
  key: string;
  /** Where in the source: "p. 12", "pp. 33-35", "chapter 3". */
  locator?: string;
}

export type Piece = { text: string } | { items: CitedItem[]; narrative: boolean };

/** A citation key, as a regular expression's source. */
export const key = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_:.#$%&\-+?<>~/]*[\p{L}\p{N}_])?`;
/** `[@a, p. 12; @b]`: a bracketed list of cited items. */
const parenthetical = new RegExp(String.raw`\[(@${key}(?:,[^;\]]*)?(?:;\s*@${key}(?:,[^;\]]*)?)*)\]`, 'u');
/** `@key`, not part of a word or an email address, optionally with `[locator]` after it. */
const narrative = new RegExp(String.raw`(?<![\p{L}\p{N}_.@])@(${key})(?:\s\[([^\]@]+)\])?`, 'u');

/** Whether a bracket holding an @ is a citation the book reads (`[@a, p. 3; @b]`), not one written otherwise (`[see @a]`). */
export const isCitationList = (bracket: string): boolean => new RegExp(`^${parenthetical.source}$`, 'u').test(bracket);

function itemsOf(list: string): CitedItem[] {
  return list.split(';').map((part) => {
    const [, cited = '', locator] = new RegExp(String.raw`^\s*@(${key})(?:,\s*(.+?))?\s*$`, 'u').exec(part) ?? [];
    return locator ? { key: cited, locator } : { key: cited };
  });
}

/** Stands for an @ its source escapes (\@WHO), in the text citations are read from: no citation starts there. */
const escapedAt = '\uE000';

/**
 * The text with each @ its source escapes marked (Pandoc's \@, for a name such as \@WHO that is no citation): the parser
 * has dropped the backslash, so the escaped names are read from the text's source.
 */
export function markEscaped(text: string, source: string): string {
  const names = new Set([...source.matchAll(new RegExp(String.raw`\\@(${key})`, 'gu'))].map((found) => found[1]!));
  return names.size === 0
    ? text
    : text.replace(new RegExp(`@(${key})`, 'gu'), (written, name: string) => (names.has(name) ? escapedAt + name : written));
}

/** The text split into plain text and citations, in order; text without a citation comes back as one piece. */
export function citationsIn(text: string): Piece[] {
  const pieces: Piece[] = [];
  let rest = text;
  while (rest) {
    const bracketed = parenthetical.exec(rest);
    const named = narrative.exec(rest);
    const next = [bracketed, named].filter((match) => match !== null).sort((a, b) => a.index - b.index)[0];
    if (!next) break;
    if (next.index > 0) pieces.push({ text: rest.slice(0, next.index).replaceAll(escapedAt, '@') });
    if (next === bracketed) pieces.push({ items: itemsOf(next[1] ?? ''), narrative: false });
    else pieces.push({ items: [next[2] ? { key: next[1] ?? '', locator: next[2] } : { key: next[1] ?? '' }], narrative: true });
    rest = rest.slice(next.index + next[0].length);
  }
  if (rest) pieces.push({ text: rest.replaceAll(escapedAt, '@') });
  return pieces;
}
