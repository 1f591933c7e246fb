/**
 * Figures and figure data whose source records a licence that forbids what the book's licence lets anyone do
 * (src/book.config.ts): a figure made for the book from them would be given under terms their owner refused. A
 * figure's licence is read from its `source` (", licensed CC BY-NC 4.0"), a data file's from its `licence` field, or
 * its `source` where it has none. Material shown unchanged keeps its own licence where the book's setting lists it.
 */
import { join } from 'node:path';
import { bookConfig, type LicenceUse } from '../../../src/book.config.ts';
import { bookLicence } from '../../../src/lib/licence.ts';
import type { Finding } from '../findings.ts';
import { attributeOffset, attributeValue, hasAttribute, walk } from '../mdast.ts';
import { type Book, defineBookRule } from '../rule.ts';
import { shownPath } from '../source-files.ts';

/** A licence a source records, as read from its words, and what it forbids of what licences may allow. */
interface Licence {
  /** As written: "CC BY-NC 4.0", "all rights reserved". */
  written: string;
  forbids: LicenceUse[];
}

/** Every licence the words name, held together to the strictest: all that any of them forbids. */
interface RecordedLicence extends Licence {
  /** Each licence named, in the order the words give them (one for each set of terms). */
  licences: Licence[];
}

const everyUse: LicenceUse[] = ['commercial use', 'adaptation', 'adaptations under other terms'];

/** Between a licence's terms, sources write a space or any dash: "CC BY-NC", "CC BY NC", "CC BY–NC", "CC BY‑NC", "CC BY−NC". */
const between = String.raw`(?:\s*[-\u2010\u2011\u2012\u2013\u2014\u2212]\s*|\s+)`;
/** Within one term, the same or nothing: "NonCommercial", "Non-Commercial", "Non Commercial". */
const within = `${between}?`;
/** A licence's version and where it applies, which name it but change nothing it forbids: "4.0 International", "3.0 IGO". */
const version = String.raw`(?:${between}\d+(?:\.\d+)?)?(?:${between}(?:International|IGO|Unported|Generic))?`;
/** The terms by their codes, "NC", and by their names, "NonCommercial". */
const codes = '(?:NC|ND|SA)';
const names = `(?:Non${within}Commercial|No${within}Deriv(?:ative)?s|Share${within}Alike)`;
/**
 * The Creative Commons licences by code ("CC BY-NC-SA 3.0 IGO", "CC-BY-4.0") or by name, "Creative Commons" in front
 * or, where terms follow, not ("Attribution-NonCommercial-ShareAlike 3.0 IGO"); then public domain and CC0; then
 * all rights reserved. Each ends where a word does, so "CCTV" and "attribution required" name none.
 */
const creativeCommons = new RegExp(
  String.raw`\b(?:CC|Creative${within}Commons)${between}BY((?:${between}${codes})*)${version}(?!\w)` +
    String.raw`|\bBY((?:${between}${codes})+)${version}(?!\w)` +
    String.raw`|(?:\bCreative${within}Commons${between}Attribution|\bAttribution(?=${between}${names}))((?:${between}${names})*)${version}(?!\w)`,
  'gi',
);
const free = /\b(?:CC[ -]?(?:0|zero)|public domain|no rights reserved)(?!\w)/gi;
const reserved = /\ball rights reserved\b/gi;
/** Terms in words, with no licence named: "for non-commercial use only". */
const nonCommercialOnly = /\bfor\s+non\W*commercial\s+(?:use|purposes)\s+only\b/gi;

/** What a Creative Commons licence's terms forbid, whether written as codes or as names. */
function forbiddenBy(terms: string): LicenceUse[] {
  const forbids: LicenceUse[] = [];
  if (/\bNC\b|non\W*commercial/i.test(terms)) forbids.push('commercial use');
  if (/\bND\b|no\W*deriv/i.test(terms)) forbids.push('adaptation');
  // ShareAlike: whoever adapts the work must license the adaptation under the same terms.
  if (/\bSA\b|share\W*alike/i.test(terms)) forbids.push('adaptations under other terms');
  return forbids;
}

/**
 * Every licence the words name, if they name any: a Creative Commons licence by its code or its name, public domain
 * (CC0), or "all rights reserved". Words naming two are held to both: "outlines licensed CC BY 4.0; data licensed
 * CC BY-NC-SA 3.0 IGO" forbid what CC BY-NC-SA forbids. A copyright sign alone says who holds the rights, not what
 * they allow: none.
 */
