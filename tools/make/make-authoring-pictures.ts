/**
 * Takes the pictures of the authors' guide (docs/authoring), light theme, at a reading width: each component's examples
 * as a reader sees them, in a book made of the examples (examples-book.ts, built here), and the contents and chapter
 * pages of the built site (dist/), each served the way `npm start` serves it.
 * Run with `npm run make:authoring-pictures` (it builds the site first); the pictures are committed.
 * Usage: node tools/make/make-authoring-pictures.ts [--port 4510] [--out docs/authoring/pictures] [--only slide.png]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../common/chromium.ts';
import { astroBin, projectRoot, scratchEnv } from '../common/scratch-project.ts';
import { examplePage, exampleScope, writeExamplesBook } from './authoring/examples-book.ts';
import { startServer } from '../server/spawn-server.ts';
import { components } from '../../src/components/book/component-rules.ts';
import type { Picture } from '../../src/components/book/define.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4510' },
    out: { type: 'string', default: 'docs/authoring/pictures' },
    // One picture again, the others left as committed.
    only: { type: 'string' },
  },
});

interface Shot {
  /** The file written in the output folder. */
  file: string;
  /** The page it is taken on, in the built site or the examples book. */
  path: string;
  examples?: boolean;
  /** Brings the component into the state shown and returns what to photograph. */
  take: (page: Page) => Promise<Locator | Framing>;
  /** The window, where not a reading width tall enough for any component (a slide fills its window). */
  viewport?: { width: number; height: number };
}

/** Several parts in one picture (a paragraph and its tip), optionally cut below one of them (a long box after its first paragraph). */
interface Framing {
  show: Locator[];
  cutBelow?: Locator;
}

const openActivity = async (page: Page, number: number) => {
  await page.getByRole('button', { name: new RegExp(`^Activity ${number}`) }).click();
  await page.getByRole('dialog').waitFor();
};

/** A picture of a component's examples, as its folder's definition describes it (src/components/book/Box/box.ts and the like). */
const componentShot = (name: string, { file, show, over = [], cutBelow, before, viewport }: Picture): Shot => ({
  file,
  path: examplePage(name),
  examples: true,
  ...(viewport ? { viewport } : {}),
  take: async (page) => {
    const shown = show.map((selector) => page.locator(`${exampleScope(name)} ${selector}`.trim()).first());
    if (before === 'open') {
      await shown[0]!.getByRole('button').first().click();
      await shown[0]!.locator('[aria-expanded="true"]').waitFor();
      await shown[0]!.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    }
    if (before === 'focus') await shown[0]!.getByRole('button').first().focus();
    if (typeof before === 'object') await openActivity(page, before.activity);
    const drawn = over.map((selector) => page.locator(selector).first());
    for (const part of drawn) await part.waitFor();
    // A lazy picture out of view never loads by itself.
    for (const part of [...shown, ...drawn])
      for (const picture of await part.locator('img').all())
        await picture.evaluate((img: HTMLImageElement) => Object.assign(img, { loading: 'eager' }).decode());
    return { show: [...shown, ...drawn], ...(cutBelow ? { cutBelow: page.locator(cutBelow).first() } : {}) };
  },
});

const shots: Shot[] = [
  { file: 'chapter-card.png', path: '/index', take: async (page) => page.locator('.chapter-card').nth(1) },
  { file: 'chapter-header.png', path: '/index/Chapter1', take: async (page) => page.locator('.chapter__header') },
  { file: 'subpages.png', path: '/index/Chapter3', take: async (page) => page.locator('.subpages') },
  ...Object.entries(components).flatMap(([name, component]) => component.pictures.map((picture) => componentShot(name, picture))),
];

async function boxOf(part: Locator) {
  return (await part.boundingBox()) ?? Promise.reject(new Error(`Not on screen: ${part}`));
}

/** The smallest rectangle around every part, with a margin, ending below cutBelow if given. */
async function clipOf({ show, cutBelow }: Framing, margin = 12) {
  const boxes = await Promise.all(show.map(boxOf));
  const left = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const top = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin;
  const cut = cutBelow ? await boxOf(cutBelow) : undefined;
  const bottom = cut ? cut.y + cut.height + margin : Math.max(...boxes.map((b) => b.y + b.height)) + margin;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

const examples = join(projectRoot, 'tests/.output/authoring-examples');
const examplesRoot = writeExamplesBook(examples);
execFileSync(process.execPath, [astroBin, 'build', '--outDir', join(examples, 'dist')], {
  cwd: examplesRoot,
  env: scratchEnv(examplesRoot, join(examples, 'cache')),
  stdio: 'inherit',
});
const examplesPort = String(Number(values.port) + 1);
const server = await startServer(values.port);
const examplesServer = await startServer(examplesPort, { args: ['--dir', join(examples, 'dist')] });
const executablePath = chromiumPath();
const browser = await chromium.launch({ args: chromiumArgs, ...(executablePath ? { executablePath } : {}) });
const origin = `http://127.0.0.1:${values.port}`;
const examplesOrigin = `http://127.0.0.1:${examplesPort}`;
mkdirSync(values.out, { recursive: true });

let total = 0;
try {
  for (const shot of shots.filter(({ file }) => !values.only || file === values.only)) {
    // A fresh page per picture, tall enough that whole components fit; nothing from other sites.
    const context = await browser.newContext({
      viewport: shot.viewport ?? { width: 760, height: 2400 },
      deviceScaleFactor: 1,
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    await context.route(
      (url) => url.origin !== (shot.examples ? examplesOrigin : origin),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    await page.goto(`${shot.examples ? examplesOrigin : origin}${shot.path}`);
    const taken = await shot.take(page);
    const framing = 'show' in taken ? taken : { show: [taken] };
    await framing.show[0]?.scrollIntoViewIfNeeded();
    const raw = await page.screenshot({ clip: await clipOf(framing), animations: 'disabled', caret: 'hide' });
    const file = join(values.out, shot.file);
    // A 128-colour palette keeps text sharp at a fraction of the size of a full-colour PNG.
    await sharp(raw).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toFile(file);
    const size = statSync(file).size;
    total += size;
    console.log(`${shot.file.padEnd(24)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
  examplesServer.kill();
}
console.log(`${'total'.padEnd(24)} ${(total / 1024).toFixed(1).padStart(6)} KB in ${values.out}`);
