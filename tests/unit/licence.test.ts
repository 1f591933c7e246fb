/**
 * The book's licence: one sentence built from its setting, which every page and edition shows; and the terms of a
 * licence as a source records it, which the author check holds the book's figures to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookConfig } from '../../src/book.config.ts';
import { licenceSentence, licenceText, rightsStatement } from '../../src/lib/licence.ts';
import licences, { conflicts, recordedLicence } from '../../integrations/check/rules/licences.ts';
import { exampleBookOf } from '../../integrations/check/rule.ts';
import { sourceFile } from '../../integrations/check/source-files.ts';
import { join } from 'node:path';

describe("the book's licence", () => {
  it('is one sentence naming the licence of the setting, its name whole inside it (what a page links)', () => {
    const { before, name, after } = licenceSentence();
    expect(`${before}${name}${after}`).toBe(licenceText());
    expect(name).toContain(bookConfig.licence.name);
    expect(name).toContain(`(${bookConfig.licence.short})`);
    expect(licenceText()).not.toMatch(/[{}]/);
    expect(rightsStatement('© 2025 Ana Pérez')).toBe(`© 2025 Ana Pérez. ${licenceText()}`);
  });

  it('allows what its own terms, read as a source records them, do not forbid', () => {
    const own = recordedLicence(bookConfig.licence.short);
    expect(own?.written).toBe(bookConfig.licence.short);
    const every = ['commercial use', 'adaptation', 'adaptations under other terms'];
    expect([...bookConfig.licence.allows].sort()).toEqual(every.filter((use) => !own!.forbids.includes(use as never)).sort());
    expect(conflicts(own!)).toEqual([]);
  });

  it("is the repository's content licence, which lists each third-party material of the setting with its licence", () => {
    const file = readFileSync('LICENSE-CONTENT.md', 'utf8').replace(/\s+/g, ' ');
    expect(file).toContain(licenceText());
    expect(file).toContain(bookConfig.licence.url);
    for (const material of bookConfig.thirdParty) {
      expect(file).toContain(`${material.material}: ${material.licence}`);
      if (material.url) expect(file).toContain(material.url);
    }
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License\n/);
  });

  it('has an address for each third-party licence it names, and words to find each by', () => {
    for (const material of bookConfig.thirdParty) {
      expect(material.named.length, material.material).toBeGreaterThan(3);
      if (material.url) expect(material.url).toMatch(/^https:\/\//);
    }
  });
});

const NC = 'commercial use';
const ND = 'adaptation';
const SA = 'adaptations under other terms';
const reserved = [NC, ND, SA];

/**
 * Ways sources write their licences: each with the licences its words name (as written) and what they forbid
 * together. Creative Commons codes with any dash or a space between terms, their long names with or without
 * "Creative Commons", several licences in one source, public domain, CC0 and all rights reserved.
 */
