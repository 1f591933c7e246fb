/**
 * What a chapter or sub-page says about itself under its title: how long it takes to read and when
 * it was last updated. The git dates of every file of the book come from one git process per build.
 */
import { type Chapter, getBook, type Subpage } from './chapters.ts';
import { type Day, lastCommitDays, lastUpdatedDay } from './last-updated.ts';
import { readingTimeOf } from './reading-time.ts';

export interface PageMeta {
  /** Minutes to read the page's text, boxes, activities and tips included. */
  minutes: number;
  /** The day it was last updated, if known (frontmatter, else git). */
  updated: Day | undefined;
}

let commitDays: Promise<Map<string, Day>> | undefined;

/** The last-commit day of every chapter and sub-page, asked of git once per build. */
function bookCommitDays(): Promise<Map<string, Day>> {
  commitDays ??= getBook().then(({ readingOrder }) => lastCommitDays(readingOrder.flatMap(({ entry }) => (entry.filePath ? [entry.filePath] : []))));
  // A book with a mistake is asked again once the author fixes it (the dev server keeps running).
  commitDays.catch(() => (commitDays = undefined));
  return commitDays;
}

export async function pageMeta(entry: Chapter | Subpage): Promise<PageMeta> {
  const committed = entry.filePath ? (await bookCommitDays()).get(entry.filePath) : undefined;
  return { minutes: readingTimeOf(entry.body ?? ''), updated: lastUpdatedDay(entry.data.lastUpdated, committed) };
}
