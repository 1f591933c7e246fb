import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type BookFiles, newChapter, newSubpage, nextSubpage, ScaffoldError, slugOf } from '../../tools/new/new-page-plan.ts';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { subpageSchema } from '../../src/schemas/subpage.ts';

// Astro's image() resolves files; here an image path is just a string.
const context = { image: () => z.string() } as unknown as SchemaContext;
const frontmatter = (mdx: string) => parse(/^---\n([\s\S]*?)\n---/.exec(mdx)?.[1] ?? '') as unknown;

/** Chapters 1 to 3; chapter 3 has Block A and B in its folder. */
const book: BookFiles = {
  dir: 'chapters',
  chapters: [1, 2, 3].map((number) => ({ file: `chapters/0${number}-c${number}.mdx`, number, draft: false })),
  subpages: [
    { file: 'chapters/03-c3/BlockA.mdx', chapter: 3, order: 1 },
    { file: 'chapters/03-c3/BlockB.mdx', chapter: 3, order: 2 },
  ],
};

const refusal = (make: () => unknown) => {
  try {
    make();
  } catch (error) {
    if (error instanceof ScaffoldError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('a file name from a title', () => {
  it.each([
    ['Noise and health', 'noise-and-health'],
    ['Água, saneamento & saúde', 'agua-saneamento-saude'],
    ['  "Heat" -- in the city!  ', 'heat-in-the-city'],
    ['Urban violence: the war on drugs, prisons, policing and the long shadow of punishment', 'urban-violence-the-war-on-drugs-prisons-policing'],
    ['¿¡!?', ''],
  ])('%s gives %s', (title, slug) => expect(slugOf(title)).toBe(slug));
});

describe('a new chapter', () => {
  it('takes the next number, and its file holds frontmatter the chapter schema accepts and the starter structure', () => {
    const page = newChapter(book, { title: 'The "right to the city"', draft: false });
    expect(page.route).toBe('/index/Chapter4');
    expect(page.files.map((f) => f.path)).toEqual(['chapters/04-the-right-to-the-city.mdx', 'chapters/images/04-the-right-to-the-city.svg']);
    const [mdx, svg] = page.files.map((f) => f.content) as [string, string];
    expect(chapterSchema(context).parse(frontmatter(mdx))).toMatchObject({
      number: 4,
      // As the book sets it: curly quotes, as in the Markdown.
      title: 'The “right to the city”',
      image: { src: './images/04-the-right-to-the-city.svg', alt: expect.stringContaining('placeholder') },
    });
    // Published because it has no draft line: never a draft: false for an author to wonder about.
    expect(mdx).not.toContain('draft:');
    for (const part of ['## Learning goals', '<Box number={1}', '<Activity number={1}', '## References']) expect(mdx).toContain(part);
    expect(mdx + svg).not.toContain('{{');
    expect(svg).toContain('Replace it with the picture for Chapter 4');
  });

  it('can start as a draft', () => {
    const [file] = newChapter(book, { number: 4, title: 'Noise', draft: true }).files;
    expect(chapterSchema(context).parse(frontmatter(file?.content ?? '')).draft).toBe(true);
  });

  it.each([
    [
      'a taken number',
      { number: 2, title: 'Noise' },
      'Chapter 2 already exists: chapters/02-c2.mdx. Leave out --number to take the next free number, 4.',
    ],
    [
      'a number past the next',
      { number: 6, title: 'Noise' },
      'Chapter 6 would leave a gap: the chapters run 1 to 3, so the next is 4. Leave out --number, or use --number 4.',
    ],
    ['an empty title', { title: '  ' }, '--title is empty. Give the chapter\'s title, such as --title "Noise and health".'],
    ['a title of two lines', { title: 'Noise\nand health' }, '--title must be one line.'],
  ])('refuses %s', (_, request, message) => {
    expect(refusal(() => newChapter(book, { draft: false, ...request }))).toBe(message);
  });

  it('refuses to publish a chapter after a draft, which the build would refuse', () => {
    const withDraft: BookFiles = { ...book, chapters: [...book.chapters, { file: 'chapters/04-d.mdx', number: 4, draft: true }] };
    expect(refusal(() => newChapter(withDraft, { title: 'Noise', draft: false }))).toBe(
      'Chapter 4 (chapters/04-d.mdx) is a draft, and drafts must come after every published chapter. Leave out --published to start chapter 5 as a draft too, or publish chapter 4 first (remove its line draft: true).',
    );
    expect(newChapter(withDraft, { title: 'Noise', draft: true }).route).toBe('/index/Chapter5');
  });

  it('numbers the first chapter of an empty book 1', () => {
    expect(newChapter({ dir: 'chapters', chapters: [], subpages: [] }, { title: 'Introduction', draft: false }).files[0]?.path).toBe(
      'chapters/01-introduction.mdx',
    );
  });
});

describe('a new sub-page', () => {
  it("goes in its chapter's folder after the others, named after its position, with frontmatter the sub-page schema accepts", () => {
    const page = newSubpage(book, { chapter: 3, title: 'Block C: Drainage', draft: false });
    expect(page).toMatchObject({ route: '/index/Chapter3/BlockC', files: [{ path: 'chapters/03-c3/BlockC.mdx' }] });
    const mdx = page.files[0]?.content ?? '';
    expect(subpageSchema().parse(frontmatter(mdx))).toEqual({
      chapter: 3,
      order: 3,
      title: 'Block C: Drainage',
      description: expect.any(String),
    });
    expect(mdx).not.toContain('draft:');
    for (const part of ['<Box number={1}', '<Activity number={1}', '## References']) expect(mdx).toContain(part);
    expect(mdx).not.toContain('{{');
  });

  it("is the first of a chapter without a folder, which is named like the chapter's file", () => {
    expect(newSubpage(book, { chapter: 1, name: 'Water-at-home', title: 'Water at home', draft: true })).toMatchObject({
      route: '/index/Chapter1/Water-at-home',
      files: [{ path: 'chapters/01-c1/Water-at-home.mdx' }],
    });
    expect(nextSubpage(book, 1)).toEqual({ order: 1, name: 'BlockA' });
  });

  it.each([
    [
      'a chapter that does not exist',
      { chapter: 9 },
      "There is no chapter 9: the chapters run 1 to 3. Give an existing chapter's number, or create the chapter first with npm run new:chapter.",
    ],
    [
      'a name with a space',
      { name: 'Block D' },
      '--name must be letters, digits and hyphens, such as BlockD, not "Block D": it becomes the page\'s address, /index/Chapter3/BlockD.',
    ],
    [
      'a name the chapter has, in other letter case',
      { name: 'blocka' },
      'Chapter 3 already has a page named BlockA: chapters/03-c3/BlockA.mdx. Choose another --name.',
    ],
    ['an empty title', { title: '' }, '--title is empty. Give the page\'s title, such as --title "Block D: Drainage and flooding".'],
  ])('refuses %s', (_, request, message) => {
    expect(refusal(() => newSubpage(book, { chapter: 3, title: 'Block D', draft: false, ...request }))).toBe(message);
  });
});
