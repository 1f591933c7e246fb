/**
 * An author's mistake must be caught with a message naming the file, the line and the fix: by the author check
 * (`npm run check`), which reads the frontmatter and the components with the build's own schemas and rules,
 * and by the build, which stops. Each folder in tests/fixtures/books is the small valid book with one mistake (fixture-books.ts).
 * The check runs on every one, in this process (a second each). The build (tools/build/build.ts) runs that same check
 * first and stops on any error, printing the check's lines: one real build of a book holding mistakes of several kinds
 * at once shows it prints every one and leaves the last good book as it was. Builds run one after another, each
 * stopped (with every process it started) if its test times out.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'vitest';
import { checkBook, reportOf } from '../../integrations/check/author-check.ts';
import { formatFinding } from '../../integrations/check/findings.ts';
import { exampleFindings } from '../../integrations/check/rule.ts';
import members from '../../integrations/check/rules/members.ts';
import bibliography from '../../integrations/check/rules/bibliography.ts';
import { byFixture, documentedErrors, entryLinks, projectRoot } from '../support/authoring-doc.ts';
import { buildBook, buildTimeout, outputRoot } from '../support/build-book.ts';
import { fixtureBook, fixtureNames, fixtures } from '../support/fixture-books.ts';

/** What the author check prints for a fixture book, its folder shown as chapters/, as for an author's own book. */
async function checkReport(fixture: string): Promise<string[]> {
  const dir = fixtureBook(fixture);
  const { lines } = reportOf(await checkBook({ dir, project: projectRoot, external: false }));
  return lines.map((line) => line.replaceAll(`${dir}/`, 'chapters/'));
}

/** What the build's own check reports for the scratch copy it built (BuildResult.root), its paths as the build prints them. */
async function buildCheckReport(root: string): Promise<string[]> {
  const { lines } = reportOf(await checkBook({ dir: join(root, 'chapters'), project: root, external: false }));
  return lines.map((line) => line.replaceAll(`${relative(process.cwd(), root)}/`, ''));
}

// The troubleshooting page shows authors the exact message each of these mistakes makes the build print.
const shownErrors = documentedErrors();
const documented = byFixture(shownErrors);

describe('an author who writes', () => {
  it('a mistake of each fixture book is one the troubleshooting page shows', ({ expect }) => {
    expect([...documented.keys()].sort()).toEqual(mistakes.toSorted());
  });

  it.for([...documented])(
    '%s is told by the author check where it is and how to fix it, as the guide shows',
    async ([fixture, shown], { expect }) => {
      const report = reportFor(fixture);
      // The build prints these in the same words: what the guide shows for this mistake is lines of the check's report.
      const reportLines = report.join('\n').split('\n');
      for (const message of shown) {
        expect(message, 'it starts with the file, the line and the column').toMatch(/^chapters\/\S+:\d+:\d+: /);
        for (const text of message.split('\n')) expect(reportLines, `the guide's line for ${fixture}`).toContain(text);
      }
      // The check's line links to the entry that explains it.
      const links = entryLinks(shownErrors, fixture);
      expect(
        links.some((link) => report.join('\n').includes(link)),
        `${fixture} links to one of ${links.join(', ')}`,
      ).toBe(true);
    },
  );
});

/** Every file of a built book and its bytes' digest, to compare a book before and after a build that was refused. */
function contentsOf(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile());
  return Object.fromEntries(
    files.sort().map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(join(dir, file)))
        .digest('hex'),
    ]),
  );
}

/** Every book in tests/fixtures/books but the valid one: each holds one mistake. */
const mistakes = fixtureNames().filter((name) => name !== 'valid');
const reports = new Map(await Promise.all(mistakes.map(async (fixture) => [fixture, await checkReport(fixture)] as const)));
function reportFor(fixture: string): string[] {
  const report = reports.get(fixture);
  if (!report) throw new Error(`tests/fixtures/books has no book ${fixture}`);
  return report;
}
/** The errors of a book's report: lines "file:line:column: Kind: …", warnings left out. */
const errorsOf = (report: string[]) => report.filter((line) => /^\S+:\d+:\d+: /.test(line) && !/\(warning\)/.test(line));
/** "Citation" for "references.bib:2:1: Citation: …": the kind of mistake. */
const kindOf = (error: string) => /^\S+:\d+:\d+: ([^:]+):/.exec(error)?.[1] ?? error;

describe('the author check', () => {
  it.for(mistakes)('refuses %s with at least one error', (fixture, { expect }) => {
    expect(errorsOf(reportFor(fixture)).length, fixture).toBeGreaterThan(0);
  });
});

