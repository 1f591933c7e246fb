/**
 * Spelling of the chapters' prose against a British English dictionary (Hunspell's en_GB through
 * nspell: 'neighbourhood', 'per cent', 'organise') and the book's own word list.
 */
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import dictionary from 'dictionary-en-gb';
import nspell from 'nspell';
import { type Book, defineBookRule } from '../rule.ts';
import { shownPath, type SourceFile } from '../source-files.ts';
import type { Finding } from '../findings.ts';
import { findWord, proseOf } from '../prose.ts';
import { lettersIntact, notUtf8 } from './unreadable-characters.ts';

export interface Speller {
  isKnown: (word: string) => boolean;
  /** The dictionary's best guess at what was meant, if it has one. */
  suggest: (word: string) => string | undefined;
  /** Where a piece of prose uses another spelling than the book's one (the word list's `not` lines). */
  otherSpellings: (text: string) => OtherSpelling[];
}

/** A word list's line `megacities not mega-cities, mega cities`: the book's spelling, then the ones it does not use. */
export interface OneSpelling {
  spelling: string;
  others: string[];
}

/** Suggestions are slow (up to a quarter of a second a word): a file full of new names gets them for the first few only. */
const maxSuggestions = 25;

/**
 * The dictionary plus the word list: one word per line, # starts a comment. A word in lower case
 * is also accepted with a capital (at the start of a sentence); a capitalised word only as written.
 */
