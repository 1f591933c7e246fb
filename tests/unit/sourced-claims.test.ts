/**
 * The rule that a figure or a ranking cites its source (integrations/check/rules/sourced-claims.ts), against a corpus:
 * statements of each kind a student would quote, written as authors write them, which it must find without a source;
 * sentences stating none (questions, instructions, dates, the book's numbering), which it must let be; where a sentence
 * ends; what counts as a source; and an author's note that a sentence needs no citation, printed with its reason.
 */
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../integrations/check/author-check.ts';
import { exampleBookOf } from '../../integrations/check/rule.ts';
import sourcedClaims, { claimIn, sentencesOf } from '../../integrations/check/rules/sourced-claims.ts';
import { sourceFile } from '../../integrations/check/source-files.ts';
import { join } from 'node:path';

const claims: [sentence: string, kind: string][] = [
  ['About 40 per cent of Lagos lives in informal settlements.', 'a per cent'],
  ['Air pollution causes 7% of deaths.', 'a per cent'],
  ['Forty per cent of residents rent their homes.', 'a per cent'],
  ['Ninety-five percent of the growth is urban.', 'a per cent'],
  ['Nearly 1.1 billion people live in slums.', 'a count'],
  ['Two billion more may join them.', 'a count'],
  ['A billion people live in slums.', 'a count'],
  ['Millions of people drink unsafe water.', 'a count'],
  ['Heat kills thousands every summer.', 'a count'],
  ['Heat killed 250,000 people.', 'a count'],
  ['Homicide killed 27 per 100 000 population.', 'a count'],
  ['Lagos has 15m residents.', 'a count'],
  ['Night temperatures stay 5 °C higher in the centre.', 'a quantity'],
  ['It reached 45C in the shade.', 'a quantity'],
  ['The annual limit is 5 µg/m³.', 'a quantity'],
  ['Carbon dioxide passed 420 ppm.', 'a quantity'],
  ['Traffic noise reaches 70 dB.', 'a quantity'],
  ['Water flows 3 hours a day.', 'a quantity'],
  ['Infant deaths were 92 per 1000 live births.', 'a quantity'],
  ['Children in slums are twice as likely to die.', 'a quantity'],
  ['Slum children are two times as likely to die.', 'a quantity'],
  ['More than half of humanity lives in cities.', 'a share'],
  ['Half of the world lives in cities.', 'a share'],
  ['A third of city dwellers lack safe water.', 'a share'],
  ['Two-thirds of the growth is in Asia.', 'a share'],
  ['One person in four lives in a slum.', 'a share'],
  ['Nine out of ten people breathe polluted air.', 'a share'],
  ['Jakarta is the largest city on Earth.', 'a ranking'],
  ['Most of the growth will be in Africa.', 'a ranking'],
  ['Diarrhoea is a leading cause of death in children.', 'a ranking'],
  ['Air pollution is the top environmental risk to health.', 'a ranking'],
  ['Heat is the number one weather-related killer.', 'a ranking'],
  ['Cholera cases tripled.', 'a trend'],
  ['Lagos doubled in size between 1990 and 2015.', 'a trend'],
  ['The number of megacities grew from 10 in 1990 to 33 in 2018.', 'a trend bound to a year'],
  ['By 2050 the urban population is projected to overtake every forecast.', 'a trend bound to a year'],
  ['There were 33 megacities in 2018.', 'a quantity'],
  ['Three hundred people died in the heat wave.', 'a count'],
  ['Twelve of the world’s megacities are in Asia.', 'a count'],
  ['Life expectancy in the slum is 20 years lower.', 'a quantity'],
  ['Jakarta sinks by up to 25 cm a year.', 'a quantity'],
  ['Some 3.6 bn people lack safe sanitation.', 'a count'],
  ['Asthma cases climbed steadily since 1990.', 'a trend bound to a year'],
  ['Every fourth resident lives in a slum.', 'a share'],
  ['Slums grew fivefold in four decades.', 'a trend'],
  ['Dhaka is denser than any other megacity.', 'a ranking'],
];

