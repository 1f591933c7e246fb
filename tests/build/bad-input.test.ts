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

// Each row: the fixture, its one mistake, the place (file and line; no line for a missing field), then what the message must say.
const cases: [fixture: string, mistake: string, place: string, says: string[]][] = [
  ['missing-title', 'a chapter without a title', 'chapters/02-second.mdx', ['"title" is missing.', 'Add the chapter\'s title: title: "']],
  ['empty-title', 'a title line with nothing after it', 'chapters/02-second.mdx:3', ['"title" is empty.', 'Add the chapter\'s title: title: "']],
  [
    'fractional-number',
    'chapter number 2.5',
    'chapters/02-second.mdx:2',
    ['"number" must be a whole number, not 2.5.', "Write the chapter's position as a whole number: number: 2"],
  ],
  [
    'non-number',
    'chapter number "two"',
    'chapters/02-second.mdx:2',
    ['"number" is not valid ("two").', "Write the chapter's position as a whole number: number: 2"],
  ],
  [
    'duplicate-number',
    'two chapters numbered 1',
    'chapters/02-second.mdx:2',
    ['"number": Chapter number 1 is already used by chapters/01-first.mdx.', 'Give each chapter its own number.'],
  ],
  [
    'number-gap',
    'chapters 1 and 3 but no chapter 2',
    'chapters/02-second.mdx:2',
    ['"number": There is no chapter 2', 'Add a chapter numbered 2 or renumber the chapters after it.'],
  ],
  [
    'draft-before-published',
    'a draft chapter 1 before a published chapter 2',
    'chapters/01-first.mdx:4',
    [
      '"draft": Chapter 1 is a draft, which the built book leaves out, but chapter 2 after it (chapters/02-second.mdx) is published',
      'Remove the line draft: true to publish this chapter, or make it chapter 2 and renumber chapter 2 as 1.',
    ],
  ],
  [
    'draft-not-boolean',
    'draft: yes instead of draft: true',
    'chapters/02-second.mdx:5',
    ['"draft" is not valid ("yes").', 'Write draft: true to keep the chapter out of the built book, or remove the line to publish it.'],
  ],
  [
    'missing-image-file',
    'an image file that does not exist',
    'chapters/02-second.mdx:5',
    ['"image.src": the image ./images/steet.svg does not exist', 'Put the image file at that path, or correct the path'],
  ],
  [
    'missing-alt',
    'an image without alt text',
    'chapters/02-second.mdx:4',
    ['"image.alt" is missing.', 'Describe the image in a short sentence: alt: "'],
  ],
  [
    'empty-alt',
    'an image with empty alt text',
    'chapters/01-first.mdx:6',
    ['"image.alt" is empty.', 'Describe the image in a short sentence: alt: "'],
  ],
  [
    'orphan-subpage',
    'a sub-page whose chapter does not exist',
    'chapters/07-safety/BlockA.mdx:2',
    ['"chapter": This sub-page belongs to chapter 7, which does not exist.', 'Set "chapter" to an existing chapter\'s number'],
  ],
  [
    'unknown-field',
    'a misspelt field, titel',
    'chapters/02-second.mdx:3',
    [
      'Unknown chapter field "titel". Did you mean "title" instead of "titel"?',
      'allowed fields: number, title, description, image, lastUpdated, inPreparation, draft.',
    ],
  ],
  [
    'unknown-subpage-field',
    'a field sub-pages do not have, image',
    'chapters/02-second/BlockA.mdx:4',
    ['Unknown sub-page field "image".', 'allowed fields: chapter, order, title, description, lastUpdated, draft.'],
  ],
  [
    'bad-last-updated',
    'a last-updated date in words, "last spring"',
    'chapters/02-second.mdx:4',
    ['"lastUpdated" is not valid ("last spring").', 'Write the day as year-month-day: lastUpdated: 2025-05-01'],
  ],
  [
    'markdown-subpage',
    'a sub-page saved as .md, which the book would skip',
    'chapters/02-second/BlockA.md',
    ['the book only reads files ending in .mdx', 'Rename it to BlockA.mdx.'],
  ],
  [
    'unknown-embed-kind',
    'an embed of a kind the book does not have, audio',
    'chapters/02-second.mdx:11',
    ['<Embed> prop "kind" must be one of "video", "slides", "pdf", not "audio".'],
  ],
  [
    'figure-without-caption',
    'a figure with no caption',
    'chapters/02-second.mdx:11',
    ['<Figure> needs the prop "caption": the sentence shown under the figure.'],
  ],
  [
    'figure-without-alt',
    'a figure whose picture has no description',
    'chapters/02-second.mdx:11',
    ['<Figure> has an image with no description. Write one between the brackets: ![what the picture shows]'],
  ],
  [
    'unclosed-frontmatter',
    'no closing --- under the frontmatter',
    'chapters/02-second.mdx:1',
    ['the frontmatter has no closing --- line', 'add the second one under its last field'],
  ],
  [
    'image-as-path',
    'an image given as a path alone',
    'chapters/02-second.mdx:5',
    ['"image" is not valid ("./images/street.svg"). Give the picture and its description:'],
  ],
  ['zero-number', 'chapter number 0', 'chapters/02-second.mdx:2', ['"number" must be 1 or more, not 0.']],
  [
    'colon-in-title',
    'a colon in an unquoted title',
    'chapters/02-second.mdx:3',
    [
      'the frontmatter cannot be read: the colon after "Water" would start a second field',
      'A value with a colon in it must be in double quotes: title: "Water: a human right"',
    ],
  ],
  [
    'duplicate-order',
    'two sub-pages of a chapter in one position',
    'chapters/02-second/BlockB.mdx:3',
    ['"order": Order 1 is already used by chapters/02-second/BlockA.mdx'],
  ],
  [
    'unknown-prop',
    'a misspelt prop, titel',
    'chapters/02-second.mdx:12',
    ['<Box> has an unknown prop "titel". Did you mean "title"? It accepts: number, title.'],
  ],
  ['empty-tip-label', 'a tip with an empty label', 'chapters/02-second.mdx:12', ['<Tip> prop "label" is empty.']],
  [
    'decimal-activity-number',
    'activity number "2.1"',
    'chapters/02-second.mdx:12',
    ['<Activity> prop "number" must be a whole number of 1 or more, such as {1}, not "2.1".'],
  ],
  ['annex-with-value', 'annex="yes" on an embed', 'chapters/02-second.mdx:12', ['<Embed> prop "annex" is a switch: write it alone, with no value.']],
  [
    'prop-on-teaching-resources',
    'a prop on <TeachingResources />',
    'chapters/02-second.mdx:12',
    ['<TeachingResources> takes no props, but has "label". Remove it.'],
  ],
  [
    'unknown-component',
    'a misspelt component, Acitvity',
    'chapters/02-second.mdx:12',
    ['<Acitvity> is not a component of this book. Did you mean <Activity>? The components are: Activity, Annex, Box'],
  ],
  [
    'lower-case-component',
    'a box written <box>',
    'chapters/02-second.mdx:12',
    ["<box> is written in lower case, so it is not the book's Box", 'write <Box>, and </Box> at its end.'],
  ],
  [
    'empty-figure',
    'a figure with neither chart nor picture',
    'chapters/02-second.mdx:12',
    ['<Figure> shows nothing. Put a Markdown image inside it'],
  ],
  [
    'figure-with-chart-and-picture',
    'a figure with a chart and a picture',
    'chapters/02-second.mdx:12',
    ['<Figure> has both a chart and content inside it. Keep one of them.'],
  ],
  [
    'embed-from-other-site',
    'a video from Vimeo',
    'chapters/02-second.mdx:12',
    ['<Embed> src "https://vimeo.com/76979871" is shown from vimeo.com', 'add "https://vimeo.com" to embedHosts'],
  ],
  [
    'unclosed-component',
    'a box with no closing tag',
    'chapters/02-second.mdx:12',
    ['<Box> here is never closed, so everything after it would belong to it.', 'Add </Box> on a line of its own where it ends'],
  ],
  ['less-than-sign', '"<5" in the text', 'chapters/02-second.mdx:12', ['"<5" reads as the start of a component', 'Write it in words']],
  [
    'stray-brace',
    'a curly bracket in the text',
    'chapters/02-second.mdx:12',
    ['This { is never closed: MDX reads { as the start of a piece of code, up to its }.', 'To show the bracket itself, write \\{'],
  ],
  [
    'script-element',
    'a <script> in the text',
    'chapters/02-second.mdx:12',
    ["<script> cannot be used in a chapter: the book's security policy refuses it"],
  ],
  [
    'impossible-date',
    'a last-updated date that is no day, 2025-13-45',
    'chapters/02-second.mdx:4',
    ['"lastUpdated" is no day of the calendar ("2025-13-45"): check its month (01 to 12) and its day.'],
  ],
  [
    'future-date',
    'a last-updated day still to come, 2052 for 2025',
    'chapters/02-second.mdx:4',
    ['"lastUpdated" is a day still to come (2052-05-01): write the day the text last changed.'],
  ],
  [
    'html-comment',
    'an HTML comment',
    'chapters/02-second.mdx:12',
    ['An HTML comment (<!-- … -->) cannot be used in these files', 'Write a note to other authors as {/* the note */}'],
  ],
  [
    'missing-picture-file',
    'a picture in the text that does not exist',
    'chapters/02-second.mdx:14',
    [
      './images/steet.svg does not exist (looked for chapters/images/steet.svg).',
      'Put the picture there, or correct the path: it is relative to this file.',
    ],
  ],
];

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

