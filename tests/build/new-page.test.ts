/**
 * `npm run new:chapter` and `npm run new:subpage`, run for real: what they create builds, shows on the
 * contents page and in the reading order with no other file touched, and their refusals say what to do.
 */
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { childEnv } from '../../tools/common/scratch-project.ts';
import { buildBook } from '../support/build-book.ts';
import { needs, pathOf } from '../support/system-tools.ts';

const project = join(import.meta.dirname, '../..');
const script = join(project, 'tools/new/new-page.ts');

/** Runs the command as npm would, in a project folder, with no terminal to ask questions in. */
const run = (root: string, args: string[]): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, env: childEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
const readingLinks = (html: string) => [...html.matchAll(/<a href="([^"]+)" rel="(prev|next)"/g)].map(([, href, rel]) => `${rel} ${href}`);

describe('an author who runs new:chapter and new:subpage on the valid book', () => {
  it('gets a chapter and sub-pages that build, on the contents page and in the reading order, with no other file touched', async ({ signal }) => {
    let before: string[] = [];
    let after: string[] = [];
    const printed: string[] = [];
    const { code, output, dist } = await buildBook('valid', {
      name: 'new-page',
      signal,
      edit: (root) => {
        before = filesUnder(root).filter((f) => !f.startsWith('node_modules'));
        for (const args of [
          ['chapter', '--title', 'Noise and health', '--published'],
          ['subpage', '--chapter', '3', '--title', 'Block A: Noise at night', '--published'],
          ['subpage', '--chapter', '2', '--title', 'Block B: Traffic', '--published'],
        ]) {
          const result = run(root, args);
          expect(result.status, result.stderr).toBe(0);
          printed.push(result.stdout);
        }
        after = filesUnder(root).filter((f) => !f.startsWith('node_modules'));
        // The author writes their own text where the template says "Replace this" (a line may wrap inside it) and lists
        // their own goals, and describes and credits the picture:
        // a published page with the template's instructions in it is refused (integrations/check/rules/template-text.ts).
        for (const file of after.filter((f) => !before.includes(f) && f.endsWith('.mdx'))) {
          const path = join(root, file);
          const written = readFileSync(path, 'utf8')
            .replace(/replace\s+this/gi, 'this is')
            .replace(/write three to \w+ \w+, one a line/g, 'one more of them')
            .replace(": replace it with the chapter's picture and describe that picture here", '')
            .replace('"a placeholder made by npm run new:chapter"', '"drawn for this book"');
          writeFileSync(path, written);
        }
      },
    });
    expect(code, output).toBe(0);
    expect(after.filter((f) => !before.includes(f))).toEqual(
      [
        'chapters/03-noise-and-health',
        'chapters/03-noise-and-health.mdx',
        'chapters/03-noise-and-health/BlockA.mdx',
        'chapters/02-second/BlockB.mdx',
        'chapters/images/03-noise-and-health.svg',
      ].sort(),
    );
    expect(printed.join('')).toContain('Created chapters/03-noise-and-health.mdx\nCreated chapters/images/03-noise-and-health.svg\n');
    expect(printed.join('')).toContain('Its address is /index/Chapter3: run npm run dev and open http://localhost:4321/index/Chapter3');
    expect(printed.join('')).toContain('Created chapters/02-second/BlockB.mdx\nIts address is /index/Chapter2/BlockB');

    const page = (route: string) => readFileSync(join(dist, route, 'index.html'), 'utf8');
    expect(page('index')).toMatch(/<a href="\/index\/Chapter3"[^>]*>Noise and health<\/a>/);
    const chapter = page('index/Chapter3');
    expect(chapter).toMatch(/<h1[^>]*>Noise and health<\/h1>/);
    expect(chapter).toMatch(/<h2 id="learning-goals"[^>]*>Learning goals<\/h2>/);
    expect(chapter).toContain('Box 1');
    expect(chapter).toContain('Activity 1');
    expect(chapter).toMatch(/<a href="\/index\/Chapter3\/BlockA"[^>]*>Block A: Noise at night<\/a>/);
    // The reading order: chapter 2, its blocks A and B (new), chapter 3 (new), its block A (new).
    expect(readingLinks(page('index/Chapter2/BlockB'))).toEqual(['prev /index/Chapter2/BlockA', 'next /index/Chapter3']);
    expect(readingLinks(chapter)).toEqual(['prev /index/Chapter2/BlockB', 'next /index/Chapter3/BlockA']);
    expect(page('index/Chapter3/BlockA')).toMatch(/<h1[^>]*>Block A: Noise at night<\/h1>/);
    expect(readFileSync(join(dist, 'sitemap-0.xml'), 'utf8')).toContain('/index/Chapter3/BlockA<');
  });
});

