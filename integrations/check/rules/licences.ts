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
interface RecordedLicence {
  /** As written: "CC BY-NC 4.0", "all rights reserved". */
  written: string;
  forbids: LicenceUse[];
}

const everyUse: LicenceUse[] = ['commercial use', 'adaptation', 'adaptations under other terms'];

/**
 * The licence the words name, if they name one: a Creative Commons licence by its code or its name, public domain
 * (CC0), or "all rights reserved". A copyright sign alone says who holds the rights, not what they allow: none.
 */
export function recordedLicence(words: string): RecordedLicence | undefined {
  const code = /\bCC[ -]BY((?:[ -](?:NC|ND|SA))*)(?:[ -]\d\.\d)?(?:[ -]IGO)?(?![\w-])/i.exec(words);
  const long =
    /\bCreative Commons Attribution((?:[ -](?:NonCommercial|NoDerivatives|NoDerivs|ShareAlike))*)(?:[ -]\d\.\d)?(?: International| IGO)?/i.exec(
      words,
    );
  const found = code ?? long;
  if (found) {
    const terms = new Set(found[1]!.toUpperCase().split(/[ -]+/));
    const forbids: LicenceUse[] = [];
    if (terms.has('NC') || terms.has('NONCOMMERCIAL')) forbids.push('commercial use');
    if (terms.has('ND') || terms.has('NODERIVATIVES') || terms.has('NODERIVS')) forbids.push('adaptation');
    // ShareAlike: whoever adapts the work must license the adaptation under the same terms.
    if (terms.has('SA') || terms.has('SHAREALIKE')) forbids.push('adaptations under other terms');
    return { written: found[0], forbids };
  }
  const reserved = /\ball rights reserved\b/i.exec(words);
  if (reserved) return { written: reserved[0], forbids: everyUse };
  const free = /\b(CC0|public domain)\b/i.exec(words);
  return free ? { written: free[0], forbids: [] } : undefined;
}

/** What the book's licence allows that a recorded licence forbids: none where the source may become a figure of the book's. */
export const conflicts = (recorded: RecordedLicence): LicenceUse[] => recorded.forbids.filter((use) => bookLicence.allows.includes(use));

/** Where the charts' data are kept (src/figures/ draws them). */
const dataFolder = 'src/data/figures';
/** Words by which a figure's source says it was made for the book, not shown as its owner made it. */
const madeForTheBook = /\bfor (?:this|the) book\b|\badapted\b|\bredrawn\b|\bafter\b/i;

/** "commercial use and adaptation". */
const listed = (uses: string[]) => (uses.length > 1 ? `${uses.slice(0, -1).join(', ')} and ${uses.at(-1)}` : (uses[0] ?? ''));

/** What is wrong, in the words of a finding: the licence, what it forbids that the book allows. */
const clash = (recorded: RecordedLicence, forbidden: string[]) =>
  `is ${/^all rights/i.test(recorded.written) ? '' : 'licensed '}${recorded.written}, which forbids ${listed(forbidden)}; the book's licence (${bookLicence.short}) allows anyone that`;

/** The fix when the book makes something of the source: a source that allows it, or the original shown as it is. */
const useAnother = 'Use a source whose licence allows it (CC BY, CC0 or public domain), or ask its owner for another licence and record that one';

function checkLicences(book: Book): Finding[] {
  const findings: Finding[] = [];
  for (const file of book.files) {
    if (!file.tree) continue;
    walk(file.tree, (node) => {
      if (node.name !== 'Figure') return;
      const source = attributeValue(node, 'source');
      const recorded = source === undefined ? undefined : recordedLicence(source);
      const forbidden = recorded ? conflicts(recorded) : [];
      if (!source || !recorded || forbidden.length === 0) return;
      const label = attributeValue(node, 'label') ?? 'This figure';
      const made = hasAttribute(node, 'chart') || madeForTheBook.test(source);
      const own = bookConfig.thirdParty.find((material) => source.includes(material.named));
      if (!made && own) return;
      const fix = made
        ? `${label} is made for the book from it, so it would be given under the book's licence. ${useAnother} in source="…".`
        : `${label} shows it unchanged: list it in src/book.config.ts under thirdParty, with the words its source names it by in \`named\`, so that it keeps its own licence; or ${useAnother[0]!.toLowerCase()}${useAnother.slice(1)} in source="…".`;
      findings.push({
        file: file.file,
        ...file.at(attributeOffset(file.source, node, 'source')),
        kind: 'licence',
        message: `${label}'s source ${clash(recorded, forbidden)}. ${fix}`,
      });
    });
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
