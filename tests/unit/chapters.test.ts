import { describe, expect, it } from 'vitest';
import { assembleBook, type Book, type Chapter, type Subpage } from '../../src/lib/chapters.ts';

const chapter = (number: number, title = `Chapter title ${number}`, draft?: boolean) =>
  ({
    id: `0${number}-chapter`,
    filePath: `chapters/0${number}-chapter.mdx`,
    collection: 'chapters',
    data: { number, title, draft },
  }) as unknown as Chapter;
const subpage = (parent: number, order: number, name: string, draft?: boolean) =>
  ({
    id: `0${parent}-chapter/${name}`,
    filePath: `chapters/0${parent}-chapter/${name}.mdx`,
    collection: 'subpages',
    data: { chapter: parent, order, title: `Block ${name}`, draft },
  }) as unknown as Subpage;

describe('the chapter queries', () => {
  it('sort chapters by number, whatever the order of the files', () => {
    const book = assembleBook([chapter(3), chapter(1), chapter(2)], []);
    expect(book.chapters.map((c) => c.data.number)).toEqual([1, 2, 3]);
  });

  it('give each chapter its sub-pages in their order', () => {
    const book = assembleBook([chapter(1), chapter(2)], [subpage(2, 2, 'BlockB'), subpage(2, 1, 'BlockA')]);
    expect(book.subpagesOf(2).map((p) => p.data.title)).toEqual(['Block BlockA', 'Block BlockB']);
    expect(book.subpagesOf(1)).toEqual([]);
  });

  it('list every page in reading order, a chapter before its sub-pages, with their addresses', () => {
    const book = assembleBook([chapter(2), chapter(1), chapter(3)], [subpage(2, 2, 'BlockB'), subpage(2, 1, 'BlockA')]);
    expect(book.readingOrder.map(({ path, chapterLabel }) => `${chapterLabel} ${path}`)).toEqual([
      'Chapter 1 /index/Chapter1',
      'Chapter 2 /index/Chapter2',
      'Chapter 2 /index/Chapter2/BlockA',
      'Chapter 2 /index/Chapter2/BlockB',
      'Chapter 3 /index/Chapter3',
    ]);
  });

  it('stop with every broken rule listed, naming the files', () => {
    const assemble = () => assembleBook([chapter(1), chapter(1), chapter(4)], [subpage(7, 1, 'BlockA')]);
    expect(assemble).toThrow(/The chapters break \d+ rules/);
    expect(assemble).toThrow(/chapters\/01-chapter\.mdx/);
    expect(assemble).toThrow(/There is no chapter 2/);
    expect(assemble).toThrow(/chapters\/07-chapter\/BlockA\.mdx/);
  });
});

describe('drafts', () => {
  // Chapter 3 is a draft with a sub-page of its own; chapter 2 has a published and a draft sub-page.
  const chapters = [chapter(1), chapter(2), chapter(3, 'A draft', true)];
  const subpages = [subpage(2, 1, 'BlockA'), subpage(2, 2, 'BlockB', true), subpage(3, 1, 'BlockA')];
  const pathsOf = (book: Book) => book.readingOrder.map(({ path, draft }) => `${path}${draft ? ' (draft)' : ''}`);

  it('are left out of a build: chapters, sub-pages and the sub-pages of draft chapters', () => {
    const book = assembleBook(chapters, subpages);
    expect(book.chapters.map((c) => c.data.number)).toEqual([1, 2]);
    expect(book.subpagesOf(2).map((p) => p.data.title)).toEqual(['Block BlockA']);
    expect(book.subpagesOf(3)).toEqual([]);
    expect(pathsOf(book)).toEqual(['/index/Chapter1', '/index/Chapter2', '/index/Chapter2/BlockA']);
  });

  it('are in the book the dev server shows, each marked as a draft', () => {
    const book = assembleBook(chapters, subpages, { showDrafts: true });
    expect(book.chapters.map((c) => c.data.number)).toEqual([1, 2, 3]);
    expect(pathsOf(book)).toEqual([
      '/index/Chapter1',
      '/index/Chapter2',
      '/index/Chapter2/BlockA',
      '/index/Chapter2/BlockB (draft)',
      '/index/Chapter3 (draft)',
      '/index/Chapter3/BlockA (draft)',
    ]);
  });

  it.each([false, true])('before a published chapter stop the book, drafts shown: %s', (showDrafts) => {
    const assemble = () => assembleBook([chapter(1), chapter(2, 'A draft', true), chapter(3)], [], { showDrafts });
    expect(assemble).toThrow(/chapters\/02-chapter\.mdx: "draft": Chapter 2 is a draft, which the built book leaves out/);
  });

  it("count for the numbering: a published chapter may not take a draft's number", () => {
    expect(() => assembleBook([chapter(1), chapter(2, 'A draft', true), chapter(2)], [])).toThrow(/Chapter number 2 is already used/);
  });
});
