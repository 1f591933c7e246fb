import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bracketed, narrative, parenthetical, parentheticalAuthors, references } from '../../src/lib/apa.ts';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';

// Sources as an author's references.bib holds them, read by the book's BibTeX reader (citation-js).
const sources = new Map(
  parseBibtex(`
@article{galea2005,
  author = {Galea, Sandro and Vlahov, David},
  title = {Urban health: evidence, challenges, and directions},
  journal = {Annual Review of Public Health},
  year = {2005}, volume = {26}, pages = {341--365},
  doi = {10.1146/annurev.publhealth.26.021304.144708}
}
@report{csdh2008,
  author = {{Commission on Social Determinants of Health}},
  title = {Closing the gap in a generation},
  institution = {World Health Organization}, address = {Geneva}, year = {2008}
}
@article{lentz2020,
  author = {Lentz, David L. and Hamilton, Trinity L. and Dunning, Nicholas P. and others},
  title = {Molecular genetic and geochemical assays reveal severe contamination of drinking water reservoirs at the ancient Maya city of Tikal},
  journal = {Scientific Reports}, year = {2020}, volume = {10}, pages = {10316}
}
@online{who2024heat,
  author = {{World Health Organization}},
  title = {Heat and health}, type = {Fact sheet}, year = {2024},
  url = {https://www.who.int/news-room/fact-sheets/detail/climate-change-heat-and-health}
}
@online{who2024air,
  author = {{World Health Organization}},
  title = {Ambient (outdoor) air pollution}, type = {Fact sheet}, year = {2024},
  url = {https://www.who.int/news-room/fact-sheets/detail/ambient-(outdoor)-air-quality-and-health}
}`).map((source) => [source.id, source]),
);
const source = (key: string) => sources.get(key) ?? expect.unreachable(key);

describe('citations in APA 7th edition', () => {
  it('in brackets: authors joined by "&", the year, and a page when given', () => {
    expect(parenthetical(source('galea2005'))).toBe('Galea & Vlahov, 2005');
    expect(parenthetical(source('galea2005'), 'p. 343')).toBe('Galea & Vlahov, 2005, p. 343');
    expect(parenthetical(source('galea2005'), 'pp. 341-343')).toBe('Galea & Vlahov, 2005, pp. 341–343');
    expect(parenthetical(source('csdh2008'))).toBe('Commission on Social Determinants of Health, 2008');
    expect(parenthetical(source('lentz2020'))).toBe('Lentz et al., 2020');
  });

  it('in the sentence: authors joined by "and", the year in brackets', () => {
    expect(narrative(source('galea2005'))).toBe('Galea and Vlahov (2005)');
    expect(narrative(source('galea2005'), 'p. 343')).toBe('Galea and Vlahov (2005, p. 343)');
  });
});

describe('reference entries in APA 7th edition', () => {
  const entries = references([source('who2024heat'), source('galea2005'), source('lentz2020'), source('csdh2008')]);

  it('come in APA order, by author', () => {
    expect(entries.map(({ key }) => key)).toEqual(['csdh2008', 'galea2005', 'lentz2020', 'who2024heat']);
  });

  it('give the DOI (or the address) as the link, not in the text, with titles in italics where APA puts them', () => {
    const galea = entries.find(({ key }) => key === 'galea2005');
    expect(galea?.html).toBe(
      'Galea, S., &#38; Vlahov, D. (2005). Urban health: Evidence, challenges, and directions. <i>Annual Review of Public Health</i>, <i>26</i>, 341–365.',
    );
    expect(galea?.link).toBe('https://doi.org/10.1146/annurev.publhealth.26.021304.144708');
    expect(entries.find(({ key }) => key === 'who2024heat')?.link).toBe(
      'https://www.who.int/news-room/fact-sheets/detail/climate-change-heat-and-health',
    );
    expect(entries.find(({ key }) => key === 'csdh2008')?.link).toBeUndefined();
  });

  it('end an author list the bibliography leaves open ("and others") with "et al."', () => {
    expect(entries.find(({ key }) => key === 'lentz2020')?.html).toMatch(/^Lentz, D\. L\., Hamilton, T\. L\., Dunning, N\. P\., et al\. \(2020\)\./);
  });
});