export function recordedLicence(words: string): RecordedLicence | undefined {
  const found = [
    ...[...words.matchAll(creativeCommons)].map((match) => ({
      at: match.index,
      written: match[0],
      forbids: forbiddenBy(match[1] ?? match[2] ?? match[3] ?? ''),
    })),
    ...[...words.matchAll(free)].map((match) => ({ at: match.index, written: match[0], forbids: [] as LicenceUse[] })),
    ...[...words.matchAll(reserved)].map((match) => ({ at: match.index, written: match[0], forbids: everyUse })),
    ...[...words.matchAll(nonCommercialOnly)].map((match) => ({ at: match.index, written: match[0], forbids: ['commercial use'] as LicenceUse[] })),
  ].sort((a, b) => a.at - b.at);
  if (found.length === 0) return undefined;
  // The same terms named twice, as by a licence's name and then its code in brackets, are one licence.
  const licences: Licence[] = [];
  for (const { written, forbids } of found)
    if (!licences.some((licence) => licence.forbids.join() === forbids.join())) licences.push({ written, forbids });
  return {
    written: licences.map((licence) => licence.written).join(' and '),
    forbids: everyUse.filter((use) => licences.some((licence) => licence.forbids.includes(use))),
    licences,
  };
}

/** What the book's licence allows that a recorded licence forbids: none where the source may become a figure of the book's. */
export const conflicts = (recorded: RecordedLicence): LicenceUse[] => recorded.forbids.filter((use) => bookLicence.allows.includes(use));

/** Where the charts' data are kept (src/figures/ draws them). */
const dataFolder = 'src/data/figures';
/** Words by which a figure's source says it was made for the book, not shown as its owner made it. */
const madeForTheBook = /\bfor (?:this|the) book\b|\badapted\b|\bredrawn\b|\bafter\b|\bdrawn\b|\bbased on\b|\bmade from\b|\bcompiled\b|\bcombined\b/i;

/** "commercial use and adaptation". */
const listed = (uses: string[]) => (uses.length > 1 ? `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}` : (uses[0] ?? ''));

/** What is wrong, in the words of a finding: the licences that forbid it, what they forbid that the book allows. */
function clash(recorded: RecordedLicence, forbidden: LicenceUse[]) {
  const refusing = recorded.licences.filter((licence) => licence.forbids.some((use) => forbidden.includes(use)));
  // "licensed CC BY-NC 4.0 and CC BY-ND 4.0", "all rights reserved and licensed CC BY-NC 4.0".
  const named = refusing.map((licence, at) => {
    const licensed = !/^all rights/i.test(licence.written);
    const again = licensed && at > 0 && !/^all rights/i.test(refusing[at - 1]!.written);
    return `${licensed && !again ? 'licensed ' : ''}${licence.written}`;
  });
  const forbid = refusing.length > 1 ? 'which together forbid' : 'which forbids';
  return `is ${listed(named)}, ${forbid} ${listed(forbidden)}; the book's licence (${bookLicence.short}) allows anyone that`;
}

/** The fix when the book makes something of the source: a source that allows it, or the original shown as it is. */
const useAnother = 'Use a source whose licence allows it (CC BY, CC0 or public domain), or ask its owner for another licence and record that one';

/**
 * What is wrong with showing a work whose source is `source` (a Figure's or a Slide's, a cover's credit), if anything:
 * `made`, the book makes something of it; `prop`, where its source is written, for the fix.
 */
function clashOf(source: string, label: string, made: boolean, prop: string): string | undefined {
  const recorded = recordedLicence(source);
  const forbidden = recorded ? conflicts(recorded) : [];
  if (!recorded || forbidden.length === 0) return undefined;
  const own = bookConfig.thirdParty.find((material) => source.includes(material.named));
  if (!made && own) return undefined;
  const fix = made
    ? `${label} is made for the book from it, so it would be given under the book's licence. ${useAnother} in ${prop}.`
    : `${label} shows it unchanged: list it in src/book.config.ts under thirdParty, with the words its source names it by in \`named\`, so that it keeps its own licence; or ${useAnother[0]!.toLowerCase()}${useAnother.slice(1)} in ${prop}.`;
  return `${label}'s source ${clash(recorded, forbidden)}. ${fix}`;
}

