/**
 * A deck's Sources slide is written by hand, so it is held to what the book's APA code writes for the same sources of
 * chapters/references.bib (tests/support/slide-sources.ts): each mistake of the kind is refused, and every deck of the
 * book keeps the rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { references } from '../../src/lib/apa.ts';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { markdownOf, slideSourceFindings } from '../support/slide-sources.ts';

const root = join(import.meta.dirname, '../..');
const book = parseBibtex(readFileSync(join(root, 'chapters/references.bib'), 'utf8'));
/** The entries of the keys as the book's APA code writes them, in its order, as a deck's list items. */
const listOf = (...keys: string[]) =>
  references(book.filter(({ id }) => keys.includes(id)))
    .map((entry) => `- ${markdownOf(entry)}`)
    .join('\n');
const deck = (slides: string, list: string) =>
  `---\ntitle: "A deck"\nchapter: 1\n---\n\n${slides}\n\n<Slide number={9} title="Sources">\n\n${list}\n\n</Slide>\n`;
const cites = `<Slide number={1} title="Cities" source="Barton and Grant (2006).">\n\n- Air (World Health Organization, 2022).\n\n</Slide>`;
const findings = (slides: string, list: string) => slideSourceFindings(deck(slides, list), book, 'the deck').join('\n');

describe('a deck whose list is what the APA code writes, each source cited', () => {
  it('has nothing to mend', () => expect(findings(cites, listOf('barton2006', 'who2022air'))).toBe(''));
});

describe.each([
  [
    'a press release described as the site calls it',
    (list: string) => list.replace('[Press release]', '[News release]'),
    "where the book's APA code writes",
  ],
  [
    'two group authors with a comma',
    () => listOf('barton2006', 'who2022air', 'whohabitat2016').replace('Organization &', 'Organization, &'),
    "where the book's APA code writes",
  ],
  ['an article without its DOI', (list: string) => list.replace(' https://doi.org/10.1177/1466424006070466', ''), '@barton2006 as'],
  ['a press release without its address', (list: string) => list.replace(/ https:\/\/www\.who\.int\/news\S+/, ''), '@who2022air as'],
  ['the list out of APA order', (list: string) => list.split('\n').reverse().join('\n'), 'APA orders them barton2006, who2022air'],
  ['a source no slide cites', () => listOf('barton2006', 'who2022air', 'snow1855'), 'lists @snow1855, which no slide cites'],
  [
    'a source the bibliography lacks',
    (list: string) => `${list}\n- Dahlgren, G., & Whitehead, M. (1991). *Policies and strategies*.`,
    'is no source',
  ],
])('%s', (_mistake, edit, message) => {
  it('is refused, in words that name it', () => expect(findings(cites, edit(listOf('barton2006', 'who2022air')))).toContain(message));
});

describe.each([
  ['in its source', cites.replace('(2006).', '(2006), after Dahlgren and Whitehead (1991).'), '"after Dahlgren and Whitehead" (1991)'],
  ['in its text, in brackets', cites.replace('2022).', '2022; United Nations, 2023).'), '"United Nations" (2023)'],
  ['a year the list does not give', cites.replace('(2006)', '(2007)'), '"Barton and Grant" (2007)'],
])('a slide citing a source its list lacks, %s', (_where, slides, message) => {
  it('is refused, naming the slide and the citation', () =>
    expect(findings(slides, listOf('barton2006', 'who2022air'))).toContain(`Slide 1 cites ${message}, which its Sources slide does not list`));
});

describe('every deck of the book, against chapters/references.bib', () => {
  const decks = readdirSync(join(root, 'book/slides')).filter((name) => name.endsWith('.mdx'));
  it.each(decks)('%s lists each source it cites, as the APA code writes it', (name) => {
    expect(slideSourceFindings(readFileSync(join(root, 'book/slides', name), 'utf8'), book, name)).toEqual([]);
  });
});