describe('an author who asks for what cannot be made', () => {
  let root: string;
  const copyOfValidBook = () => {
    root = mkdtempSync(join(tmpdir(), 'new-page-'));
    cpSync(join(project, 'tests/fixtures/books/valid'), join(root, 'chapters'), { recursive: true });
    return root;
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    [
      'a taken chapter number',
      ['chapter', '--number', '2', '--title', 'Noise'],
      'Chapter 2 already exists: chapters/02-second.mdx. Leave out --number to take the next free number, 3.\n',
    ],
    [
      'a gap in the numbers',
      ['chapter', '--number', '5', '--title', 'Noise'],
      'Chapter 5 would leave a gap: the chapters run 1 to 2, so the next is 3. Leave out --number, or use --number 3.\n',
    ],
    [
      'no title, with no terminal to ask in',
      ['chapter'],
      '--title is missing.\nUsage: npm run new:chapter -- [--number 11] --title "Noise and health" [--published]\n',
    ],
    ['a misspelt flag', ['chapter', '--titel', 'Noise'], "Unknown option '--titel'"],
    ['a flag of the other command', ['chapter', '--name', 'X', '--title', 'Noise'], 'new:chapter has no --name.\nUsage: npm run new:chapter -- '],
    [
      'a sub-page name its chapter has',
      ['subpage', '--chapter', '2', '--name', 'BlockA', '--title', 'x'],
      'Chapter 2 already has a page named BlockA: chapters/02-second/BlockA.mdx. Choose another --name.\n',
    ],
    ['a sub-page of a chapter that does not exist', ['subpage', '--chapter', '7', '--title', 'x'], 'There is no chapter 7: the chapters run 1 to 2.'],
    ['nothing to create', [], 'Say what to create, chapter or subpage:\n  npm run new:chapter -- '],
  ])('is refused for %s, and nothing is written', (_, args, message) => {
    copyOfValidBook();
    const before = filesUnder(root);
    const result = run(root, args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(filesUnder(root)).toEqual(before);
  });

  it('never writes over an existing file, and then writes none of the others either', () => {
    copyOfValidBook();
    // An unfinished chapter file, without a number yet, where the new chapter would go.
    writeFileSync(join(root, 'chapters/03-noise-and-health.mdx'), 'My notes.\n');
    const result = run(root, ['chapter', '--title', 'Noise and health']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'chapters/03-noise-and-health.mdx already exists, and nothing is ever written over a file. Choose a different title or name, or move that file away.\n',
    );
    expect(readFileSync(join(root, 'chapters/03-noise-and-health.mdx'), 'utf8')).toBe('My notes.\n');
    expect(existsSync(join(root, 'chapters/images/03-noise-and-health.svg'))).toBe(false);
  });

  // util-linux `script` gives the command a terminal, so it asks; Enter takes the number it offers.
  it.skipIf(process.platform !== 'linux')('in a terminal is asked for the number and the title instead', async (context) => {
    needs(context, 'script');
    copyOfValidBook();
    const command = `${process.execPath} ${script} chapter`;
    const terminal = spawn(pathOf('script'), ['-qec', command, '/dev/null'], { cwd: root, env: childEnv(), signal: context.signal });
    let shown = '';
    const answers: [prompt: string, answer: string][] = [
      ['Chapter number [3]: ', '\n'],
      ['Chapter title: ', 'Noise and health\n'],
    ];
    terminal.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString('utf8');
      // Each answer is typed once its question is on the screen.
      while (answers[0] && shown.includes(answers[0][0])) terminal.stdin.write((answers.shift() as [string, string])[1]);
    });
    const status = await new Promise((resolve) => terminal.once('exit', resolve));
    expect(status, shown).toBe(0);
    expect(shown).toContain('Created chapters/03-noise-and-health.mdx');
    expect(readFileSync(join(root, 'chapters/03-noise-and-health.mdx'), 'utf8')).toMatch(/^---\nnumber: 3\ntitle: "Noise and health"\n/);
  });
});