function checkLicences(book: Book): Finding[] {
  const findings: Finding[] = [];
  for (const file of book.files) {
    if (!file.tree) continue;
    walk(file.tree, (node) => {
      if (node.name !== 'Figure' && node.name !== 'Slide') return;
      const source = attributeValue(node, 'source');
      if (!source) return;
      const label = node.name === 'Slide' ? `Slide ${attributeValue(node, 'number') ?? ''}`.trim() : (attributeValue(node, 'label') ?? 'This figure');
      const message = clashOf(source, label, hasAttribute(node, 'chart') || madeForTheBook.test(source), 'source="…"');
      if (message) findings.push({ file: file.file, ...file.at(attributeOffset(file.source, node, 'source')), kind: 'licence', message });
    });
    // A page's picture, credited in its frontmatter.
    const credit = (file.frontmatter as { image?: { credit?: unknown } } | undefined)?.image?.credit;
    const message = typeof credit === 'string' ? clashOf(credit, "The page's picture", madeForTheBook.test(credit), 'image.credit') : undefined;
    if (message) {
      const line = file.source.split('\n').findIndex((text) => /^\s*credit\s*:/.test(text)) + 1;
      findings.push({ file: file.file, line: Math.max(line, 1), column: 1, kind: 'licence', message });
    }
  }
  const folder = join(book.project, dataFolder);
  for (const name of book.list(folder).filter((name) => name.endsWith('.json'))) {
    const path = join(folder, name);
    const text = book.read(path)?.toString('utf8') ?? '';
    let data: { licence?: unknown; source?: unknown };
    try {
      data = JSON.parse(text) as typeof data;
    } catch {
      continue;
    }
    const field = typeof data.licence === 'string' ? 'licence' : 'source';
    const written = data[field];
    const recorded = typeof written === 'string' ? recordedLicence(written) : undefined;
    const forbidden = recorded ? conflicts(recorded) : [];
    if (!recorded || forbidden.length === 0) continue;
    const offset = Math.max(0, text.indexOf(`"${field}"`));
    const before = text.slice(0, offset).split('\n');
    findings.push({
      file: shownPath(path),
      line: before.length,
      column: before.at(-1)!.length + 1,
      kind: 'licence',
      message: `The data of ${name} ${clash(recorded, forbidden)}, and the book draws a figure from them. ${useAnother} in its "licence" field.`,
    });
  }
  return findings;
}

/** A chapter showing a figure as written, and the data files given; the names in the examples are in its word list. */
const showing = (figure: string, data: Record<string, string> = {}) => ({
  '02-second.mdx': `Cities grew.\n\n${figure}\n`,
  'words.txt': 'DESA\nIGO\nRosling\nUrbanization\n',
  ...Object.fromEntries(Object.entries(data).map(([name, text]) => [`../${dataFolder}/${name}`, text])),
});
const chart = (source: string) =>
  `<Figure label="Figure 1" chart="urban-rural-population" caption="The urban and rural population." source="${source}" />`;
const picture = (source: string) =>
  `<Figure label="Figure 1" caption="Three yellow buildings." source="${source}">\n\n![Three yellow buildings on a dark blue background.](./images/cover.svg)\n\n</Figure>`;
const data = (fields: Record<string, string>) => `${JSON.stringify({ ...fields, rows: [] }, null, 2)}\n`;

export default defineBookRule({
  checkBook: checkLicences,
  help: {
    sourceLicence: {
      about: [
        `The book is under its own licence (${bookLicence.short}, set in \`src/book.config.ts\`), which lets anyone share and adapt it, also for money. A figure drawn or adapted for the book from a source whose licence forbids that (NC: no commercial use; ND: no adaptations; SA: adaptations only under the same licence; all rights reserved) cannot be given under it.`,
        'A picture shown exactly as its owner made it may keep its own licence: list it under `thirdParty` in `src/book.config.ts`, and it is named in `LICENSE-CONTENT.md` too.',
      ],
      shows: [1, 2, 3].map((example) => ({ rule: 'licences', example })),
    },
  },
  examples: {
    refused: [
      [showing(chart('World Bank (2020). Urban population, licensed CC BY-NC 4.0.')), "Figure 1's source is licensed CC BY-NC 4.0"],
      [
        showing(picture('A photograph by Jane Smith, licensed CC BY-ND 4.0.')),
        "Figure 1's source is licensed CC BY-ND 4.0, which forbids adaptation; the book's licence (CC BY 4.0) allows anyone that. Figure 1 shows it unchanged",
      ],
      [
        showing('', { 'slums.json': data({ source: 'A survey of slums (2020).', licence: 'CC BY-SA 4.0' }) }),
        'The data of slums.json is licensed CC BY-SA 4.0, which forbids adaptations under other terms',
      ],
      [showing(picture('Drawn for this book, after a map by Jane Smith (2019), all rights reserved.')), "Figure 1's source is all rights reserved"],
      // A source naming two licences is held to both.
      [
        showing(chart('Outlines from Natural Earth, licensed CC BY 4.0; data from WHO (2021), licensed CC BY-NC-SA 3.0 IGO.')),
        "Figure 1's source is licensed CC BY-NC-SA 3.0 IGO, which forbids commercial use and adaptations under other terms",
      ],
    ],
    accepted: [
      showing(chart('UN DESA (2018). World Urbanization Prospects: The 2018 Revision, licensed CC BY 3.0 IGO.')),
      showing(picture('Drawn for this book, after a map in the public domain.')),
      // Shown unchanged, and listed in the book's setting as keeping its own licence.
      showing(picture('A still from Hans Rosling, TED (2006), licensed CC BY-NC-ND 4.0.')),
      showing('', { 'slums.json': data({ source: 'A survey of slums (2020).', licence: 'CC0' }) }),
    ],
  },
});
