/**
 * A figure or a ranking a student would quote, with no source to check it against: a sentence stating a per cent, a
 * count in thousands, millions or billions, a quantity with its unit, a trend bound to a year, or a ranking ("the
 * largest", "most", "the leading cause") needs a citation in its sentence, or in its paragraph when the paragraph cites
 * one source for all of it. A sentence that needs none says why in a note the report prints: {/* no citation: … *\/}.
 */
import { citationsIn, markEscaped } from '../../citation-marks/syntax.ts';
import type { Finding } from '../findings.ts';
import { attributeValue, type Node, startOf, walk } from '../mdast.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** Stand for a citation and for an author's note in a paragraph's text, so neither is read as words or split. */
const cited = '\uE001';
const noted = '\uE002';

/** `{/* no citation: the reason *\/}`, the note that says a sentence needs none. */
const noCitationNote = /^\/\*\s*no citation(?: needed)?\s*(?::\s*([\s\S]*?))?\s*\*\/$/i;

const number = String.raw`\d+(?:[.,]\d+)*`;
const counted = String.raw`(?:${number}|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a hundred|hundreds|tens|several)`;
const year = String.raw`\b(?:1[5-9]\d\d|20\d\d)s?\b`;

/** What makes a sentence state a figure or a ranking, each with the words the message names it by. */
const claims: [pattern: RegExp, says: string][] = [
  [new RegExp(String.raw`\b${number}\s*(?:%|per\s?cent\b|percent\b|percentage points?\b)`, 'i'), 'a per cent'],
  [
    new RegExp(
      String.raw`\b${counted}[\s-]+(?:thousand|million|billion|trillion)s?\b|\b(?:thousands|millions|billions) of\b|\b\d{1,3}(?:,\d{3})+\b|\b\d{5,}\b`,
      'i',
    ),
    'a count',
  ],
  [
    new RegExp(
      String.raw`\b${number}\s*(?:°\s?[CF]\b|degrees?\b|km²|km\b|kilometres?\b|metres?\b|m²|m³|mm\b|µg|μg|micrograms?\b|kg\b|kilograms?\b|tonnes?\b|litres?\b|hectares?\b|kcal\b|calories\b|years? of life\b|deaths\b|cases\b|people\b|inhabitants\b|residents\b|children\b|households\b|megacities\b|cities\b|countries\b|times\b)|\b(?:twice|(?:three|four|five|ten) times)\b`,
      'i',
    ),
    'a quantity',
  ],
  [
    /\b(?:more than|over|almost|nearly|about|around|less than|roughly|at least)\s+(?:half|a (?:third|quarter|fifth|tenth)|two[- ]thirds|three[- ]quarters)\b|\b(?:one|two|three|four|five|six|seven|eight|nine) (?:in|out of) (?:two|three|four|five|six|seven|eight|nine|ten|\d+)\b|\bmajority\b/i,
    'a share',
  ],
  [
    /\b(?:largest|biggest|greatest|highest|lowest|fastest|slowest|deadliest|poorest|richest|densest|worst|most)\b|\b(?:leading|main|primary|principal|single (?:largest|biggest)) (?:causes?|sources?|risks?|drivers?|killers?)\b/i,
    'a ranking',
  ],
];

/** A year, with a trend or another figure beside it: "grew from 10 in 1990 to 33 in 2018", "will double by 2050". */
const trend =
  /\b(?:ris(?:e|es|en|ing)|rose|gr(?:ow|ows|ew|own|owing)|growth|f(?:all|alls|ell|allen|alling)|doubl\w*|tripl\w*|quadrupl\w*|halv\w*|increas\w*|decreas\w*|declin\w*|reach(?:es|ed|ing)?|projected|projections?|expected to|overt(?:ake|akes|aken|ook)|surpass\w*|exceed\w*)\b/i;

/** The book's own numbering (Figure 1, Chapter 3, Annex 1.2), which states nothing about the world. */
const bookNumbering = /\b(?:Figure|Map|Table|Chapter|Activity|Box|Annex|Slide|Section|Part|Goal|Target|SDG|step|page|p\.|pp\.)\s+\d+(?:[.–-]\d+)*/gi;

/** A source named in words, as on a slide: "(United Nations, 2023)", "Barton and Grant (2006)". */
const writtenCitation =
  /\([\p{Lu}][^()]*?,\s*(?:1[89]|20)\d\d[a-z]?(?:[;,][^()]*)?\)|[\p{Lu}][\p{L}'’-]+(?:\s(?:and|&)\s[\p{Lu}][\p{L}'’-]+|\set al\.)?\s\((?:1[89]|20)\d\d[a-z]?\)/u;