const noClaims = [
  'Cities concentrate hospitals, schools, jobs and ideas.',
  'In 1854 John Snow traced a cholera outbreak to a pump on Broad Street.',
  "Edwin Chadwick's report (1842) led to the Public Health Act of 1848.",
  'Figure 1 and Map 1 show the data; Chapter 3 returns to it in Activity 2.',
  'Write an essay on your own city.',
  'Ask who is most exposed, and why.',
  'Which city is the largest in your country?',
  'What are the main causes of heat stress in your city?',
  'Work in groups of 3 or 4 people.',
  'Take 10 minutes to list the risks that worry you most.',
  'At most, write one page.',
  'The UN published its new revision on 18 November 2025.',
  'WHO was founded on April 7, 1948.',
  'Annex 1.2 holds the handout.',
  'PM2.5 is fine particulate matter.',
  'Two people with the same income can have very different health.',
  'When a city grows faster than its pipes, the gains are shared unequally.',
  'This activity takes 2 hours.',
  'Most of this chapter is about Africa.',
  'This is the most important idea of the chapter.',
  'Learning goal: explain why the poorest are most exposed.',
  'Suppose a household spends 30 per cent of its income on water.',
  'For example, if a tap serves 200 people, how long is the queue?',
];

describe('what states a figure or a ranking', () => {
  it.each(claims)('finds %j: %s', (sentence, kind) => expect(claimIn(sentence)).toBe(kind));
  it.each(noClaims)('lets %j be', (sentence) => expect(claimIn(sentence)).toBeUndefined());
});

describe('where a sentence ends', () => {
  it('not after an abbreviation, nor inside a decimal', () => {
    const text = 'Some cities, e.g. Lagos, grew by 3.5 per cent (Galea et al. 2005). Others shrank. Did any stay? Yes.';
    expect(sentencesOf(text).map(({ text: sentence }) => sentence)).toEqual([
      'Some cities, e.g. Lagos, grew by 3.5 per cent (Galea et al. 2005).',
      'Others shrank.',
      'Did any stay?',
      'Yes.',
    ]);
  });
});

const bibliography =
  '@report{un2023,\n  author = {{United Nations}},\n  title = {The Sustainable Development Goals report 2023},\n  institution = {United Nations},\n  year = {2023},\n  url = {https://unstats.un.org/sdgs/report/2023/}\n}\n\n' +
  '@article{galea2005,\n  author = {Galea, Sandro and Vlahov, David},\n  title = {Urban health},\n  journal = {Annual Review of Public Health},\n  year = {2005},\n  volume = {26},\n  pages = {341--365}\n}\n';

/** What the rule finds in a chapter's text, in a book whose bibliography holds un2023 and galea2005. */
const found = async (text: string, files: Record<string, string> = {}) =>
  sourcedClaims.checkBook(exampleBookOf({ '02-second.mdx': text, 'references.bib': bibliography, ...files }));
const kinds = async (text: string) => (await found(text)).map(({ kind }) => kind);