const corpus: [words: string, named: string[], forbids: string[]][] = [
  ['licensed CC BY 3.0 IGO.', ['CC BY 3.0 IGO'], []],
  ['CC-BY-4.0', ['CC-BY-4.0'], []],
  ['cc by 4.0', ['cc by 4.0'], []],
  ['licensed CC BY-NC 4.0', ['CC BY-NC 4.0'], [NC]],
  ['CC BY NC 4.0', ['CC BY NC 4.0'], [NC]],
  ['CC BY\u2013NC 4.0 (an en dash)', ['CC BY\u2013NC 4.0'], [NC]],
  ['CC BY\u2011NC (a non-breaking hyphen)', ['CC BY\u2011NC'], [NC]],
  ['CC BY\u2010NC\u2010SA 4.0 (hyphens)', ['CC BY\u2010NC\u2010SA 4.0'], [NC, SA]],
  ['CC BY \u2014 ND 2.0 (an em dash, spaced)', ['CC BY \u2014 ND 2.0'], [ND]],
  ['under CC BY-SA 4.0', ['CC BY-SA 4.0'], [SA]],
  ['cc by-nc-nd 4.0', ['cc by-nc-nd 4.0'], [NC, ND]],
  ['CC BY NC SA 3.0 IGO', ['CC BY NC SA 3.0 IGO'], [NC, SA]],
  ['CC-BY-NC-ND-4.0', ['CC-BY-NC-ND-4.0'], [NC, ND]],
  ['Creative Commons Attribution 4.0 International (CC BY 4.0)', ['Creative Commons Attribution 4.0 International'], []],
  [
    'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
    ['Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International'],
    [NC, SA],
  ],
  ['Creative Commons Attribution Non-Commercial ShareAlike 3.0 IGO', ['Creative Commons Attribution Non-Commercial ShareAlike 3.0 IGO'], [NC, SA]],
  ['Creative Commons Attribution-NoDerivatives 4.0', ['Creative Commons Attribution-NoDerivatives 4.0'], [ND]],
  ['Creative Commons Attribution-NoDerivs 2.0 Generic', ['Creative Commons Attribution-NoDerivs 2.0 Generic'], [ND]],
  ['Creative Commons Attribution \u2013 No-Derivatives', ['Creative Commons Attribution \u2013 No-Derivatives'], [ND]],
  ['Creative Commons Attribution-Share-Alike 3.0 Unported', ['Creative Commons Attribution-Share-Alike 3.0 Unported'], [SA]],
  ['Attribution-NonCommercial-ShareAlike 3.0 IGO', ['Attribution-NonCommercial-ShareAlike 3.0 IGO'], [NC, SA]],
  ['Attribution\u2013Non Commercial\u2013No Derivatives', ['Attribution\u2013Non Commercial\u2013No Derivatives'], [NC, ND]],
  ['\u00a9 WHO 2021. Some rights reserved. This work is available under the CC BY-NC-SA 3.0 IGO licence.', ['CC BY-NC-SA 3.0 IGO'], [NC, SA]],
  ['Natural Earth outlines, licensed CC BY 4.0; data from WHO (2021), licensed CC BY-NC-SA 3.0 IGO', ['CC BY 4.0', 'CC BY-NC-SA 3.0 IGO'], [NC, SA]],
  ['Photograph CC BY-ND 4.0, data CC BY-NC 4.0', ['CC BY-ND 4.0', 'CC BY-NC 4.0'], [NC, ND]],
  ['Outlines in the public domain; text CC BY-SA 4.0', ['public domain', 'CC BY-SA 4.0'], [SA]],
  ['\u00a9 2019 A. Smith. All rights reserved.', ['All rights reserved'], reserved],
  ['Map: all rights reserved; data: CC BY 4.0', ['all rights reserved', 'CC BY 4.0'], reserved],
  ['Natural Earth, public domain', ['public domain'], []],
  ['Public Domain Mark 1.0', ['Public Domain'], []],
  ['CC0 1.0', ['CC0'], []],
  ['CC-0 (no rights reserved)', ['CC-0'], []],
  ['Creative Commons BY-NC-SA 4.0', ['Creative Commons BY-NC-SA 4.0'], [NC, SA]],
  ['licensed BY-NC-SA 4.0', ['BY-NC-SA 4.0'], [NC, SA]],
  ['CC BY\u2212NC (a minus sign)', ['CC BY\u2212NC'], [NC]],
  ['Reproduced for non-commercial use only', ['for non-commercial use only'], [NC]],
];

describe('a licence a source records', () => {
  it.each(corpus)('%s', (words, named, forbids) => {
    const recorded = recordedLicence(words);
    expect(recorded?.licences.map((licence) => licence.written)).toEqual(named);
    expect(recorded?.forbids).toEqual(forbids);
    // The book's licence (CC BY 4.0) allows all three: whatever a source forbids conflicts with it.
    expect(conflicts(recorded!)).toEqual(forbids);
  });

  it('is none where the words name no licence, a copyright sign alone included', () => {
    const none = [
      'UN DESA (2014), Table I.',
      '\u00a9 2019 A. Smith',
      '\u00a9',
      'CCTV footage',
      'a book by B. Yo',
      'Attribution required',
      '\u00a9 WHO. Some rights reserved.',
    ];
    for (const words of none) expect(recordedLicence(words)).toBeUndefined();
  });
});

describe('a work the book shows, whose source forbids what its licence allows', () => {
  const refused = async (files: Record<string, string>) =>
    (await licences.checkBook(exampleBookOf({ 'words.txt': 'Amara\nOkafor\n', ...files }))).map(({ file, line, message }) => ({
      file,
      line,
      message,
    }));

  it('is refused on a slide, named by its number, as on a figure', async () => {
    const deck = `---\ntitle: "A deck"\nchapter: 1\n---\n\n<Slide number={3} title="Heat" source="Photograph by Amara Okafor, licensed CC BY-NC 4.0">\n\nText.\n\n</Slide>\n`;
    const book = exampleBookOf({ 'words.txt': 'Amara\nOkafor\n' });
    book.files.push(sourceFile(join(book.project, 'book/slides/deck.mdx'), Buffer.from(deck), 'text'));
    const [finding] = await licences.checkBook(book);
    expect(finding?.message).toContain("Slide 3's source is licensed CC BY-NC 4.0, which forbids commercial use");
  });

  it("is refused as a page's picture, at its credit, unless the credit says it was made for the book", async () => {
    const cover = (credit: string) =>
      `---\nnumber: 2\ntitle: "A second chapter"\nimage:\n  src: ./images/cover.svg\n  alt: "Three yellow buildings."\n  credit: "${credit}"\n---\n\nText.\n`;
    const [finding] = await refused({ '02-second.mdx': cover('Photograph by Amara Okafor, CC BY-NC-ND 4.0') });
    expect(finding).toMatchObject({ file: 'chapters/02-second.mdx', line: 7 });
    expect(finding?.message).toContain("The page's picture's source is licensed CC BY-NC-ND 4.0");
    expect(await refused({ '02-second.mdx': cover('a drawing made for this book') })).toEqual([]);
  });
});