/** A question the reader is asked ("who is most exposed?"), which states no ranking. */
const askedRanking = /\b(?:who|which|what|where)\s+(?:\w+\s+)?(?:is|are|was|were)\s+(?:the\s+)?most\b/gi;

/** An entry of a list of sources written out, as on a slide: "Author. (2019). Title." or "(2022, April 4)." */
const writtenReference = /^[^()]+\.\s\((?:n\.d\.|(?:1[89]|20)\d\d[a-z]?(?:, [\p{Lu}][\p{Ll}]+(?: \d{1,2})?)?)\)\.\s/u;

/** What a sentence claims, in the message's words; none when it states no figure or ranking. */
export function claimIn(sentence: string): string | undefined {
  const words = sentence.replaceAll(bookNumbering, ' ').replaceAll(askedRanking, ' ');
  const found = claims.find(([pattern]) => pattern.test(words));
  if (found) return found[1];
  if (new RegExp(year).test(words) && (trend.test(words) || /\b\d+(?:[.,]\d+)*\b/.test(words.replace(new RegExp(year, 'g'), ' '))))
    return 'a trend bound to a year';
  return undefined;
}

/** Words that end with a full stop but not a sentence. */
const abbreviation = /\b(?:e\.g|i\.e|et al|etc|c|ca|approx|Dr|St|No|vs|p|pp|Fig|Mr|Mrs|Ms|Prof)\.$/;

interface Sentence {
  text: string;
  /** Where it starts in the paragraph's text. */
  at: number;
}

/** A paragraph's text cut into sentences: after . ! ? (and a closing quote or bracket), before a capital, a digit or an opening mark. */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const end of text.matchAll(new RegExp(`[.!?…]["”’)]*(?=\\s+[\\p{Lu}\\d"“‘(\\[*_${noted}])`, 'gu'))) {
    const cut = end.index + end[0].length;
    if (abbreviation.test(text.slice(start, end.index + 1))) continue;
    sentences.push({ text: text.slice(start, cut), at: start });
    start = cut;
  }
  sentences.push({ text: text.slice(start), at: start });
  // An author's note written just after a sentence's full stop belongs to that sentence.
  return sentences
    .map(({ text: sentence, at }) => ({ text: sentence.trimStart(), at: at + sentence.length - sentence.trimStart().length }))
    .filter(({ text: sentence }) => sentence.length > 0)
    .reduce<Sentence[]>((joined, sentence) => {
      const previous = joined.at(-1);
      if (previous && sentence.text.startsWith(noted)) {
        previous.text += ` ${noted}`;
        const rest = sentence.text.slice(1).trimStart();
        if (rest) joined.push({ text: rest, at: sentence.at + sentence.text.length - rest.length });
      } else joined.push(sentence);
      return joined;
    }, []);
}

interface Piece {
  /** Where in the paragraph's text. */
  at: number;
  /** Where in the file. */
  offset: number;
}

/** A paragraph's words, its citations and notes as marks, and where each piece of it is in the file. */
function paragraphText(node: Node, source: string): { text: string; pieces: Piece[]; keys: Set<string>; reasons: string[] } {
  let text = '';
  const pieces: Piece[] = [];
  const keys = new Set<string>();
  const reasons: string[] = [];
  const add = (words: string, offset: number) => {
    pieces.push({ at: text.length, offset });
    text += words;
  };
  walk(node, (child, ancestors) => {
    // Words inside a link or an emphasis are the leaves' own: read once, at the leaf.
    if (ancestors.some((ancestor) => ancestor.type === 'footnoteDefinition' || ancestor.type === 'image')) return;
    if (child.type === 'text' && child.value) {
      for (const piece of citationsIn(markEscaped(child.value, source.slice(startOf(child), child.position?.end.offset)))) {
        if ('text' in piece) add(piece.text, startOf(child) + Math.max(0, child.value.indexOf(piece.text.slice(0, 12))));
        else {
          for (const item of piece.items) keys.add(item.key);
          add(cited, startOf(child));
        }
      }
    }
    if (child.type === 'inlineCode' && child.value) add(child.value, startOf(child));
    if (child.type === 'mdxTextExpression') {
      const note = noCitationNote.exec(child.value ?? '');
      if (note) {
        reasons.push(note[1]?.trim() ?? '');
        add(noted, startOf(child));
      }
    }
  });
  const written = text.match(new RegExp(writtenCitation.source, 'gu')) ?? [];
  for (const name of written) keys.add(name);
  return { text, pieces, keys, reasons };
}

