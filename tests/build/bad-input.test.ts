/**
 * An author's mistake must stop the build with a message naming the file, the field and the fix.
 * Each case copies the small valid book in tests/fixtures/books/valid, makes one mistake in it,
 * runs a real `astro build` and reads what the author would read.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const validBook = join(root, 'tests/fixtures/books/valid');
const workDir = join(root, 'tests/.output/books');

interface Mistake {
  /** The file the author got wrong, relative to the book. */
  file: string;
  /** Text in that file, and what the author wrote instead. */
  from: string;
  to: string;
}

/** Builds a copy of the valid book (with one mistake, if given); resolves with the exit code and the output. */
async function buildBook(name: string, mistake?: Mistake) {
  const book = join(workDir, name);
  rmSync(book, { recursive: true, force: true });
  cpSync(validBook, join(book, 'chapters'), { recursive: true });
  if (mistake) {
    const path = join(book, 'chapters', mistake.file);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(mistake.from)) throw new Error(`${mistake.file} has no "${mistake.from}" to change`);
    writeFileSync(path, text.replace(mistake.from, mistake.to));
  }
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  const env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    BOOK_CHAPTERS_DIR: join(book, 'chapters'),
    BOOK_CACHE_DIR: join(book, 'cache'),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  const run = promisify(execFile)(process.execPath, [astro, 'build', '--outDir', join(book, 'dist')], { cwd: root, env });
  const { code, output } = await run.then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout}${error.stderr}` }),
  );
  // eslint-disable-next-line no-control-regex -- strip colour codes, as a terminal would show the text
  return { code, output: output.replace(/\x1b\[[0-9;]*m/g, ''), dist: join(book, 'dist') };
}

describe('a valid book', () => {
  it('builds, with every chapter and sub-page (nothing skipped)', async () => {
    const { code, output, dist } = await buildBook('valid');
    expect(code, output).toBe(0);
    for (const page of ['index/Chapter1', 'index/Chapter2', 'index/Chapter2/BlockA', 'Introduction', 'index']) {
      expect(existsSync(join(dist, page, 'index.html')), page).toBe(true);
    }
    expect(readFileSync(join(dist, 'index/index.html'), 'utf8')).toContain('A second chapter');
  });
});

// Each line: the case, the mistake, then what the message must say (the file, the field, the fix).
const cases: [string, Mistake, (string | RegExp)[]][] = [
  [
    'a missing title',
    { file: '02-second.mdx', from: 'title: A second chapter\n', to: '' },
    ['02-second.mdx', '"title" is missing', 'Add the chapter\'s title: title: "'],
  ],
  [
    'an empty title',
    { file: '02-second.mdx', from: 'title: A second chapter', to: 'title: "  "' },
    ['02-second.mdx', '"title" is empty', 'Add the chapter\'s title'],
  ],
  [
    'a fractional chapter number',
    { file: '02-second.mdx', from: 'number: 2', to: 'number: 2.5' },
    ['02-second.mdx', '"number" must be a whole number such as 2, not a fraction'],
  ],
  [
    'a chapter number written in words',
    { file: '02-second.mdx', from: 'number: 2', to: 'number: two' },
    ['02-second.mdx', '"number" is not valid ("two")', 'Write the chapter\'s position as a whole number: number: 2'],
  ],
  [
    'a duplicate chapter number',
    { file: '02-second.mdx', from: 'number: 2', to: 'number: 1' },
    [/02-second\.mdx.*"number"/, /Chapter number 1 is already used by .*01-first\.mdx/, 'Give each chapter its own number'],
  ],
  [
    'a gap in the chapter numbers',
    { file: '02-second.mdx', from: 'number: 2', to: 'number: 3' },
    [/02-second\.mdx.*"number"/, 'There is no chapter 2', 'Add a chapter numbered 2 or renumber the chapters after it'],
  ],
  [
    'an image file that does not exist',
    { file: '02-second.mdx', from: './images/street.svg', to: './images/steet.svg' },
    [/02-second\.mdx: "image\.src"/, 'the image ./images/steet.svg does not exist', 'Put the image file at that path, or correct the path'],
  ],
  [
    'an image without alt text',
    { file: '02-second.mdx', from: '  alt: Three yellow buildings of different heights on a dark blue background.\n', to: '' },
    ['02-second.mdx', '"image.alt" is missing', 'Describe the image in a short sentence: alt: "'],
  ],
  [
    'an image with empty alt text',
    { file: '01-first.mdx', from: 'alt: Three yellow buildings of different heights on a dark blue background.', to: 'alt: ""' },
    ['01-first.mdx', '"image.alt" is empty', 'Describe the image in a short sentence'],
  ],
  [
    'a sub-page whose chapter does not exist',
    { file: '02-second/BlockA.mdx', from: 'chapter: 2', to: 'chapter: 7' },
    [/02-second\/BlockA\.mdx.*"chapter"/, 'belongs to chapter 7, which does not exist', 'Set "chapter" to an existing chapter\'s number'],
  ],
  [
    'an unknown frontmatter field',
    { file: '02-second.mdx', from: 'number: 2', to: 'number: 2\ntitel: A misspelt field' },
    ['02-second.mdx', 'Unknown chapter field "titel"', 'Remove it or fix its spelling; allowed fields: number, title, description, image'],
  ],
  [
    'an unknown sub-page field',
    { file: '02-second/BlockA.mdx', from: 'order: 1', to: 'order: 1\nimage: ./x.svg' },
    ['BlockA.mdx', 'Unknown sub-page field "image"', 'allowed fields: chapter, order, title, description'],
  ],
];

describe('an author who writes', () => {
  it.each(cases)('%s gets a build error naming the file, the field and the fix', async (name, mistake, expected) => {
    const { code, output, dist } = await buildBook(name.replaceAll(' ', '-'), mistake);
    expect(code, output).not.toBe(0);
    for (const text of expected) (typeof text === 'string' ? expect(output).toContain(text) : expect(output).toMatch(text));
    // Nothing half-built is left for a host to publish.
    expect(existsSync(join(dist, 'index.html'))).toBe(false);
  });
});