describe('a publisher who gives part of a Firebase configuration', () => {
  it(
    'gets a build error naming each missing variable, and nothing built',
    async ({ expect, signal }) => {
      const env = { PUBLIC_FIREBASE_APP_ID: '1:1234567890:web:0123456789abcdef', PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-BOOKTEST1' };
      const { code, output, dist } = await buildBook('valid', { name: 'analytics-partial', env, signal });
      expect(code, output).not.toBe(0);
      expect(output).toContain(
        'Analytics: the Firebase configuration is incomplete: PUBLIC_FIREBASE_API_KEY and PUBLIC_FIREBASE_PROJECT_ID are missing.',
      );
      expect(existsSync(join(dist, 'index.html'))).toBe(false);
    },
    buildTimeout,
  );
});

// Where the check places the one message of each example of the members rule (integrations/check/rules/members.ts),
// a profile beside the book's own with one mistake, in the order of its examples: line:column, and the kind it names.
const memberPlaces = [
  ...['2:7 Member profile', '5:3 Member profile', '8:1 Member profile', '1:1 Member profile', '8:4 Member profile', '6:1 Member profile'],
  ...['8:1 Member profile', '1:1 Member profile', '4:3 Member profile', '8:31 Spelling', '8:1 Member profile', '8:16 Characters'],
  ...['5:1 Member profile', '4:1 Member profile', '1:1 Member profile', '1:1 File name', '4:1 Member profile', '4:3 Member profile'],
];

describe("a member's profile (book/members) with a mistake", () => {
  it.for(members.examples.refused.map(([, says], at) => [says, at + 1] as const))(
    '%s: the author check names its file, line and column',
    async ([, example], { expect }) => {
      const [files] = members.examples.refused[example - 1]!;
      const [printed = ''] = (await exampleFindings(members, example)).map(formatFinding);
      const [place, kind] = (memberPlaces[example - 1] ?? '').split(/ (.+)/);
      expect(printed.startsWith(`${Object.keys(files)[0]!.replace('../', '')}:${place}: ${kind}: `), printed).toBe(true);
    },
  );
});

/**
 * A book built earlier, as the build finds it in its output folder: pages, a stylesheet, a picture (the build refuses
 * before it reads any of them, so their words are the test's own).
 */
function lastGoodBook(): string {
  const dir = join(outputRoot, 'last-good-book');
  rmSync(dir, { recursive: true, force: true });
  for (const [file, content] of [
    ['index.html', '<!doctype html><title>Public health in mega-cities</title>'],
    ['index/Chapter1/index.html', '<!doctype html><title>Chapter 1</title>'],
    ['_astro/book.css', 'body { margin: 0 }'],
    ['_astro/street.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ] as const) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}

// The build stops on whatever the check reports, in the check's words: one build of a book holding mistakes of
// several kinds, each from a book above, shows it prints them all, and stops, rather than one build per kind.
describe('npm run build', () => {
  /**
   * A chapter's misspelt component (the book built), a chapter's empty alt text, a sub-page's figure with no source and a
   * bibliography that cannot be read (the bibliography rule's example).
   */
  const chapterMistakes = {
    book: 'unknown-component',
    files: [['empty-alt', '01-first.mdx'] as const, ['unsourced-figure', '02-second/BlockA.mdx'] as const],
    bibliography: bibliography.examples.refused.find(([, says]) => says.startsWith('A comma is missing'))![0]['references.bib']!,
  };
  /** A profile that cannot be read, and a misspelt word in another. */
  const memberMistakes = ['cannot be read: the colon', 'is not in the dictionary'].map(
    (start, at) => [`member-${5 + at}.yaml`, Object.values(members.examples.refused.find(([, says]) => says.includes(start))![0])[0]!] as const,
  );

  it(
    'refuses a book with mistakes of several kinds, printing every error of the check, and leaves the last good book as it was',
    async ({ expect, signal }) => {
      const lastGood = lastGoodBook();
      const edit = (root: string) => {
        for (const [book, file] of chapterMistakes.files) cpSync(join(fixtures, book, file), join(root, 'chapters', file));
        writeFileSync(join(root, 'chapters/references.bib'), chapterMistakes.bibliography);
        for (const [file, text] of memberMistakes) writeFileSync(join(root, 'book/members', file), text);
      };
      const { code, output, dist, root } = await buildBook(chapterMistakes.book, { name: 'several-mistakes', edit, lastGood, signal });
      expect(code, output).not.toBe(0);
      // What the check reports for the very book built: an error of each kind the book holds.
      const errors = errorsOf(await buildCheckReport(root));
      expect(new Set(errors.map(kindOf))).toEqual(
        new Set(['Component', 'Frontmatter', 'Citation', 'Figure without a source', 'Member profile', 'Spelling']),
      );
      // Every one of them printed by the build on a line of its own, and nothing built in the last good book's place.
      for (const line of errors) expect(output).toContain(line.split('\n')[0]);
      expect(output).toContain('The book was not built: fix what the lines above name, then run the command again.');
      expect(contentsOf(dist)).toEqual(contentsOf(lastGood));
    },
    buildTimeout,
  );
});