// The book's own bibliography: one source of each kind it holds, each entry alone (no 2024a), written out by hand as the
// Publication Manual (7th edition, 10.1–10.16) writes it, & for &#38; and _…_ for italics.
describe("each kind of source in the book's bibliography, as APA 7 writes it", () => {
  const book = new Map(parseBibtex(readFileSync(join(import.meta.dirname, '../../chapters/references.bib'), 'utf8')).map((item) => [item.id, item]));
  const entry = (key: string) =>
    references([book.get(key) ?? expect.unreachable(key)])[0]
      ?.html.replaceAll('&#38;', '&')
      .replace(/<\/?i>/g, '_');
  const expected: [kind: string, key: string, apa: string][] = [
    [
      'a journal article, a capital after the colon',
      'galea2005',
      'Galea, S., & Vlahov, D. (2005). Urban health: Evidence, challenges, and directions. _Annual Review of Public Health_, _26_, 341–365.',
    ],
    [
      'an article with an article number',
      'lentz2020',
      'Lentz, D. L., Hamilton, T. L., Dunning, N. P., Scarborough, V. L., Luxton, T. P., Vonderheide, A., Tepe, E. J., Perfetta, C. J., Brunemann, J., Grazioso, L., Valdez, F., Tankersley, K. B., & Weiss, A. A. (2020). Molecular genetic and geochemical assays reveal severe contamination of drinking water reservoirs at the ancient Maya city of Tikal. _Scientific Reports_, _10_, Article 10316.',
    ],
    [
      'an article by 21 authors or more: the first 19, an ellipsis, the last',
      'whitmee2015',
      'Whitmee, S., Haines, A., Beyrer, C., Boltz, F., Capon, A. G., de Souza Dias, B. F., Ezeh, A., Frumkin, H., Gong, P., Head, P., Horton, R., Mace, G. M., Marten, R., Myers, S. S., Nishtar, S., Osofsky, S. A., Pattanayak, S. K., Pongsiri, M. J., Romanelli, C., … Yach, D. (2015). Safeguarding human health in the Anthropocene epoch: Report of The Rockefeller Foundation–Lancet Commission on planetary health. _The Lancet_, _386_(10007), 1973–2028.',
    ],
    [
      'a book',
      'sampson2012',
      'Sampson, R. J. (2012). _Great American city: Chicago and the enduring neighborhood effect_. University of Chicago Press.',
    ],
    [
      'an edited report',
      'krug2002',
      'Krug, E. G., Dahlberg, L. L., Mercy, J. A., Zwi, A. B., & Lozano, R. (Eds.). (2002). _World report on violence and health_. World Health Organization.',
    ],
    [
      'a book whose publisher is its author, named once',
      'who2018sanitation',
      'World Health Organization. (2018). _Guidelines on sanitation and health_.',
    ],
    [
      'a report whose publisher is its author by its initials, with its editors',
      'ipcc2023',
      'Intergovernmental Panel on Climate Change. (2023). _Climate change 2023: Synthesis report. Contribution of Working Groups I, II and III to the Sixth Assessment Report of the Intergovernmental Panel on Climate Change_ (Core Writing Team, H. Lee, & J. Romero, Eds.).',
    ],
    [
      "a group author's book with its editors after the title",
      'ipcc2022',
      'Intergovernmental Panel on Climate Change. (2022). _Climate change 2022: Impacts, adaptation and vulnerability. Contribution of Working Group II to the Sixth Assessment Report of the Intergovernmental Panel on Climate Change_ (H.-O. Pörtner, D. C. Roberts, M. Tignor, E. S. Poloczanska, K. Mintenbeck, A. Alegría, M. Craig, S. Langsdorf, S. Löschke, V. Möller, A. Okem, & B. Rama, Eds.). Cambridge University Press.',
    ],
    [
      'a book in an edition, the edition after the title',
      'who2022dwq',
      'World Health Organization. (2022). _Guidelines for drinking-water quality_ (4th ed., incorporating the first and second addenda).',
    ],
    [
      'a report of two group authors, one of them its publisher, joined by "&" alone',
      'jmp2023',
      'World Health Organization & United Nations Children’s Fund. (2023). _Progress on household drinking water, sanitation and hygiene 2000–2022: Special focus on gender_.',
    ],
    [
      'a report published by another body',
      'gtfcc2017',
      'Global Task Force on Cholera Control. (2017). _Ending cholera: A global roadmap to 2030_. World Health Organization.',
    ],
    [
      'a resolution, with its number',
      'unga2010',
      'United Nations General Assembly. (2010). _The human right to water and sanitation_ (Resolution A/RES/64/292). United Nations.',
    ],
    ['a fact sheet, dated to the day', 'who2024heat', 'World Health Organization. (2024, May 28). _Heat and health_ [Fact sheet].'],
    [
      'a press release, with its date',
      'who2022air',
      'World Health Organization. (2022, April 4). _Billions of people still breathe unhealthy air: New WHO data_ [Press release].',
    ],
  ];
  for (const [kind, key, apa] of expected) it(`${kind} (${key})`, () => expect(entry(key)).toBe(apa));

  it('every source with its whole author list: no "et al." in any entry', () => {
    const open = [...book.keys()].filter((key) => entry(key)?.includes('et al.'));
    expect(open).toEqual([]);
  });
});

