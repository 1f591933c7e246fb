/**
 * Which files are a book's chapters and sub-pages, for the content collections and the author check alike,
 * and the files an author meant as pages that those patterns would leave out without a word.
 */
import { globSync } from 'node:fs';
import { basename } from 'node:path';
import { withHelp, type Help } from './troubleshooting.ts';

/** The chapters' folder: chapters/ in the project, or BOOK_CHAPTERS_DIR for another book (a test's, the benchmark's). */
export const chaptersFolder = (): string => process.env.BOOK_CHAPTERS_DIR ?? 'chapters';

/** Chapters, then sub-pages in a folder named like their chapter. */
export const chapterPatterns = { chapters: '*.mdx', subpages: '*/*.mdx' } as const;

/** Extensions an author may use for the one a pattern reads. */
const lookalikes: Record<string, RegExp> = { mdx: /\.(mdx?|markdown)(\.txt)?$/i, yaml: /\.ya?ml(\.txt)?$/i };
/** Notes for people, not pages of the book. */
const readme = /(^|\/)readme\.[^/]*$/i;

export interface SkippedFile {
  /** The file, relative to the folder the pattern reads. */
  file: string;
  /** What is wrong and the fix, in the author's words. */
  message: string;
}

/** Files beside the entries that look like one but do not match the pattern (BlockA.md, 04-food.MDX): of `names` when given (a folder's, for a pattern without folders). */
export function skippedFiles(pattern: string, dir: string, names = globSync(pattern.replace(/\.\w+$/, '.*'), { cwd: dir })): SkippedFile[] {
  const extension = /\.(\w+)$/.exec(pattern)?.[1] ?? '';
  const lookalike = lookalikes[extension];
  if (!lookalike) return [];
  return names
    .filter((file) => lookalike.test(file) && !file.endsWith(`.${extension}`) && !readme.test(file))
    .sort()
    .map((file) => ({
      file,
      message: withHelp(
        `the book only reads files ending in .${extension}, so this one would be left out. Rename it to ${basename(file).replace(/(\.\w+)?\.\w+$/, `.${extension}`)}.`,
        'skippedFile',
      ),
    }));
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  skippedFile: {
    shows: [{ build: 'markdown-subpage' }],
  },
};
