/**
 * The author check on the fixture books that each hold one mistake: its report must name the file, the place,
 * what is wrong and the fix, and fail. The check runs in this process on each book (as npm run check runs
 * it); the command itself runs on one of them and on the real chapters, for what it prints and its exit code.
 * The valid book and the real chapters must pass, and the troubleshooting page must show each message as the check prints it.
 * External links are never tried (--offline): tests stay off the internet.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkBook as check, reportOf } from '../../integrations/check/author-check.ts';
import { byFixture, documentedChecks, entryLinks } from '../support/authoring-doc.ts';
import { fixtureBook, fixtureNames } from '../support/fixture-books.ts';

const project = join(import.meta.dirname, '../..');

/** `npm run check -- --offline` on a book, as an author runs it: what it prints and its exit code. */
async function runCheck(chapters: string): Promise<{ code: number; lines: string[] }> {
  const env = { ...process.env, BOOK_CHAPTERS_DIR: chapters, NO_COLOR: '1' };
  const { code, stdout } = await promisify(execFile)('npm', ['run', '--silent', 'check', '--', '--offline'], { cwd: project, env }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, stdout: error.stdout ?? '' }),
  );
  return { code, lines: stdout.trim().replaceAll(`${chapters}/`, 'chapters/').split('\n') };
}

/** The same check and report, in this process. */
async function checkBook(chapters: string): Promise<{ code: number; lines: string[] }> {
  const { lines, failed } = reportOf(await check({ dir: chapters, project, external: false }));
  // Line by line, as the command prints it: a finding's troubleshooting link is a line of its own; the book's folder
  // shown as chapters/, where an author's own book is.
  return { code: failed ? 1 : 0, lines: lines.flatMap((line) => line.replaceAll(`${chapters}/`, 'chapters/').split('\n')) };
}

/** Each fixture's report, run once however many tests read it. */
const reports = new Map<string, ReturnType<typeof checkBook>>();
function reportOfFixture(name: string): ReturnType<typeof checkBook> {
  if (!reports.has(name)) reports.set(name, checkBook(fixtureBook(name)));
  return reports.get(name) as ReturnType<typeof checkBook>;
}

// Each row: the fixture, its one mistake, and the exact line the author reads (the summary follows it).
const cases: [name: string, mistake: string, line: string, summary: string][] = [
  [
    'check-hash-in-title',
    'a title with #SDG6 and no quotes',
    'chapters/02-second.mdx:3:1: Frontmatter: "title" is cut at " #": in the frontmatter, what follows " #" is a note the book leaves out, so it would read "Water in cities". Put the whole text in quotes: title: "Water in cities #SDG6"',
    '1 problem (1 frontmatter mistake)',
  ],
];

describe('the author check', () => {
  it.for(cases)('flags %s (%s) with the place and the fix, and fails', async ([name, , line, counts]) => {
    const { code, lines } = await reportOfFixture(name);
    expect(lines).toEqual([
      line,
      expect.stringMatching(/^ {2}See docs\/authoring\/troubleshooting\.md#[a-z-]+$/),
      'External links: there are none.',
      `Author check: 3 chapter files, ${counts}. Fix each line above, then run npm run check again.`,
    ]);
    expect(code).toBe(1);
  });

  it('passes the valid book', async () => {
    const { code, lines } = await checkBook(fixtureBook('valid'));
    expect(lines).toEqual(['External links: there are none.', 'Author check: 3 chapter files, no problems.']);
    expect(code).toBe(0);
  });

  it('prints, as a command, the report and fails with exit code 1', async () => {
    const name = 'check-hash-in-title';
    const run = await runCheck(fixtureBook(name));
    expect(run).toEqual(await reportOfFixture(name));
    expect(run.code).toBe(1);
  });

  it("passes the book's own chapters, and says their links to other sites were not checked", async () => {
    const { code, lines } = await runCheck('chapters');
    expect(lines).toEqual([
      expect.stringMatching(/^External links: \d+ links to other sites not checked \(--offline\)\.$/),
      expect.stringMatching(/^Author check: \d+ chapter files, no problems\.$/),
    ]);
    expect(code).toBe(0);
  });
});

// The troubleshooting page shows authors what the check prints for these books, as it prints it for a book in chapters/.
const shown = documentedChecks();
const documented = byFixture(shown);

describe('docs/authoring/troubleshooting.md', () => {
  it('shows the message of every check-… fixture book', () => {
    const books = fixtureNames().filter((name) => name.startsWith('check-'));
    expect([...documented.keys()].filter((name) => name.startsWith('check-')).sort()).toEqual(books.sort());
    expect(books.sort()).toEqual(cases.map(([name]) => name).sort());
  });

  it.for([...documented])('shows what the check prints for %s', async ([name, messages]) => {
    const { lines } = await reportOfFixture(name);
    const report = lines.join('\n');
    for (const message of messages) expect(report, `the message the guide shows for ${name}`).toContain(message);
    // …and the report links to the entry that shows it.
    const links = entryLinks(shown, name);
    expect(
      links.some((link) => report.includes(link)),
      `${name} links to one of ${links.join(', ')}`,
    ).toBe(true);
  });
});