export function loadSpeller(wordList: string): Speller {
  const spell = dictionaryWith(wordList);
  const isKnown = (word: string): boolean => {
    const plain = word.replaceAll('’', "'");
    if (spell.correct(plain)) return true;
    // A possessive of a known word (Tikal's), and compounds whose parts are words (low-density).
    if (/'s$/i.test(plain) && spell.correct(plain.slice(0, -2))) return true;
    return plain.includes('-') && plain.split('-').every((part) => part === '' || isKnown(part));
  };
  const guesses = new Map<string, string | undefined>();
  const suggest = (word: string) => {
    if (!guesses.has(word) && guesses.size < maxSuggestions) {
      // A guess that differs only in capitals is a word-list name (urbanization → Urbanization), not what was meant.
      guesses.set(
        word,
        spell.suggest(word.replaceAll('’', "'")).find((guess) => guess.toLowerCase() !== word.toLowerCase()),
      );
    }
    return guesses.get(word);
  };
  return { isKnown, suggest, otherSpellings: spellingFinder(oneSpellings(wordList)) };
}

/** The dictionary with the word list's words, built again only when the list changes (the check runs on each save). */
let built: { wordList: string; spell: ReturnType<typeof nspell> } | undefined;
function dictionaryWith(wordList: string): ReturnType<typeof nspell> {
  if (built?.wordList !== wordList) {
    const spell = nspell({ aff: asBuffer(dictionary.aff), dic: asBuffer(dictionary.dic) });
    for (const word of listedWords(wordList)) spell.add(word);
    built = { wordList, spell };
  }
  return built.spell;
}

/** The word list's `<the book's spelling> not <another>, <another>` lines. */
export function oneSpellings(wordList: string): OneSpelling[] {
  return wordList.split(/\r?\n/).flatMap((line) => {
    const match = line.replace(/#.*/, '').match(/^\s*(\S.*?)\s+not\s+(\S.*?)\s*$/);
    return match ? [{ spelling: match[1]!, others: match[2]!.split(/\s*,\s*/) }] : [];
  });
}

/** nspell's types ask for Buffers; the dictionary package gives the same bytes as plain arrays. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The words of a word list: the first word of each line that is not a comment. */
export function listedWords(wordList: string): string[] {
  return wordList.split(/\r?\n/).flatMap((line) => {
    const word = line.replace(/#.*/, '').trim().split(/\s+/)[0];
    return word ? [word] : [];
  });
}

export interface Word {
  word: string;
  /** Where it starts in the text. */
  index: number;
}

const letter = '\\p{L}\\p{M}';
/** Letters (with their accents) and digits, joined by apostrophes or hyphens: world's, low-density, 10-year-old. Never a
 * mark alone, such as the selector that makes ☀ an emoji. */
const part = `[\\p{L}\\d][${letter}\\d]*`;
const wordPattern = new RegExp(`${part}(?:['’-]${part})*`, 'gu');
/** Addresses, email addresses and abbreviations with inner dots (geonames.org, e.g.): not prose. */
const notProse = new RegExp(`://|@|www\\.|[${letter}]\\.[${letter}]`, 'u');

/**
 * Authors' names in citations, which no dictionary knows: "Canuto MA, Estrada-Belli F, et al." in a
 * reference, "(Galea and Vlahov, 2005)" or "(Lentz et al., 2020)" in the text, and "et al." itself.
 */
const citationPatterns = [
  new RegExp(`(?<![${letter}])\\p{Lu}[${letter}'’-]+(?:\\s+\\p{Lu}[${letter}'’-]+)*\\s+\\p{Lu}{1,3}(?=[,.]|\\s+et al\\b)`, 'gu'),
  /\([^()]*?,\s*\d{4}[a-z]?\)/g,
  /\bet al\b/g,
];

/** The words of a piece of prose a dictionary can judge: no numbers, addresses, or names in citations. */
export function wordsToCheck(text: string): Word[] {
  const cited = citationPatterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const));
  const inCitation = (index: number) => cited.some(([start, end]) => index >= start && index < end);
  const words: Word[] = [];
  for (const chunk of text.matchAll(/\S+/g)) {
    if (notProse.test(chunk[0])) continue;
    for (const match of chunk[0].matchAll(wordPattern)) {
      const index = chunk.index + match.index;
      const word = match[0];
      if (/\d/.test(word)) continue;
      // Units with a Greek prefix: μg, µm.
      if (/^[µμ]\p{L}{1,2}$/u.test(word)) continue;
      if (inCitation(index) && (/^\p{Lu}/u.test(word) || /^(et|al)$/.test(word))) continue;
      words.push({ word, index });
    }
  }
  return words;
}

/** Every unknown word of every file's prose, with the dictionary's guess and where to add it if it is right. */
function checkSpelling(files: SourceFile[], speller: Speller, wordListName: string): Finding[] {
  const words = spellingWords(speller, wordListName);
  return files.flatMap((file) =>
    proseOf(file).flatMap(({ text, from, to }) => {
      const findings: Finding[] = speller.otherSpellings(text).map((found) => {
        const offset = findWord(file.source, found.other, from, to);
        return { file: file.file, ...file.at(offset === -1 ? from : offset), kind: 'spelling', message: words.other(found) };
      });
      let cursor = from;
      for (const { word } of wordsToCheck(text)) {
        const found = findWord(file.source, word, cursor, to);
        if (found !== -1) cursor = found + word.length;
        const message = words.unknown(word);
        if (message) findings.push({ file: file.file, ...file.at(found === -1 ? from : found), kind: 'spelling', message });
      }
      return findings;
    }),
  );
}

/** The check's words for another spelling of a word, and for a word the dictionary and the word list do not know. */
export function spellingWords(speller: Speller, wordListName: string) {
  return {
    other: ({ other, spelling }: OtherSpelling) => `"${other}": the book writes "${spelling}" (one spelling each, listed in ${wordListName}).`,
    unknown: (word: string): string | undefined => {
      if (speller.isKnown(word)) return undefined;
      const guess = speller.suggest(word);
      return `"${word}" is not in the dictionary.${guess ? ` Did you mean "${guess}"?` : ''} If it is spelt right (a name, a place, a term), add it to ${wordListName}.`;
    },
  };
}

/** Another spelling a piece of prose uses, as written there, with the book's spelling of it. */
export interface OtherSpelling {
  other: string;
  spelling: string;
}

/** Finds the other spellings in a piece of prose; each is made a pattern once, for every piece the check reads. */
export function spellingFinder(rules: OneSpelling[]): (text: string) => OtherSpelling[] {
  const patterns = rules.flatMap(({ spelling, others }) =>
    others.map((other) => {
      const escaped = other.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
      return { spelling, pattern: new RegExp(`(?<![${letter}\\d-])${escaped}(?![${letter}\\d-])`, 'giu') };
    }),
  );
  return (text) => patterns.flatMap(({ spelling, pattern }) => [...text.matchAll(pattern)].map((match) => ({ other: match[0], spelling })));
}

/** The book's word list, beside the chapters: each book (and each test book) has its own. */
export const wordListOf = (dir: string) => join(dir, 'words.txt');

/** The book's prose against the dictionary and its word list; a word list in another encoding, whose accented words would read wrongly. */
function checkBookSpelling({ files, dir, read }: Book): Finding[] {
  const wordList = wordListOf(dir);
  const bytes = read(wordList) ?? Buffer.alloc(0);
  const unreadable = isUtf8(bytes) ? [] : [notUtf8(shownPath(wordList), bytes)];
  return [...unreadable, ...checkSpelling(files.filter(lettersIntact), loadSpeller(bytes.toString('utf8')), shownPath(wordList))];
}

export default defineBookRule({
  checkBook: checkBookSpelling,
  help: {
    spelling: {
      about: ['See [the word list](writing-a-chapter.md#the-word-list).'],
      shows: [
        { rule: 'spelling', example: 1 },
        { rule: 'spelling', example: 2 },
      ],
    },
  },
  examples: {
    refused: [
      [
        { '02-second.mdx': 'Clean water prevents more disease than any single medecine.\n' },
        '"medecine" is not in the dictionary. Did you mean "medicine"?',
      ],
      [
        { '02-second.mdx': 'Children cross where the sidewalk ends.\n', 'words.txt': 'pavement not sidewalk\n' },
        '"sidewalk": the book writes "pavement"',
      ],
    ],
    accepted: [{ '02-second.mdx': 'Lidar maps every organised neighbourhood of Tikal.\n', 'words.txt': 'lidar\nTikal\n' }],
  },
});
