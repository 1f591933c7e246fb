import { describe, expect, it } from 'vitest';
import { checkChapterNumbers, checkDraftsLast, checkSubpages, formatProblems } from '../../src/lib/chapter-rules.ts';
import { withHelp } from '../../src/lib/troubleshooting.ts';

const chapter = (number: number, file = `chapters/${number}.mdx`) => ({ id: String(number), filePath: file, data: { number } });
const subpage = (chapterNumber: number, order: number, file = `chapters/x/${order}.mdx`) => ({
  id: file,
  filePath: file,
  data: { chapter: chapterNumber, order },
});

describe('chapter numbers', () => {
  it('accepts 1, 2, 3 in any file order', () => {
    expect(checkChapterNumbers([chapter(2), chapter(1), chapter(3)])).toEqual([]);
  });

  it('names both files when a number is used twice', () => {
    const [problem, ...rest] = checkChapterNumbers([chapter(1, 'chapters/a.mdx'), chapter(2), chapter(1, 'chapters/b.mdx')]);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: 'chapters/b.mdx', field: 'number' });
    expect(problem?.message).toContain('already used by chapters/a.mdx');
  });

  it('reports a gap once, however many numbers it leaves out, naming the chapter after it', () => {
    const problems = checkChapterNumbers([
      chapter(1),
      chapter(4, 'chapters/four.mdx'),
      chapter(6, 'chapters/six.mdx'),
      chapter(10, 'chapters/ten.mdx'),
    ]);
    expect(problems.map((p) => [p.file, p.message.split(':')[0]])).toEqual([
      ['chapters/four.mdx', 'There is no chapter 2 or 3'],
      ['chapters/six.mdx', 'There is no chapter 5'],
      ['chapters/ten.mdx', 'There is no chapter 7 to 9'],
    ]);
  });

  it('requires the book to start at chapter 1', () => {
    expect(checkChapterNumbers([chapter(2)])[0]?.message).toContain('There is no chapter 1');
  });
});

describe('drafts', () => {
  const draft = (number: number) => ({ id: String(number), filePath: `chapters/${number}.mdx`, data: { number, draft: true } });

  it('may follow the last published chapter', () => {
    expect(checkDraftsLast([chapter(1), chapter(2), draft(3), draft(4)])).toEqual([]);
    expect(checkDraftsLast([draft(1), draft(2)])).toEqual([]);
  });

  it('may not come before a published chapter: the built book would skip its number', () => {
    const problems = checkDraftsLast([chapter(1), draft(2), chapter(3, 'chapters/three.mdx'), chapter(4), draft(5)]);
    expect(problems).toEqual([
      {
        file: 'chapters/2.mdx',
        field: 'draft',
        message: withHelp(
          'Chapter 2 is a draft, which the built book leaves out, but chapter 3 after it (chapters/three.mdx) is published: readers would find no chapter 2. ' +
            'Drafts must come after the last published chapter, 4. Remove the line draft: true to publish this chapter, or make it chapter 4 and renumber chapters 3 to 4 as 2 to 3.',
          'draftBefore',
        ),
      },
    ]);
  });
});

describe('sub-pages', () => {
  it('accepts sub-pages of existing chapters with distinct positions', () => {
    expect(checkSubpages([chapter(1), chapter(3)], [subpage(3, 1), subpage(3, 2), subpage(1, 1)])).toEqual([]);
  });

  it('rejects a sub-page whose chapter does not exist', () => {
    const [problem] = checkSubpages([chapter(1)], [subpage(7, 1, 'chapters/07/BlockA.mdx')]);
    expect(problem).toMatchObject({ file: 'chapters/07/BlockA.mdx', field: 'chapter' });
    expect(problem?.message).toContain('chapter 7, which does not exist');
  });

  it('leaves a sub-page of a chapter missing from the numbers to the gap, named once on the chapter after it', () => {
    const chapters = [chapter(1), chapter(3)];
    expect(checkSubpages(chapters, [subpage(2, 1)])).toEqual([]);
    expect(checkChapterNumbers(chapters).map((problem) => problem.message)).toEqual([expect.stringContaining('There is no chapter 2')]);
  });

  it('rejects two sub-pages at the same position of one chapter', () => {
    const [problem] = checkSubpages([chapter(3)], [subpage(3, 1, 'a.mdx'), subpage(3, 1, 'b.mdx')]);
    expect(problem).toMatchObject({ file: 'b.mdx', field: 'order' });
  });
});

it('formats one line per problem with file, field and fix, and the line where it is known', () => {
  expect(formatProblems([{ file: 'chapters/b.mdx', field: 'number', message: 'Fix it.' }])).toBe('chapters/b.mdx: "number": Fix it.');
  expect(formatProblems([{ file: 'chapters/b.mdx', field: 'number', message: 'Fix it.', line: 2 }])).toBe('chapters/b.mdx:2: "number": Fix it.');
});
