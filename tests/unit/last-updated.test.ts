import { describe, expect, it, vi } from 'vitest';
import { formatDay, gitLogArgs, lastCommitDays, lastUpdatedDay, outermostFolders, parseGitLog } from '../../src/lib/last-updated.ts';

const mark = '\u001e';
// What `git log --format=%x1e%cI --name-only` prints: newest commit first, a blank line, then its files.
const log = [
  `${mark}2026-11-22T14:51:16+01:00\n\nchapters/01-introduction.mdx\n`,
  `${mark}2026-11-20T23:30:00-05:00\n\nchapters/01-introduction.mdx\nchapters/02-mega-slums.mdx\nchapters/03 water/BlockA.mdx\n`,
  `${mark}2026-11-01T08:00:00+00:00\n\nchapters/02-mega-slums.mdx\nchapters/04-food.mdx\n`,
].join('');

describe('the last commit of each file, from one git log', () => {
  it.each([
    ['chapters/01-introduction.mdx', '2026-11-22'],
    ['chapters/02-mega-slums.mdx', '2026-11-20'],
    ['chapters/03 water/BlockA.mdx', '2026-11-20'],
    ['chapters/04-food.mdx', '2026-11-01'],
    ['chapters/05-never-committed.mdx', undefined],
  ])("%s was last changed on %s (the day on the committer's clock)", (file, day) => expect(parseGitLog(log).get(file)).toBe(day));

  it('takes the latest instant even when git lists an older commit first (clock skew, merges)', () => {
    const skewed = `${mark}2026-01-01T00:00:00Z\n\na.mdx\n${mark}2026-03-01T00:00:00Z\n\na.mdx\n`;
    expect(parseGitLog(skewed).get('a.mdx')).toBe('2026-03-01');
  });

  it.each([
    ['no history', ''],
    ['output it cannot read', 'fatal: not a git repository'],
  ])('gives no dates for %s', (_, output) => expect(parseGitLog(output).size).toBe(0));

  // Its speed on such a book is the scale benchmark's to measure (npm run bench:scale), not a test's clock.
  it('reads a thousand chapters with a long history', () => {
    const files = Array.from({ length: 1000 }, (_, i) => `chapters/${i}.mdx`);
    const commits = Array.from(
      { length: 2000 },
      (_, i) => `${mark}2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z\n\n${files.slice(i % 901, (i % 901) + 100).join('\n')}\n`,
    );
    expect(parseGitLog(commits.join('')).size).toBe(1000);
  });
});

describe('the git command', () => {
  it.each([
    [['chapters/01.mdx', 'chapters/03/BlockA.mdx', 'chapters/03/BlockB.mdx'], ['chapters']],
    [
      ['chapters/01.mdx', 'other/02.mdx', 'other/deep/03.mdx'],
      ['chapters', 'other'],
    ],
    [
      ['chapters-extra/01.mdx', 'chapters/01.mdx'],
      ['chapters-extra', 'chapters'],
    ],
    [['01.mdx', 'chapters/01.mdx'], ['.']],
  ])('names only the outermost folders of %j', (files, folders) => expect(outermostFolders(files)).toEqual(folders));

  it('lists file names as written, without rename detection, relative to the working folder', () => {
    expect(gitLogArgs(['chapters'])).toEqual([
      '-c',
      'core.quotepath=off',
      'log',
      `--format=${mark}%cI`,
      '--name-only',
      '--relative',
      '--no-renames',
      '--',
      'chapters',
    ]);
  });

  it('starts one git process for every file of the book, and maps its answer back to each file', async () => {
    const files = Array.from({ length: 1000 }, (_, i) => `chapters/${String(i).padStart(4, '0')}.mdx`);
    const run = vi.fn(async () => `${mark}2026-11-22T10:00:00+00:00\n\n${files.slice(0, 999).join('\n')}\n`);
    const days = await lastCommitDays(files, '/book', run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(gitLogArgs(['chapters']), '/book');
    expect(days.get('chapters/0000.mdx')).toBe('2026-11-22');
    expect(days.has('chapters/0999.mdx')).toBe(false);
  });

  it('finds files named by absolute path too', async () => {
    const run = async () => `${mark}2026-11-22T10:00:00+00:00\n\nchapters/01.mdx\n`;
    expect((await lastCommitDays(['/book/chapters/01.mdx'], '/book', run)).get('/book/chapters/01.mdx')).toBe('2026-11-22');
  });

  it.each([
    ['git is not installed', async () => Promise.reject(new Error('spawn git ENOENT'))],
    ['the book is not in a repository', async () => Promise.reject(new Error('fatal: not a git repository'))],
    ['the files have no commits yet', async () => ''],
  ])('gives no dates when %s', async (_, run) => expect((await lastCommitDays(['chapters/01.mdx'], '/book', run)).size).toBe(0));

  it('starts no process for a book with no files', async () => {
    const run = vi.fn(async () => '');
    await lastCommitDays([], '/book', run);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the day shown as last updated', () => {
  it.each([
    ['the frontmatter date wins over git', new Date('2025-05-01T00:00:00Z'), '2026-11-22', '2025-05-01'],
    ['git gives it when the frontmatter has none', undefined, '2026-11-22', '2026-11-22'],
    ['nothing is shown with neither', undefined, undefined, undefined],
  ])('%s', (_, written, committed, shown) => expect(lastUpdatedDay(written, committed)).toBe(shown));

  it.each([
    ['2025-05-01', '1 May 2025'],
    ['2026-11-22', '22 November 2026'],
    ['2024-12-31', '31 December 2024'],
  ])('%s reads "%s", whatever the time zone', (day, text) => expect(formatDay(day)).toBe(text));
});
