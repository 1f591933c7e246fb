/**
 * The author check on the fixture books that each hold one mistake: its report must name the file, the place,
 * what is wrong and the fix, and fail. The check runs in this process on each book (as npm run check runs
 * it); the command itself runs on one of them and on the real chapters, for what it prints and its exit code.
 * The valid book and the real chapters must pass. (Each rule's mistakes are its examples: tests/unit/check-rules.test.ts.)
 * External links are never tried (--offline): tests stay off the internet.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkBook as check, reportOf } from '../../integrations/check/author-check.ts';
import { fixtureBook } from '../support/fixture-books.ts';

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

describe('the author check', () => {
  it('names the place of a mistake and its fix, links its entry, sums it up, and fails', async () => {
    const { code, lines } = await reportOfFixture('missing-title');
    expect(lines).toEqual([
      'chapters/02-second.mdx:1:1: Frontmatter: "title" is missing. Add the chapter\'s title: title: "Public health in mega-slums"',
      expect.stringMatching(/^ {2}See docs\/authoring\/troubleshooting\.md#[a-z-]+$/),
      'External links: there are none.',
      'Author check: 3 chapter files, 1 problem (1 frontmatter mistake). Fix each line above, then run npm run check again.',
    ]);
    expect(code).toBe(1);
  });

  it('passes the valid book', async () => {
    const { code, lines } = await checkBook(fixtureBook('valid'));
    expect(lines).toEqual(['External links: there are none.', 'Author check: 3 chapter files, no problems.']);
    expect(code).toBe(0);
  });

  it('prints, as a command, the report and fails with exit code 1', async () => {
    const name = 'missing-title';
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
