/**
 * When a page was last updated: the author's `lastUpdated` date, or else the day of the last git
 * commit that changed its file. One `git log` answers for every file of the book at once, so a book
 * of a thousand chapters still starts one process per build, and reading its answer is linear.
 */
import { execFile } from 'node:child_process';
import { relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

/** A calendar day as written in ISO 8601 and in `<time datetime>`: 2025-05-01. */
export type Day = string;

/** Marks the start of each commit in the log, before its date; file names follow, one a line. */
const commitMark = '\u001e';

/** The git command: every commit that touched the given paths, newest first, each with its date and files. */
export const gitLogArgs = (paths: string[]): string[] => [
  '-c',
  'core.quotepath=off', // file names as written (é, not "\303\251")
  'log',
  `--format=${commitMark}%cI`,
  '--name-only',
  '--relative', // names relative to the working directory, as the book's file paths are
  '--no-renames', // rename detection compares files pairwise: costly on a big book, and not needed for a date
  '--',
  ...paths,
];

/**
 * For each file in `git log` output (see gitLogArgs), the day of its latest commit. The day is the
 * one the committer's clock showed, as git wrote it; "latest" compares instants, whatever the order.
 */
export function parseGitLog(output: string): Map<string, Day> {
  const latest = new Map<string, { at: number; day: Day }>();
  for (const commit of output.split(commitMark)) {
    const [date = '', ...files] = commit.split('\n');
    const at = Date.parse(date);
    if (Number.isNaN(at)) continue;
    for (const file of files) {
      if (file === '') continue;
      const known = latest.get(file);
      if (!known || at > known.at) latest.set(file, { at, day: date.slice(0, 10) });
    }
  }
  return new Map([...latest].map(([file, { day }]) => [file, day]));
}

/** Runs git with these arguments in this folder and gives its output; rejects if git fails or is missing. */
export type GitRunner = (args: string[], cwd: string) => Promise<string>;

const runGit: GitRunner = async (args, cwd) => (await promisify(execFile)('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;

/**
 * The day of the last commit of each of these files (paths relative to `cwd`, or absolute), from one
 * git process. Files with no commit are left out; with no git, or outside a repository, the map is empty.
 */
export async function lastCommitDays(files: string[], cwd: string = process.cwd(), run: GitRunner = runGit): Promise<Map<string, Day>> {
  const keyOf = (file: string) => relative(cwd, resolve(cwd, file)).split(sep).join('/');
  if (files.length === 0) return new Map();
  const log = await run(gitLogArgs(outermostFolders(files.map(keyOf))), cwd).catch(() => '');
  const days = parseGitLog(log);
  return new Map(
    files.flatMap((file) => {
      const day = days.get(keyOf(file));
      return day ? [[file, day] as const] : [];
    }),
  );
}

/** The folders holding these files, without those inside another: chapters/ covers chapters/03-water/. */
export function outermostFolders(files: string[]): string[] {
  const folders = new Set(files.map((file) => file.replace(/\/?[^/]*$/, '') || '.'));
  const ancestors = (folder: string) =>
    folder
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  return [...folders].filter((folder) => (folders.has('.') ? folder === '.' : !ancestors(folder).some((up) => folders.has(up))));
}

/** The day to show: the frontmatter's date if the author wrote one, else the last commit's, else none. */
export function lastUpdatedDay(written: Date | undefined, committed: Day | undefined): Day | undefined {
  return written ? written.toISOString().slice(0, 10) : committed;
}

/** A day as readers of the book read it: "1 May 2025". */
export const formatDay = (day: Day, locale = 'en-GB'): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
