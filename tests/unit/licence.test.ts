/**
 * The book's licence: one sentence built from its setting, which every page and edition shows; and the terms of a
 * licence as a source records it, which the author check holds the book's figures to.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookConfig } from '../../src/book.config.ts';
import { licenceSentence, licenceText, rightsStatement } from '../../src/lib/licence.ts';
import { conflicts, recordedLicence } from '../../integrations/check/rules/licences.ts';

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

describe('a licence a source records', () => {
  it.each([
    ['licensed CC BY 3.0 IGO.', 'CC BY 3.0 IGO', []],
    ['CC-BY-4.0', 'CC-BY-4.0', []],
    ['licensed CC BY-NC 4.0', 'CC BY-NC 4.0', ['commercial use']],
    ['CC BY-ND 2.0', 'CC BY-ND 2.0', ['adaptation']],
    ['under CC BY-SA 4.0', 'CC BY-SA 4.0', ['adaptations under other terms']],
    ['cc by-nc-nd 4.0', 'cc by-nc-nd 4.0', ['commercial use', 'adaptation']],
    ['Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International', undefined, ['commercial use', 'adaptations under other terms']],
    ['Creative Commons Attribution-NoDerivatives 4.0', undefined, ['adaptation']],
    ['© 2019 A. Smith. All rights reserved.', 'All rights reserved', ['commercial use', 'adaptation', 'adaptations under other terms']],
    ['Natural Earth, public domain', 'public domain', []],
    ['CC0 1.0', 'CC0', []],
  ])('%s', (words, written, forbids) => {
    const recorded = recordedLicence(words);
    if (written) expect(recorded?.written).toBe(written);
    expect(recorded?.forbids).toEqual(forbids);
    // The book's licence (CC BY 4.0) allows all three: whatever a source forbids conflicts with it.
    expect(conflicts(recorded!)).toEqual(forbids);
  });

  it('is none where the words name no licence, a copyright sign alone included', () => {
    for (const words of ['UN DESA (2014), Table I.', '© 2019 A. Smith', 'CCTV footage', 'a book by B. Yo'])
      expect(recordedLicence(words)).toBeUndefined();
  });
});