describe('a figure without a source', () => {
  it('is refused in a paragraph citing two sources, each for its own sentence', async () => {
    const text = 'Cities grew [@un2023]. Slums grew too [@galea2005]. About 40 per cent of Lagos lives in them.\n';
    expect((await found(text)).map(({ kind, line, column }) => [kind, line, column])).toEqual([['claim', 9, 53]]);
  });

  it("is sourced by its paragraph's one source cited after it, not by one cited before it", async () => {
    expect(await kinds('About 40 per cent of Lagos lives in slums. Its growth is the fastest in Africa [@un2023].\n')).toEqual([]);
    expect(await kinds('Urban areas grew [@un2023]. Air pollution kills seven million people a year.\n')).toEqual(['claim']);
  });

  it('is sourced by a source named in words only when the bibliography holds it', async () => {
    expect(await kinds('One in four city dwellers lives in a slum (United Nations, 2023).\n')).toEqual([]);
    expect(await kinds('Galea and Vlahov (2005) found that one in four city dwellers lives in a slum.\n')).toEqual([]);
    for (const invented of [
      '(WHO, 2024)',
      '(Tokyo, 2020)',
      '(Chapter Three, 2020)',
      '(United Nations, 2019)',
      '(Galeano, 2005)',
      '(Ga, 2005)',
      '(United Nations Environment Programme, 2023)',
      '(Galea & Smith, 2005)',
    ])
      expect(await kinds(`One in four city dwellers lives in a slum ${invented}.\n`), invented).toEqual(['claim']);
  });

  it('is refused in a box, a list, a heading, a table and the title of a component, each with its own advice', async () => {
    const box = '<Box number={1} title="Water">\n\nAbout 40 per cent of Lagos lives in slums.\n\n</Box>\n';
    expect(await kinds(box)).toEqual(['claim']);
    expect(await kinds('- About 40 per cent of Lagos lives in slums.\n- Most of them lack sewers [@un2023].\n')).toEqual(['claim']);
    expect((await found('## Ninety per cent of cities flood\n\nText.\n'))[0]?.message).toContain('a heading cannot cite its source');
    const table = '| City | Share in slums |\n| --- | --- |\n| Dhaka | 47 % |\n';
    expect((await found(table))[0]?.message).toContain('This table states a per cent with no source');
    expect(await kinds(`The cities below [@un2023].\n\n${table}`)).toEqual([]);
    const title = '<Box number={1} title="Air pollution kills 7 million people a year">\n\nText.\n\n</Box>\n';
    expect((await found(title))[0]?.message).toContain('The title of <Box> states a count');
  });

  it('is sourced on a slide by the source it names', async () => {
    const onSlide = async (source: string) => {
      const book = exampleBookOf({ 'references.bib': bibliography });
      const deck = `---\ntitle: "A deck"\nchapter: 1\n---\n\n<Slide number={1} title="Growth"${source}>\n\n- 55% of people lived in urban areas in 2018.\n\n</Slide>\n`;
      book.files.push(sourceFile(join(book.project, 'book/slides/deck.mdx'), Buffer.from(deck), 'text'));
      return (await sourcedClaims.checkBook(book)).map(({ file, kind }) => [file, kind]);
    };
    expect(await onSlide(' source="United Nations (2019)."')).toEqual([]);
    expect(await onSlide('')).toEqual([['book/slides/deck.mdx', 'claim']]);
  });

  it('needing no citation is printed with its reason, and fails neither the check nor the build', async () => {
    const findings = await found(
      'This book has chapters on 10 hazards to health. {/* no citation: the count is of this book itself */} Read them.\n',
    );
    expect(findings.map(({ kind }) => kind)).toEqual(['noted']);
    const { lines, failed } = reportOf({ findings, notes: [], fileCount: 2 });
    expect(failed).toBe(false);
    expect(lines[0]).toContain('"This book has chapters on 10 hazards to health." needs no citation: the count is of this book itself');
    expect(lines.at(-1)).toBe('Author check: 2 chapter files, no problems, 1 sentence noted as needing no citation.');
  });

  it('needing no citation covers its own sentence only, however the note is spaced', async () => {
    const text = 'Lagos doubled in size.{/* no citation: a made-up worked example */} Lagos is the largest city in Africa.\n';
    expect(await kinds(text)).toEqual(['noted', 'claim']);
  });

  it.each(['{/* no citation */}', '{/* no citation: */}', '{/* no citation: . */}', '{/* no citation: because */}'])(
    'needing no citation says why, in words: %s is refused',
    async (note) => expect(await kinds(`Nine out of ten people breathe polluted air. ${note}\n`)).toEqual(['claim']),
  );
});
