/**
 * APA's rules for a reference entry (tests/support/apa-rules.ts), which tests/built/references.test.ts holds every list
 * of the built book to: each refuses the mistake of its kind, and every source of the book's bibliography, written by
 * the book's APA code, keeps them all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { references } from '../../src/lib/apa.ts';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { apaFindings } from '../support/apa-rules.ts';

const book = parseBibtex(readFileSync(join(import.meta.dirname, '../../chapters/references.bib'), 'utf8'));
/** An entry as a list shows it: its text, then its link. */
const shown = (source: (typeof book)[number]) => {
  const [entry] = references([source]);
  const link = entry?.link ? ` <a href="${entry.link}">${entry.link}</a>` : '';
  return { where: 'the list', key: source.id, html: `${entry?.html ?? ''}${link}` };
};
const source = (bibtex: string) => parseBibtex(bibtex)[0]!;
const findings = (bibtex: string, edit = (html: string) => html) => {
  const item = source(bibtex);
  const entry = shown(item);
  return apaFindings({ ...entry, html: edit(entry.html) }, item).join('\n');
};

const report = '@report{r,\n author = {{UN-Water}},\n title = {Water for prosperity and peace},\n institution = {UNESCO},\n year = {2024}\n}';
const factSheet =
  '@online{f,\n author = {{World Health Organization}},\n title = {Heat and health},\n type = {Fact sheet},\n year = {2024},\n url = {https://example.org/heat}\n}';
const article =
  '@article{a,\n author = {Galea, Sandro and Vlahov, David},\n title = {Urban health: evidence, challenges, and directions},\n journal = {Annual Review of Public Health},\n year = {2005},\n volume = {26},\n pages = {341--365}\n}';
const twoGroups = `@book{b,\n author = {{World Health Organization} and {UN-Habitat}},\n title = {Global report on urban health},\n publisher = {WHO},\n year = {2016}\n}`;

describe.each([
  ['a report without its address', report, undefined, 'is a report with no address or DOI'],
  ['a webpage dated by its year alone', factSheet, undefined, 'is a webpage dated by its year alone'],
  ['a release described as the site calls it', factSheet.replace('Fact sheet', 'News release'), undefined, '"[Press release]"'],
  ['a title cut short', article, (html: string) => html.replace(', challenges, and directions', ''), 'does not give its whole title'],
  ["an article's title in italics", article, (html: string) => html.replace(/^(.*?\(2005\)\. )(.*?\.)/, '$1<i>$2</i>'), 'sets an article'],
  [
    "a journal's name in roman",
    article,
    (html: string) => html.replace('<i>Annual Review of Public Health</i>', 'Annual Review of Public Health'),
    "journal's name",
  ],
  ['a page range with a hyphen', article, (html: string) => html.replace('341–365', '341-365'), 'en dash'],
  ['two full stops', article, (html: string) => html.replace('(2005).', '(2005)..'), 'has two full stops in a row'],
  ['no "&" before the last author', article, (html: string) => html.replace('&#38; ', ''), '"&" before its last author, Vlahov'],
  [
    'the date before the authors',
    article,
    (html: string) => html.replace('Galea, S., &#38; Vlahov, D. (2005).', '(2005). Galea, S., &#38; Vlahov, D.'),
    'in that order',
  ],
  ['two group authors with a comma', twoGroups, (html: string) => html.replace(' &#38;', ', &#38;'), 'puts a comma between two group authors'],
])('%s', (_mistake, bibtex, edit, message) => {
  it('is refused, in words that name it', () => expect(findings(bibtex, edit)).toContain(message));
});

describe("every source of the book's bibliography, as the book's APA code writes it", () => {
  it.each(book.map((item) => [item.id, item] as const))('%s keeps every rule of its kind', (_key, item) => {
    expect(apaFindings(shown(item), item)).toEqual([]);
  });
});