/** The shortest start of a sentence that still names it in a message. */
const named = (sentence: string) => {
  const words = sentence.replaceAll(cited, '').replaceAll(noted, '').replace(/\s+/g, ' ').trim();
  return words.length > 90 ? `${words.slice(0, 87).replace(/\s\S*$/, '')} …` : words;
};

/** A component that names its source in a prop (Figure, Slide, Embed): what it holds is sourced by it. */
const sourcedBy = (ancestors: readonly Node[]) => ancestors.some((ancestor) => Boolean(attributeValue(ancestor, 'source')));

function checkSourcedClaims(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  walk(file.tree, (node, ancestors) => {
    if (node.type !== 'paragraph' || sourcedBy(ancestors)) return;
    const { text, pieces, keys, reasons } = paragraphText(node, file.source);
    if (writtenReference.test(text)) return;
    // One source for the whole paragraph sources every sentence in it.
    const oneSource = keys.size === 1;
    let note = 0;
    for (const sentence of sentencesOf(text)) {
      const offset = [...pieces].reverse().find((piece) => piece.at <= sentence.at);
      const at = file.at(offset ? offset.offset + (sentence.at - offset.at) : startOf(node));
      const hasNote = sentence.text.includes(noted);
      const reason = hasNote ? reasons[note++] : undefined;
      const claim = claimIn(sentence.text.replaceAll(cited, ' ').replaceAll(noted, ' '));
      if (hasNote && !reason)
        findings.push({
          file: file.file,
          ...at,
          kind: 'claim',
          message: `The note after "${named(sentence.text)}" says it needs no citation but not why. Write the reason after the colon, as {/* no citation: the figure is this book's own count */}.`,
        });
      else if (hasNote) findings.push({ file: file.file, ...at, kind: 'noted', message: `"${named(sentence.text)}" needs no citation: ${reason}` });
      else if (claim && !oneSource && !sentence.text.includes(cited) && !writtenCitation.test(sentence.text))
        findings.push({
          file: file.file,
          ...at,
          kind: 'claim',
          message: `"${named(sentence.text)}" states ${claim} with no source: readers cannot check it. Cite the source that says it at the end of the sentence, as [@key] with its entry in chapters/references.bib; or, if it needs none, say why after it: {/* no citation: the reason */}.`,
        });
    }
  });
  return findings;
}

export default defineRule({
  check: checkSourcedClaims,
  help: {
    unsourcedClaim: {
      about: [
        'A sentence that states a per cent, a count (thousands, millions, billions), a quantity with its unit, a trend bound to a year, or a ranking ("the largest", "most", "the leading cause") cites its source in the sentence, or its paragraph cites one source for all of it. A figure, a slide or a video that names its `source` covers what it holds.',
        "A sentence that needs no source (the book's own count of its chapters, a worked example with made-up numbers) says why in a note after it, `{/* no citation: the reason */}`: readers do not see it; the check prints the reason in its report.",
      ],
      shows: [{ build: 'unsourced-figure' }, { rule: 'sourcedClaims', example: 1 }, { rule: 'sourcedClaims', example: 3 }],
    },
  },
  examples: {
    refused: [
      [
        'Cities grew faster than their sewers [@galea2005]. In 2020, 1.1 billion people lived in slums [@un2023].\n\nMost city dwellers will live in Asia and Africa.\n',
        '"Most city dwellers will live in Asia and Africa." states a ranking with no source',
      ],
      [
        'Lagos doubled in size between 1990 and 2015. Cairo grew too [@galea2005], as did Dhaka [@un2023].\n',
        '"Lagos doubled in size between 1990 and 2015." states a trend bound to a year with no source',
      ],
      [
        'Nine out of ten people breathe polluted air. {/* no citation */}\n',
        'The note after "Nine out of ten people breathe polluted air." says it needs no citation but not why.',
      ],
      [
        '- About 40 per cent of the city lives in informal settlements.\n',
        '"About 40 per cent of the city lives in informal settlements." states a per cent with no source',
      ],
    ],
    accepted: [
      'In 2018, 55 per cent of the world lived in cities [@undesa2019]. Most of the growth will be in Asia and Africa.\n',
      'Nine out of ten people breathe polluted air (World Health Organization, 2018).\n',
      'Cities outran their sewers, as Chapter 3 shows; in 1854 John Snow traced cholera to a pump. Figure 1 and Activity 2 follow.\n',
    ],
  },
});
