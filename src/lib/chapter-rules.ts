/**
 * Rules that span several chapter files, checked once per build. Pure functions over plain
 * records, so they can be tested without Astro.
 */
import { withHelp, type Help } from './troubleshooting.ts';

/** The part of a collection entry the rules need. */
export interface EntryRef<Data> {
  id: string;
  filePath?: string | undefined;
  data: Data;
}

export interface BookProblem {
  /** The file to open, relative to the project. */
  file: string;
  /** The frontmatter field at fault. */
  field: string;
  /** What is wrong and how to fix it, in one or two sentences. */
  message: string;
  /** The field's line in the file, where known. */
  line?: number | undefined;
}

const fileOf = (entry: EntryRef<unknown>) => entry.filePath ?? entry.id;

/**
 * The numbers missing between 1 and the highest chapter: each is one mistake, named on the chapter after it, and a
 * sub-page or a link that names it is not a mistake of its own.
 */
export function chapterGaps(numbers: readonly number[]): number[] {
  const highest = Math.max(0, ...numbers);
  return Array.from({ length: highest }, (_, index) => index + 1).filter((n) => !numbers.includes(n));
}

/** Chapter numbers must be unique and run 1, 2, 3 … with no gap. */
export function checkChapterNumbers(chapters: EntryRef<{ number: number }>[]): BookProblem[] {
  const problems: BookProblem[] = [];
  const byNumber = new Map<number, EntryRef<{ number: number }>>();
  // A copy a file manager made ("02-water - Copy.mdx", "02-water (1).mdx") is the one to name, whichever sorts first.
  const isCopy = (entry: EntryRef<unknown>) => /(^|[\s_-])copy\b|copy of|\(\d+\)\.mdx$/i.test(fileOf(entry).split('/').pop() ?? '');
  for (const chapter of chapters) {
    const other = byNumber.get(chapter.data.number);
    if (other) {
      const [kept, extra] = isCopy(other) && !isCopy(chapter) ? [chapter, other] : [other, chapter];
      problems.push({
        file: fileOf(extra),
        field: 'number',
        message: withHelp(
          isCopy(extra)
            ? `${fileOf(extra)} looks like a copy of ${fileOf(kept)}: both are chapter ${chapter.data.number}. Delete the copy, or give it a number of its own.`
            : `Chapter number ${chapter.data.number} is already used by ${fileOf(other)}. Give each chapter its own number.`,
          'numberUsed',
        ),
      });
      byNumber.set(chapter.data.number, kept);
    } else byNumber.set(chapter.data.number, chapter);
  }
  // Numbers missing side by side are one gap (chapter 10 renumbered 12 leaves out 10 and 11): one message.
  const gaps = chapterGaps([...byNumber.keys()]);
  const runs = gaps
    .filter((n) => !gaps.includes(n - 1))
    .map((first) => {
      let last = first;
      while (gaps.includes(last + 1)) last += 1;
      return [first, last] as const;
    });
  for (const [n, last] of runs) {
    const after = [...byNumber.values()].filter((c) => c.data.number > n).sort((a, b) => a.data.number - b.data.number)[0];
    const missing = n === last ? `chapter ${n}` : `chapter ${n} ${last === n + 1 ? 'or' : 'to'} ${last}`;
    const add = n === last ? `a chapter numbered ${n}` : `chapters numbered ${n} ${last === n + 1 ? 'and' : 'to'} ${last}`;
    problems.push({
      file: after ? fileOf(after) : 'chapters/',
      field: 'number',
      message: withHelp(
        `There is no ${missing}: chapter numbers must run 1, 2, 3 … without a gap. Add ${add} or renumber the chapters after it.`,
        'numberGap',
      ),
    });
  }
  return problems;
}

/**
 * Drafts come after every published chapter: the built book leaves drafts out, so a draft between
 * published chapters would leave readers a gap in the numbers.
 */
export function checkDraftsLast(chapters: EntryRef<{ number: number; draft?: boolean | undefined }>[]): BookProblem[] {
  const published = chapters.filter((c) => !c.data.draft).sort((a, b) => a.data.number - b.data.number);
  const last = published.at(-1)?.data.number ?? 0;
  return chapters.flatMap((chapter) => {
    const n = chapter.data.number;
    const after = published.find((c) => c.data.number > n);
    if (!chapter.data.draft || !after) return [];
    const renumber = n + 1 === last ? `chapter ${last} as ${n}` : `chapters ${n + 1} to ${last} as ${n} to ${last - 1}`;
    return [
      {
        file: fileOf(chapter),
        field: 'draft',
        message: withHelp(
          `Chapter ${n} is a draft, which the built book leaves out, but chapter ${after.data.number} after it (${fileOf(after)}) is published: readers would find no chapter ${n}. ` +
            `Drafts must come after the last published chapter, ${last}. Remove the line draft: true to publish this chapter, or make it chapter ${last} and renumber ${renumber}.`,
          'draftBefore',
        ),
      },
    ];
  });
}

/** Each sub-page's parent chapter must exist, and its order must be unique within that chapter. */
export function checkSubpages(chapters: EntryRef<{ number: number }>[], subpages: EntryRef<{ chapter: number; order: number }>[]): BookProblem[] {
  const numbers = new Set(chapters.map((c) => c.data.number));
  const gaps = new Set(chapterGaps([...numbers]));
  const problems: BookProblem[] = [];
  const seen = new Map<string, EntryRef<unknown>>();
  for (const page of subpages) {
    if (!numbers.has(page.data.chapter) && !gaps.has(page.data.chapter)) {
      problems.push({
        file: fileOf(page),
        field: 'chapter',
        message: withHelp(
          `This sub-page belongs to chapter ${page.data.chapter}, which does not exist. Set "chapter" to an existing chapter's number or add that chapter.`,
          'noParentChapter',
        ),
      });
    }
    const key = `${page.data.chapter}:${page.data.order}`;
    const other = seen.get(key);
    if (other) {
      problems.push({
        file: fileOf(page),
        field: 'order',
        message: withHelp(
          `Order ${page.data.order} is already used by ${fileOf(other)} in chapter ${page.data.chapter}. Give each sub-page its own position.`,
          'orderUsed',
        ),
      });
    } else seen.set(key, page);
  }
  return problems;
}

/** One readable report for the build log: a line per problem naming the file (and line), the field and the fix. */
export function formatProblems(problems: BookProblem[]): string {
  return problems.map((p) => `${p.line ? `${p.file}:${p.line}` : p.file}: "${p.field}": ${p.message}`).join('\n');
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  numberUsed: {
    shows: [{ build: 'duplicate-number' }],
  },
  numberGap: {
    shows: [{ build: 'number-gap' }],
  },
  noParentChapter: {
    shows: [{ build: 'orphan-subpage' }],
  },
  orderUsed: {
    shows: [{ build: 'duplicate-order' }],
  },
  draftBefore: {
    shows: [{ build: 'draft-before-published' }],
  },
};
