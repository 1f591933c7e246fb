/**
 * Part of the benchmark: how long `npm run dev` takes to start on a book, and how long an edit to a
 * chapter takes to show in the open page. Runs on a scratch copy of the project with the given chapters (the
 * project's own chapters and caches are never touched), with Vite's dependency cache kept from an earlier run.
 * Usage: node tools/bench/dev-start-time.ts [--chapters chapters] [--port 4410] [--json tests/.output/dev-start-time.json]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../common/chromium.ts';
import { paths } from '../../src/lib/routes.ts';
import { scratchProject, startDevServer } from '../common/scratch-project.ts';

export interface DevTimes {
  /** From starting `astro dev` until it says it is ready (content synced, server listening). */
  startMs: number;
  /** From starting `astro dev` until Chapter 1's page answers 200 (its first render compiles the page). */
  firstPageMs: number;
  /** From writing a change to Chapter 1's file until the open page shows it (measured in the browser): the median of five. */
  hmrMs: number;
}

interface DevOptions {
  /** A folder of chapters laid out like chapters/; it is copied, never changed. */
  chaptersDir: string;
  port: number;
  /** Where the scratch copy lives; one per port by default, kept so Vite's dependency cache stays warm. */
  scratchDir?: string;
}

/** Starts the dev server on a copy of the chapters, measures, and stops it. */
export async function measureDev({ chaptersDir, port, scratchDir = join(tmpdir(), `book-dev-start-${port}`) }: DevOptions): Promise<DevTimes> {
  const root = scratchProject(scratchDir, resolve(chaptersDir));
  const server = startDevServer(root, port);
  const executablePath = chromiumPath();
  const browser = await chromium.launch({ args: chromiumArgs, ...(executablePath ? { executablePath } : {}) });
  try {
    const startMs = await server.ready;
    const response = await fetch(`${server.origin}${paths.chapter(1)}`);
    const firstPageMs = server.elapsed();
    if (response.status !== 200) throw new Error(`Chapter 1 answered ${response.status} in the dev server:\n${server.output()}`);
    const file = chapterFile(join(root, 'chapters'), 1);
    const edits: number[] = [];
    for (let edit = 0; edit < 5; edit++) edits.push(await measureEdit(browser, server.origin, file));
    const hmrMs = edits.sort((a, b) => a - b)[2] ?? 0;
    return { startMs: Math.round(startMs), firstPageMs: Math.round(firstPageMs), hmrMs: Math.round(hmrMs) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Opens Chapter 1, adds a sentence to its file and times, in the page, when the sentence appears. */
async function measureEdit(browser: import('@playwright/test').Browser, origin: string, file: string): Promise<number> {
  const page = await browser.newPage();
  const sentence = `An edit made at ${Date.now()}.`;
  // From the first byte of every document the page loads (the dev server reloads it), note when the sentence is there.
  await page.addInitScript((text) => {
    const shown = () => document.body?.textContent?.includes(text);
    new MutationObserver((_, observer) => {
      if (!shown()) return;
      sessionStorage.setItem('book-edit-shown', String(Date.now()));
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, sentence);
  await page.goto(`${origin}${paths.chapter(1)}`);
  const written = Date.now();
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n${sentence}\n`);
  const shown = await page.waitForFunction(() => sessionStorage.getItem('book-edit-shown'), undefined, { timeout: 60_000 });
  const ms = Number(await shown.jsonValue()) - written;
  await page.close();
  return ms;
}

/** The file of the chapter numbered `number` (its frontmatter says so). */
function chapterFile(dir: string, number: number): string {
  const name = readdirSync(dir).find(
    (file) => file.endsWith('.mdx') && new RegExp(`^number:\\s*${number}\\s*$`, 'm').test(readFileSync(join(dir, file), 'utf8')),
  );
  if (!name) throw new Error(`No chapter numbered ${number} in ${dir}`);
  return join(dir, name);
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      chapters: { type: 'string', default: 'chapters' },
      port: { type: 'string', default: '4410' },
      json: { type: 'string', default: 'tests/.output/dev-start-time.json' },
    },
  });
  const times = await measureDev({ chaptersDir: values.chapters, port: Number(values.port) });
  console.log(`npm run dev on ${values.chapters}:`);
  console.log(`  ready                        ${times.startMs} ms`);
  console.log(`  Chapter 1 answers 200        ${times.firstPageMs} ms`);
  console.log(`  an edit shows in the page    ${times.hmrMs} ms (median of 5)`);
  mkdirSync(dirname(values.json), { recursive: true });
  writeFileSync(values.json, `${JSON.stringify(times, null, 2)}\n`);
  console.log(JSON.stringify(times));
}
