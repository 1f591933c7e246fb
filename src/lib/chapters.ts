/**
 * The one place pages ask for chapters. Loads the collections once per build, checks the rules that span
 * files, and stops the build with every problem listed if any rule is broken. Drafts are left out
 * here, and only here, of a build: every page, list and index follows.
 */
import { resolve } from 'node:path';
import { type CollectionEntry, getCollection } from 'astro:content';
import { type BookProblem, checkChapterNumbers, checkDraftsLast, checkSubpages, formatProblems } from './chapter-rules.ts';
import { BookMistake, lineOfField } from './frontmatter-mistakes.ts';
import { paths } from './routes.ts';

export type Chapter = CollectionEntry<'chapters'>;
export type Subpage = CollectionEntry<'subpages'>;

/** A page in reading order: a chapter or one of its sub-pages. */
export interface BookPage {
  path: string;
  title: string;
  /** 'Chapter 3' for chapters and their sub-pages alike. */
  chapterLabel: string;
  entry: Chapter | Subpage;
  /** A draft, or a page of a draft chapter: only `astro dev` shows it. */
  draft: boolean;
}

export interface Book {
  /** Chapters sorted by number. */
  chapters: Chapter[];
  /** Sub-pages of a chapter, sorted by their order. */
  subpagesOf: (chapter: number) => Subpage[];
  /** Every chapter and sub-page in reading order (chapter 3, then its blocks, then chapter 4). */
  readingOrder: BookPage[];
}

/** The address segment of a sub-page: its file name, e.g. BlockA. */
export const subpageSlug = (page: Subpage) => page.id.split('/').pop() ?? page.id;

let loaded: Promise<Book> | undefined;

/** The whole book, loaded and checked once per build (on each request in `astro dev`). */
export function getBook(): Promise<Book> {
  // The dev server's chapters change while it runs: a book kept from an earlier request could be out of date.
  if (import.meta.env.DEV) return loadBook();
  loaded ??= loadBook();
  return loaded;
}

async function loadBook(): Promise<Book> {
  // In `astro dev`, a mistake saved in a chapter shows on the overlay in the author check's words
  // (integrations/check/while-editing.ts); meanwhile the content store keeps the last version that was right.
  const [chapters, subpages] = await Promise.all([getCollection('chapters'), getCollection('subpages')]);
  // Authors see their drafts in `astro dev`; a build leaves them out (integrations/book.ts).
  return assembleBook(chapters, subpages, { showDrafts: import.meta.env.BOOK_SHOW_DRAFTS === true });
}

export interface AssembleOptions {
  /** Keep drafts (and the sub-pages of draft chapters) in the book; otherwise they are left out. */
  showDrafts?: boolean;
}

/** Checks the rules that span files (drafts included), then orders chapters and sub-pages for reading. */
export function assembleBook(chapterEntries: Chapter[], subpageEntries: Subpage[], { showDrafts = false }: AssembleOptions = {}): Book {
  const problems = [...checkChapterNumbers(chapterEntries), ...checkDraftsLast(chapterEntries), ...checkSubpages(chapterEntries, subpageEntries)];
  if (problems.length > 0) {
    const located = problems.map(withLine);
    const first = located.find((problem) => problem.line);
    throw new BookMistake(
      'A mistake in the frontmatter.',
      `The chapters break ${problems.length === 1 ? 'a rule' : `${problems.length} rules`}:\n${formatProblems(located)}`,
      'Fix the frontmatter named above in each file and save it: npm run dev shows the page again, npm run build builds it.',
      { file: resolve((first ?? located[0])?.file ?? '.'), line: first?.line, column: 1 },
    );
  }
  const draftChapters = new Set(chapterEntries.filter((c) => c.data.draft).map((c) => c.data.number));
  const isDraft = (entry: Chapter | Subpage) => entry.data.draft === true || ('chapter' in entry.data && draftChapters.has(entry.data.chapter));
  const chapters = chapterEntries.filter((c) => showDrafts || !isDraft(c)).sort((a, b) => a.data.number - b.data.number);
  const subpages = subpageEntries
    .filter((p) => showDrafts || !isDraft(p))
    .sort((a, b) => a.data.chapter - b.data.chapter || a.data.order - b.data.order);
  const subpagesOf = (chapter: number) => subpages.filter((p) => p.data.chapter === chapter);
  const readingOrder = chapters.flatMap((chapter): BookPage[] => {
    const chapterLabel = `Chapter ${chapter.data.number}`;
    return [
      { path: paths.chapter(chapter.data.number), title: chapter.data.title, chapterLabel, entry: chapter, draft: isDraft(chapter) },
      ...subpagesOf(chapter.data.number).map((page) => ({
        path: paths.subpage(chapter.data.number, subpageSlug(page)),
        title: page.data.title,
        chapterLabel,
        entry: page,
        draft: isDraft(page),
      })),
    ];
  });
  return { chapters, subpagesOf, readingOrder };
}

/** The problem with the line of its field (file paths are relative to the project, where Astro runs). */
function withLine(problem: BookProblem): BookProblem {
  return { ...problem, line: lineOfField(resolve(problem.file), problem.field) };
}
