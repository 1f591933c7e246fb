/**
 * A figure or a ranking a student would quote, with no source to check it against: a sentence stating a per cent, a
 * count in thousands, millions or billions, a quantity with its unit, a trend bound to a year, or a ranking ("the
 * largest", "most", "the leading cause") needs a citation in its sentence, or in its paragraph when the paragraph cites
 * one source for all of it. A sentence that needs none says why in a note the report prints: {/* no citation: … *\/}.
 */
import { citationsIn, markEscaped } from '../../citation-marks/syntax.ts';
import type { Finding } from '../findings.ts';
import { join } from 'node:path';
import { wordPropsOf } from '../../../src/components/book/component-rules.ts';
import { type CslItem, parseBibtex } from '../../../src/lib/bibliography-loader.ts';
import { attributeOffset, attributeValue, type Node, startOf, textOf, walk } from '../mdast.ts';
import { type Book, defineBookRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** Stand for a citation and for an author's note in a paragraph's text, so neither is read as words or split. */
const cited = '\uE001';
const noted = '\uE002';

/** `{/* no citation: the reason *\/}`, the note that says a sentence needs none. */
const noCitationNote = /^\/\*\s*no citation(?: needed)?\s*(?::\s*([\s\S]*?))?\s*\*\/$/i;

const number = String.raw`\d+(?:[.,]\d+)*`;
/** A number written in words, as far as "ninety-nine". */
const wordNumber = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?`;
const counted = String.raw`(?:${number}|${wordNumber}|a|a hundred|hundreds|tens|several)`;
const year = String.raw`\b(?:1[5-9]\d\d|20\d\d)s?\b`;
const fraction = String.raw`(?:half|a third|a quarter|a fifth|a tenth|one[- ]third|one[- ]quarter|one[- ]fifth|one[- ]tenth|two[- ]thirds|three[- ]quarters|two[- ]fifths|three[- ]fifths)`;

/** What makes a sentence state a figure or a ranking, each with the words the message names it by. */
const claims: [pattern: RegExp, says: string][] = [
  [new RegExp(String.raw`\b(?:${number}|${wordNumber})[\s-]*(?:%|per\s?cent\b|percent\b|percentage points?\b)|\d\s*%`, 'i'), 'a per cent'],
  [
    new RegExp(
      String.raw`\b(?:more than|over|almost|nearly|about|around|less than|roughly|at least)\s+${fraction}\b|\b${fraction}\s+(?:of|the)\b|\b(?:one|two|three|four|five|six|seven|eight|nine)\s+(?:\w+\s+)?(?:in|out of)\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\b|\bmajority\b|\bevery (?:second|third|fourth|fifth|tenth)\b|\bby ${fraction}\b`,
      'i',
    ),
    'a share',
  ],
  [
    new RegExp(
      String.raw`\b${counted}[\s-]+(?:thousand|million|billion|trillion)s?\b|\b(?:thousands|hundreds|millions|billions)\b|\b\d{1,3}(?:[,\s\u00A0\u202F]\d{3})+\b|\b\d{5,}\b|\b\d+(?:\.\d+)?(?:m|\s?bn)\b|\b(?:${wordNumber}\s+hundred|a dozen|(?:ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?)\s+(?:\w+\s+)?(?:people|deaths|cases|cities|megacities|countries|children|residents|households|inhabitants)\b|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\s+of\s+(?:the|its|their)\b`,
      'i',
    ),
    'a count',
  ],
  [
    new RegExp(
      String.raw`\b${number}\s*(?:°\s?[CF]?|C\b|F\b|degrees?\b|km²|km\b|kilometres?\b|metres?\b|m²|m³|mm\b|cm\b|µg|μg|micrograms?\b|mg\b|kg\b|kilograms?\b|tonnes?\b|litres?\b|hectares?\b|kcal\b|calories\b|ppm\b|ppb\b|dB\b|decibels?\b|hours?\b|days?\b|weeks?\b|months?\b|years? of life\b|years?\s+(?:lower|higher|shorter|longer|less|more|younger|older|earlier|later)\b|deaths\b|cases\b|people\b|persons\b|inhabitants\b|residents\b|children\b|households\b|megacities\b|cities\b|countries\b|times\b)|\bper\s+(?:${number}|a (?:thousand|million))(?:[\s\u00A0\u202F]\d{3})*\b|\b(?:twice|(?:two|three|four|five|six|seven|eight|nine|ten) times)\b`,
      'i',
    ),
    'a quantity',
  ],
  [
    /\b(?:largest|biggest|greatest|highest|lowest|fastest|slowest|deadliest|poorest|richest|densest|worst|most)\b|\b(?:leading|top|single (?:largest|biggest)) (?:\w+ )?(?:causes?|sources?|risks?|drivers?|killers?)\b|\b(?:main|primary|principal) (?:causes?|killers?)\b|\bnumber one\b|\bthan any other\b|\b(?:bigger|larger|denser|poorer|richer|deadlier) than\b/i,
    'a ranking',
  ],
  [/\b(?:doubl(?:ed|ing)|tripl(?:ed|ing)|trebl(?:ed|ing)|quadrupl(?:ed|ing)|halv(?:ed|ing)|\w+fold)\b/i, 'a trend'],
];

/** A year, with a trend or another figure beside it: "grew from 10 in 1990 to 33 in 2018", "will rise by 2050". */
const trend =
  /\b(?:ris(?:e|es|en|ing)|rose|gr(?:ow|ows|ew|own|owing)|growth|f(?:all|alls|ell|allen|alling)|increas\w*|decreas\w*|declin\w*|reach(?:es|ed|ing)?|projected|projections?|expected to|overt(?:ake|akes|aken|ook)|surpass\w*|exceed\w*|climb\w*|drop\w*|soar\w*|plummet\w*|plung\w*|jump\w*|record)\b/i;

/** The book's own numbering (Figure 1, Chapter 3, Annex 1.2), which states nothing about the world. */
const bookNumbering = /\b(?:Figure|Map|Table|Chapter|Activity|Box|Annex|Slide|Section|Part|Goal|Target|SDG|step|page|p\.|pp\.)\s+\d+(?:[.–-]\d+)*/gi;

/** A day's date (18 November 2025, November 18, 2025): its day is no figure. */
const date =
  /\b\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{4}\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4}\b/g;

/** "Most" that ranks nothing: at most, most importantly, most of all. */
const idiom =
  /\b(?:at most|most importantly|most of all|for the most part|(?:the )?most (?:important|useful|relevant|interesting|helpful|striking|valuable)|groups? of \d+(?: or \d+)?)\b/gi;

/** A question the reader is asked, or an instruction: they state nothing. */
const askedOrTold =
  /\?["”’)]*\s*$|\b(?:this|the) (?:book|chapter|course|activity|essay|section|module|unit|session)\b|^\W*(?:[\w ]{1,30}:\s*)?(?:(?:for example|for instance),?\s+)?(?:suppose|if|say|work|take|spend|read|write|discuss|choose|list|ask|use|compare|find|think|name|follow|watch|try|look|describe|explain|consider|imagine|identify|map|visit|interview|draw|plan|make|note|keep|start|begin|open|see|check|count|share|pick|search|record|rank|estimate|walk|go)\b/i;

/** A source named in words, as on a slide: "(United Nations, 2023)", "Barton and Grant (2006)". */
const writtenCitation =
  /\(([\p{Lu}][^()]*?),\s*((?:1[89]|20)\d\d)[a-z]?(?:[;,][^()]*)?\)|([\p{Lu}][\p{L}'’-]+(?:\s(?:and|&)\s[\p{Lu}][\p{L}'’-]+|\set al\.)?)\s\(((?:1[89]|20)\d\d)[a-z]?\)/gu;

/** A question the reader is asked ("who is most exposed?"), which states no ranking. */
const askedRanking = /\b(?:who|which|what|where)\s+(?:\w+\s+)?(?:is|are|was|were)\s+(?:the\s+)?most\b/gi;

/** An entry of a list of sources written out, as on a slide: "Author. (2019). Title." or "(2022, April 4)." */
const writtenReference = /^[^()]+\.\s\((?:n\.d\.|(?:1[89]|20)\d\d[a-z]?(?:, [\p{Lu}][\p{Ll}]+(?: \d{1,2})?)?)\)\.\s/u;

/** What a sentence claims, in the message's words; none when it states no figure or ranking, or asks or tells the reader. */
export function claimIn(sentence: string): string | undefined {
  if (askedOrTold.test(sentence)) return undefined;
  const words = sentence.replaceAll(bookNumbering, ' ').replaceAll(date, ' ').replaceAll(idiom, ' ').replaceAll(askedRanking, ' ');
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
  for (const end of text.matchAll(new RegExp(`[.!?…]["”’)]*(?=\\s+[\\p{Lu}\\d"“‘(\\[*_${noted}]|${noted})`, 'gu'))) {
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

/** Whether the bibliography holds a source by that name (its first author's) and year, for a source named in words. */
type Known = (name: string, year: string) => boolean;

function knownSources(book: Book): Known {
  const bytes = book.read(join(book.dir, 'references.bib'));
  let entries: CslItem[] = [];
  try {
    entries = bytes ? parseBibtex(bytes.toString('utf8')) : [];
  } catch {
    // A bibliography that cannot be read is the bibliography rule's one mistake: no source is known meanwhile.
  }
  const normal = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
  // Each source as APA names it in the text: "galea & vlahov", "barton et al.", "world health organization".
  const named = new Set(
    entries.flatMap((entry) => {
      const authors = ((entry.author as { literal?: string; family?: string }[] | undefined) ?? []).map((author) =>
        normal(author.literal ?? author.family ?? ''),
      );
      const year = String(entry.issued?.['date-parts']?.[0]?.[0] ?? '');
      // Two authors as a parenthesis joins them ("&") and as a sentence does ("and").
      const names = authors.length > 2 ? [`${authors[0]} et al.`] : [authors.join(' & '), authors.join(' and ')];
      return names.map((name) => `${name} ${year}`);
    }),
  );
  return (name, year) => named.has(`${normal(name)} ${year}`);
}

interface Paragraph {
  text: string;
  pieces: Piece[];
  /** The sources it cites: keys, and sources named in words that the bibliography holds. */
  keys: Set<string>;
  /** Where in its text each source named in words that the bibliography holds is. */
  writtenAt: number[];
  reasons: string[];
}

/** A paragraph's words, its citations and notes as marks, and where each piece of it is in the file. */
function paragraphText(node: Node, source: string, known: Known): Paragraph {
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
  const writtenAt: number[] = [];
  for (const written of text.matchAll(writtenCitation)) {
    const [, name = written[3] ?? '', year = written[4] ?? ''] = written;
    if (!known(name, year)) continue;
    keys.add(`${name} ${year}`);
    writtenAt.push(written.index);
  }
  return { text, pieces, keys, writtenAt, reasons };
}

/** The shortest start of a sentence that still names it in a message. */
const named = (sentence: string) => {
  const words = sentence.replaceAll(cited, '').replaceAll(noted, '').replace(/\s+/g, ' ').trim();
  return words.length > 90 ? `${words.slice(0, 87).replace(/\s\S*$/, '')} …` : words;
};

/** A component that names its source in a prop (Figure, Slide, Embed): what it holds is sourced by it. */
const sourcedBy = (ancestors: readonly Node[]) => ancestors.some((ancestor) => Boolean(attributeValue(ancestor, 'source')));

/** A reason a reader of the report can follow: three words at least. */
const saysWhy = (reason: string) => reason.split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length >= 3;

const howToCite =
  'Cite the source that says it at the end of the sentence, as [@key] with its entry in chapters/references.bib; or, if it needs none, say why after it: {/* no citation: the reason */}.';

/** The words of a table, a heading or a prop, its citations left out, and whether it had any. */
function wordsOf(node: Node): { words: string; cites: boolean } {
  const pieces = citationsIn(textOf(node));
  return { words: pieces.map((piece) => ('text' in piece ? piece.text : ' ')).join(''), cites: pieces.some((piece) => 'items' in piece) };
}

function checkFile(file: SourceFile, known: Known): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  const found = (offset: number, message: string, kind: Finding['kind'] = 'claim') =>
    findings.push({ file: file.file, ...file.at(offset), kind, message });
  walk(file.tree, (node, ancestors) => {
    if (sourcedBy([...ancestors, node])) return;
    if (node.type === 'heading') {
      const claim = claimIn(wordsOf(node).words);
      if (claim)
        found(
          startOf(node),
          `The heading "${named(textOf(node))}" states ${claim}: a heading cannot cite its source. Keep the heading to its subject, and give the figure with its citation in the section's text.`,
        );
      return;
    }
    // A title the text inside it sources (a key figure's, a news annex's) is sourced with it.
    const props = node.name ? wordPropsOf(node.name) : [];
    for (const prop of props.length > 0 && !wordsOf(node).cites ? props : []) {
      const value = attributeValue(node, prop);
      const claim = value ? claimIn(value) : undefined;
      if (claim)
        found(
          attributeOffset(file.source, node, prop),
          `The ${prop} of <${node.name}> states ${claim}: a ${prop} cannot cite its source. Keep it to its subject, and give the figure with its citation in the text inside <${node.name}>.`,
        );
    }
    if (node.type === 'table') {
      const { words, cites } = wordsOf(node);
      const parent = ancestors.at(-1) ?? file.tree!;
      const at = parent.children?.indexOf(node) ?? -1;
      const beside = [parent.children?.[at - 1], parent.children?.[at + 1]].filter((sibling) => sibling?.type === 'paragraph');
      const claim = words
        .split(/\n|\|/)
        .map(claimIn)
        .find((kind) => kind);
      if (claim && !cites && !beside.some((sibling) => wordsOf(sibling!).cites))
        found(
          startOf(node),
          `This table states ${claim} with no source: readers cannot check it. Cite its source in the sentence just above or below it, as [@key] with its entry in chapters/references.bib.`,
        );
      return;
    }
    if (node.type !== 'paragraph' || ancestors.some((ancestor) => ancestor.type === 'table')) return;
    const { text, pieces, keys, writtenAt, reasons } = paragraphText(node, file.source, known);
    if (writtenReference.test(text)) return;
    const sentences = sentencesOf(text);
    const cites = sentences.map(
      ({ text: sentence, at }) => sentence.includes(cited) || writtenAt.some((index) => index >= at && index < at + sentence.length),
    );
    // A paragraph citing one source cites it for what comes before the citation: the source of its last sentence covers the paragraph.
    const lastCited = keys.size === 1 ? cites.lastIndexOf(true) : -1;
    let note = 0;
    sentences.forEach((sentence, index) => {
      const offset = pieces.findLast((piece) => piece.at <= sentence.at);
      const at = offset ? offset.offset + (sentence.at - offset.at) : startOf(node);
      const hasNote = sentence.text.includes(noted);
      const reason = hasNote ? (reasons[note++] ?? '') : '';
      const claim = claimIn(sentence.text.replaceAll(cited, ' ').replaceAll(noted, ' '));
      if (hasNote && !saysWhy(reason))
        found(
          at,
          `The note after "${named(sentence.text)}" says it needs no citation but not why. Write the reason after the colon, in a few words, as {/* no citation: the figure is this book's own count */}.`,
        );
      else if (hasNote) found(at, `"${named(sentence.text)}" needs no citation: ${reason}`, 'noted');
      else if (claim && !cites[index] && index > lastCited)
        found(at, `"${named(sentence.text)}" states ${claim} with no source: readers cannot check it. ${howToCite}`);
    });
  });
  return findings;
}

