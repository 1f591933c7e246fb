/**
 * An author's mistake must stop the build with a message naming the file, the field and the fix.
 * Each folder in tests/fixtures/books is the small valid book with one mistake; each test runs a
 * real `astro build` of it and reads what the author would read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { buildBook } from './build-book.ts';

/** Runs tasks at most `slots` at a time: the test machine has two cores and each build keeps one busy. */
function limitTo(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or give it back.
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const twoAtATime = limitTo(2);

describe('a valid book', () => {
  it.concurrent('builds, with every chapter and sub-page (nothing skipped)', async ({ expect }) => {
    const { code, output, dist } = await twoAtATime(() => buildBook('valid'));
    expect(code, output).toBe(0);
    for (const page of ['index/Chapter1', 'index/Chapter2', 'index/Chapter2/BlockA', 'index', 'Introduction']) {
      expect(existsSync(join(dist, page, 'index.html')), page).toBe(true);
    }
    const contents = readFileSync(join(dist, 'index/index.html'), 'utf8');
    expect(contents).toContain('A first chapter');
    expect(contents).toContain('A second chapter');
    expect(readFileSync(join(dist, 'index/Chapter2/BlockA/index.html'), 'utf8')).toContain('follows it in reading order');
    // Chapter 2's frontmatter gives its last update; Chapter 1 has none, and no git history in the scratch copy: no date.
    expect(readFileSync(join(dist, 'index/Chapter2/index.html'), 'utf8')).toMatch(/Last updated <time datetime="2025-05-01"[^>]*>1 May 2025<\/time>/);
    expect(readFileSync(join(dist, 'index/Chapter1/index.html'), 'utf8')).not.toContain('<time');
  });
});

// Each row: the fixture, its one mistake, then what the message must say: the file and the line (none for a missing field), the field and the fix.
const cases: [fixture: string, mistake: string, expected: string[]][] = [
  ['missing-title', 'a chapter without a title', ['chapters/02-second.mdx: "title" is missing.', 'Add the chapter\'s title: title: "']],
  ['empty-title', 'a title line with nothing after it', ['chapters/02-second.mdx:3: "title" is empty.', 'Add the chapter\'s title: title: "']],
  [
    'fractional-number',
    'chapter number 2.5',
    ['chapters/02-second.mdx:2: "number" must be a whole number, not 2.5.', "Write the chapter's position as a whole number: number: 2"],
  ],
  [
    'non-number',
    'chapter number "two"',
    ['chapters/02-second.mdx:2: "number" is not valid ("two").', "Write the chapter's position as a whole number: number: 2"],
  ],
  [
    'duplicate-number',
    'two chapters numbered 1',
    ['chapters/02-second.mdx:2: "number": Chapter number 1 is already used by chapters/01-first.mdx.', 'Give each chapter its own number.'],
  ],
  [
    'number-gap',
    'chapters 1 and 3 but no chapter 2',
    ['chapters/02-second.mdx:2: "number": There is no chapter 2', 'Add a chapter numbered 2 or renumber the chapters after it.'],
  ],
  [
    'missing-image-file',
    'an image file that does not exist',
    ['chapters/02-second.mdx:5: "image.src": the image ./images/steet.svg does not exist', 'Put the image file at that path, or correct the path'],
  ],
  ['missing-alt', 'an image without alt text', ['chapters/02-second.mdx:4: "image.alt" is missing.', 'Describe the image in a short sentence: alt: "']],
  ['empty-alt', 'an image with empty alt text', ['chapters/01-first.mdx:6: "image.alt" is empty.', 'Describe the image in a short sentence: alt: "']],
  [
    'orphan-subpage',
    'a sub-page whose chapter does not exist',
    ['chapters/02-second/BlockA.mdx:2: "chapter": This sub-page belongs to chapter 7, which does not exist.', 'Set "chapter" to an existing chapter\'s number'],
  ],
  [
    'unknown-field',
    'a misspelt field, titel',
    ['chapters/02-second.mdx:3: Unknown chapter field "titel". Did you mean "title" instead of "titel"?', 'allowed fields: number, title, description, image, lastUpdated.'],
  ],
  [
    'unknown-subpage-field',
    'a field sub-pages do not have, image',
    ['chapters/02-second/BlockA.mdx:4: Unknown sub-page field "image".', 'allowed fields: chapter, order, title, description, lastUpdated.'],
  ],
  [
    'bad-last-updated',
    'a last-updated date in words, "last spring"',
    ['chapters/02-second.mdx:4: "lastUpdated" is not valid ("last spring").', 'Write the day as year-month-day: lastUpdated: 2025-05-01'],
  ],
  [
    'markdown-subpage',
    'a sub-page saved as .md, which the book would skip',
    ['chapters/02-second/BlockA.md: the book only reads files ending in .mdx', 'Rename it to BlockA.mdx.'],
  ],
  [
    'unknown-embed-kind',
    'an embed of a kind the book does not have, audio',
    ['chapters/02-second.mdx:11: <Embed> prop "kind" must be one of "video", "slides", "pdf", not "audio".'],
  ],
  ['figure-without-caption', 'a figure with no caption', ['chapters/02-second.mdx:11: <Figure> needs the prop "caption": the sentence shown under the figure.']],
  [
    'figure-without-alt',
    'a figure whose picture has no description',
    ['chapters/02-second.mdx:11: <Figure> has an image with no description. Write one between the brackets: ![what the picture shows]'],
  ],
];

describe('an author who writes', () => {
  // Concurrent tests take `expect` from their context, so a failure is reported against the right case.
  it.concurrent.for(cases)('%s (%s) gets a build error naming the file, the field and the fix', async ([fixture, , expected], { expect }) => {
    const { code, output, dist } = await twoAtATime(() => buildBook(fixture));
    expect(code, output).not.toBe(0);
    for (const text of expected) expect(output).toContain(text);
    // Nothing half-built is left for a host to publish.
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
  });
});

describe('a publisher who gives part of a Firebase configuration', () => {
  it.concurrent('gets a build error naming each missing variable, and nothing built', async ({ expect }) => {
    const env = { PUBLIC_FIREBASE_APP_ID: '1:1234567890:web:0123456789abcdef', PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-BOOKTEST1' };
    const { code, output, dist } = await twoAtATime(() => buildBook('valid', { name: 'analytics-partial', env }));
    expect(code, output).not.toBe(0);
    expect(output).toContain('Analytics: the Firebase configuration is incomplete: PUBLIC_FIREBASE_API_KEY and PUBLIC_FIREBASE_PROJECT_ID are missing.');
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
  });
});
