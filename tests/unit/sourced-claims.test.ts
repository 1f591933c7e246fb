/**
 * The rule that a figure or a ranking cites its source (integrations/check/rules/sourced-claims.ts), against a corpus:
 * statements of each kind a student would quote, which it must find without a source; sentences stating none, which it
 * must let be; where a sentence ends; and an author's note that a sentence needs no citation, printed with its reason.
 */
import { describe, expect, it } from 'vitest';
import { reportOf } from '../../integrations/check/author-check.ts';
import { exampleChapter } from '../../integrations/check/rule.ts';
import sourcedClaims, { claimIn, sentencesOf } from '../../integrations/check/rules/sourced-claims.ts';
import { sourceFile } from '../../integrations/check/source-files.ts';

const claims: [sentence: string, kind: string][] = [
  ['About 40 per cent of Lagos lives in informal settlements.', 'a per cent'],
  ['Air pollution causes 7% of deaths.', 'a per cent'],
  ['Nearly 1.1 billion people live in slums.', 'a count'],
  ['Two billion more may join them.', 'a count'],
  ['Millions of people drink unsafe water.', 'a count'],
  ['Heat killed 250,000 people.', 'a count'],
  ['Night temperatures stay 5 °C higher in the centre.', 'a quantity'],
  ['The annual limit is 5 µg/m³.', 'a quantity'],
  ['Children in slums are twice as likely to die.', 'a quantity'],
  ['More than half of humanity lives in cities.', 'a share'],
  ['Nine out of ten people breathe polluted air.', 'a share'],
  ['Jakarta is the largest city on Earth.', 'a ranking'],
  ['Most of the growth will be in Africa.', 'a ranking'],
  ['Diarrhoea is a leading cause of death in children.', 'a ranking'],
  ['Lagos doubled in size between 1990 and 2015.', 'a trend bound to a year'],
  ['The number of megacities grew from 10 in 1990 to 33 in 2018.', 'a trend bound to a year'],
  ['By 2050 the urban population is projected to overtake every forecast.', 'a trend bound to a year'],
  ['There were 33 megacities in 2018.', 'a quantity'],
];

const noClaims = [
  'Cities concentrate hospitals, schools, jobs and ideas.',
  'In 1854 John Snow traced a cholera outbreak to a pump on Broad Street.',
  "Edwin Chadwick's report (1842) led to the Public Health Act of 1848.",
  'Figure 1 and Map 1 show the data; Chapter 3 returns to it in Activity 2.',
  'Write an essay on your own city.',
  'Ask who is most exposed, and why.',
  'Annex 1.2 holds the handout.',
  'PM2.5 is fine particulate matter.',
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

/** What the rule finds in a chapter's text, as the check reports it. */
const found = (text: string) => {
  const { file, book } = exampleChapter(text);
  return sourcedClaims.check(file, book.map);
};

describe('a figure without a source', () => {
  it('is refused in a paragraph citing two sources, each for its own sentence', () => {
    const text = 'Cities grew [@a]. Slums grew too [@b]. About 40 per cent of Lagos lives in them.\n';
    expect(found(text).map(({ kind, line, column }) => [kind, line, column])).toEqual([['claim', 9, 40]]);
  });

  it('is sourced by the one source its paragraph cites, before or after it', () => {
    expect(found('About 40 per cent of Lagos lives in slums. Its growth is the fastest in Africa [@a].\n')).toEqual([]);
  });

  it('is sourced in a box, a tip or a list by the same rules, and refused there without one', () => {
    const box = '<Box number={1} title="Water">\n\nAbout 40 per cent of Lagos lives in slums.\n\n</Box>\n';
    const list = '- About 40 per cent of Lagos lives in slums.\n- Most of them lack sewers [@a].\n';
    expect(found(box).map(({ kind }) => kind)).toEqual(['claim']);
    expect(found(list).map(({ kind }) => kind)).toEqual(['claim']);
  });

  it('is sourced on a slide by the source it names', () => {
    const slide = (source: string) =>
      sourceFile(
        '/book/slides/deck.mdx',
        Buffer.from(
          `---\ntitle: "A deck"\nchapter: 1\n---\n\n<Slide number={1} title="Growth"${source}>\n\n- 55% of people lived in urban areas in 2018.\n\n</Slide>\n`,
        ),
        'text',
      );
    const none = { draftOf: () => undefined };
    expect(sourcedClaims.check(slide(' source="United Nations (2019)."'), none)).toEqual([]);
    expect(sourcedClaims.check(slide(''), none).map(({ kind }) => kind)).toEqual(['claim']);
  });

  it('needing no citation is printed with its reason, and fails neither the check nor the build', () => {
    const text = 'This book has chapters on 10 hazards to health. {/* no citation: the count is of this book itself */} Read them in order.\n';
    const findings = found(text);
    expect(findings.map(({ kind }) => kind)).toEqual(['noted']);
    const { lines, failed } = reportOf({ findings, notes: [], fileCount: 2 });
    expect(failed).toBe(false);
    expect(lines[0]).toContain('"This book has chapters on 10 hazards to health." needs no citation: the count is of this book itself');
    expect(lines.at(-1)).toBe('Author check: 2 chapter files, no problems, 1 sentence noted as needing no citation.');
  });
});