function checkSourcedClaims(book: Book): Finding[] {
  const known = knownSources(book);
  return book.files.flatMap((file) => checkFile(file, known));
}

export default defineBookRule({
  checkBook: checkSourcedClaims,
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
        withSources(
          'Cities grew faster than their sewers [@galea2005]. In 2020, 1.1 billion people lived in slums [@un2023].\n\nMost city dwellers will live in Asia and Africa.\n',
        ),
        '"Most city dwellers will live in Asia and Africa." states a ranking with no source',
      ],
      [
        withSources('Lagos grew from 4.8 million in 1990 to 13.4 million in 2015. Cairo grew too [@galea2005], as did Dhaka [@un2023].\n'),
        '"Lagos grew from 4.8 million in 1990 to 13.4 million in 2015." states a count with no source',
      ],
      [
        { '02-second.mdx': 'Nine out of ten people breathe polluted air. {/* no citation */}\n' },
        'The note after "Nine out of ten people breathe polluted air." says it needs no citation but not why.',
      ],
      [
        withSources('In 2020, 1.1 billion people lived in slums [@un2023]. A third of them had no safe water.\n'),
        '"A third of them had no safe water." states a share with no source',
      ],
      [
        { '02-second.mdx': 'Heat kills 489,000 people a year (WHO, 2024).\n' },
        '"Heat kills 489,000 people a year (WHO, 2024)." states a count with no source',
      ],
      [{ '02-second.mdx': '## Ninety per cent of cities flood\n\nText.\n' }, 'The heading "Ninety per cent of cities flood" states a per cent'],
    ],
    accepted: [
      withSources('In 2018, 55 per cent of the world lived in cities. Most of the growth will be in Asia and Africa [@galea2005].\n'),
      withSources('In 2020, 1.1 billion people lived in slums [@un2023].\n\nNine out of ten people breathe polluted air (United Nations, 2023).\n'),
      {
        '02-second.mdx':
          'Cities outran their sewers, as Chapter 3 shows; in 1854 John Snow traced cholera to a pump. The UN published its revision on 18 November 2025.\n\nWork in groups of 3 or 4 people. Which city is the largest in your country?\n',
      },
    ],
  },
});

/** An example chapter's text, in a book whose bibliography holds the sources it cites. */
function withSources(text: string) {
  const entries = {
    galea2005:
      '@article{galea2005,\n  author = {Galea, Sandro and Vlahov, David},\n  title = {Urban health: evidence, challenges, and directions},\n  journal = {Annual Review of Public Health},\n  year = {2005},\n  volume = {26},\n  pages = {341--365}\n}\n',
    un2023:
      '@report{un2023,\n  author = {{United Nations}},\n  title = {The Sustainable Development Goals report 2023},\n  institution = {United Nations},\n  year = {2023},\n  url = {https://unstats.un.org/sdgs/report/2023/}\n}\n',
  };
  const cites = (key: string) => text.includes(`@${key}`) || (key === 'un2023' && text.includes('United Nations, 2023'));
  return {
    '02-second.mdx': text,
    'references.bib': Object.entries(entries)
      .filter(([key]) => cites(key))
      .map(([, entry]) => entry)
      .join('\n'),
  };
}