describe('docs/authoring/troubleshooting.md', () => {
  it('documents exactly the mistakes tested here, each with the message the build prints', ({ expect }) => {
    expect([...documented.keys()].sort()).toEqual(cases.map(([fixture]) => fixture).sort());
  });
});

describe('an author who writes', () => {
  it.for(cases)('%s (%s) is told by the author check where it is and how to fix it', async ([fixture, , place, says], { expect }) => {
    const report = reportFor(fixture);
    const line = report.find((text) => text.startsWith(`${place}:`));
    expect(line, report.join('\n')).toBeDefined();
    for (const text of says) expect(line).toContain(text);
    // The check's line links to the entry that explains it.
    const links = entryLinks(shownErrors, fixture);
    expect(
      links.some((link) => report.join('\n').includes(link)),
      `${fixture} links to one of ${links.join(', ')}`,
    ).toBe(true);
    // The build prints these in the same words: what the guide shows for this mistake is lines of the check's report.
    const shown = documented.get(fixture) ?? [];
    const reportLines = report.join('\n').split('\n');
    expect(shown.length, `the guide shows the message for ${fixture}`).toBeGreaterThan(0);
    for (const message of shown) {
      expect(message, 'it starts with the file, the line and the column').toMatch(/^chapters\/\S+:\d+:\d+: /);
      for (const text of message.split('\n')) expect(reportLines, `the guide's line for ${fixture}`).toContain(text);
    }
  });
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
  /** A chapter's misspelt component (the book built), a chapter's empty alt text and a bibliography that cannot be read (the bibliography rule's example). */
  const chapterMistakes = {
    book: 'unknown-component',
    files: [['empty-alt', '01-first.mdx'] as const],
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
      expect(new Set(errors.map(kindOf))).toEqual(new Set(['Component', 'Frontmatter', 'Citation', 'Member profile', 'Spelling']));
      // Every one of them printed by the build on a line of its own, and nothing built in the last good book's place.
      for (const line of errors) expect(output).toContain(line.split('\n')[0]);
      expect(output).toContain('The book was not built: fix what the lines above name, then run the command again.');
      expect(contentsOf(dist)).toEqual(contentsOf(lastGood));
    },
    buildTimeout,
  );
});