describe('two sources of one page that APA would cite alike (same authors, same year)', () => {
  // Formatted together, as the page cites them: letters in the order of their titles, in the text and the list alike.
  const alike = [source('who2024heat'), source('who2024air')];

  it('are told apart by a letter after the year, in brackets and in the sentence', () => {
    expect(parenthetical(source('who2024air'), undefined, alike)).toBe('World Health Organization, 2024a');
    expect(parenthetical(source('who2024heat'), 'p. 2', alike)).toBe('World Health Organization, 2024b, p. 2');
    expect(narrative(source('who2024heat'), undefined, alike)).toBe('World Health Organization (2024b)');
  });

  it('carry the same letters in the reference list', () => {
    expect(references(alike).map(({ key, html }) => [key, html.slice(0, 33)])).toEqual([
      ['who2024air', 'World Health Organization. (2024a'],
      ['who2024heat', 'World Health Organization. (2024b'],
    ]);
  });

  it('each alone, as on a page that cites only one of them, has no letter', () => {
    expect(parenthetical(source('who2024heat'))).toBe('World Health Organization, 2024');
  });
});

describe('several sources in one pair of brackets', () => {
  const alike = [source('who2024heat'), source('who2024air')];
  const cited = (key: string, locator?: string) => {
    const own = key.startsWith('who') ? alike : undefined;
    return { key, text: parenthetical(source(key), locator, own), authors: parentheticalAuthors(source(key), undefined, own) };
  };
  const written = (citations: ReturnType<typeof cited>[]) =>
    `(${bracketed(citations)
      .map(({ before, text }) => before + text)
      .join('')})`;

  it('are listed alphabetically, separated by semicolons', () => {
    expect(written([cited('who2024heat'), cited('galea2005')])).toBe('(Galea & Vlahov, 2005; World Health Organization, 2024b)');
  });

  it('name the same authors once for several of their works, as APA does: (World Health Organization, 2024a, 2024b)', () => {
    expect(written([cited('who2024heat'), cited('galea2005'), cited('who2024air')])).toBe(
      '(Galea & Vlahov, 2005; World Health Organization, 2024a, 2024b)',
    );
    expect(written([cited('who2024heat', 'p. 2'), cited('who2024air')])).toBe('(World Health Organization, 2024a, 2024b, p. 2)');
  });

  it('keep one piece per source, each its own link: a later work of the same authors keeps only its year', () => {
    expect(bracketed([cited('who2024heat'), cited('who2024air')]).map(({ key, before, text }) => [key, before, text])).toEqual([
      ['who2024air', '', 'World Health Organization, 2024a'],
      ['who2024heat', ', ', '2024b'],
    ]);
  });
});
