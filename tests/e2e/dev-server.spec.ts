import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type DevServer, projectRoot, scratchProject, startDevServer } from '../../tools/common/scratch-project.ts';
import { addDrafts, blockOfDraft, draftBlock, draftChapter, draftMarker } from '../support/drafts.ts';
import { expect, test } from '../support/test.ts';

// `npm run dev` on a scratch copy of the project with the valid fixture book and draft pages: the project's own chapters
// and caches stay untouched.
// What only a browser shows: the open page following saves by itself, and the overlay. What the overlay says for each
// mistake is tested without a browser, from the check's findings, in tests/unit/preview-overlay.test.ts.
const port = Number(process.env.TEST_PORT ?? 4322) + 80;
const root = join(projectRoot, 'tests/.output/dev-server/project');
const chapterFile = join(root, 'chapters/01-first.mdx');
const bibliography = join(root, 'chapters/references.bib');
/** The copy's bibliography as made. */
let sources = '';
/** Astro's content store as the dev server writes it: the pages render the chapters and sources from it. */
const contentStore = join(root, '.astro/data-store.json');
const original = readFileSync(join(projectRoot, 'tests/fixtures/books/valid/01-first.mdx'), 'utf8');
const overlay = (page: Page) => page.locator('vite-error-overlay');
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'A first chapter' });
// Every wait below is for a state the preview reaches by itself, and ends as soon as it does: this limit only ends a
// wait for a state that never comes. On a busy 2-core machine a save takes seconds to show (render, check, reload).
const afterSave = { timeout: 90_000 };
/** Words in the terminal from anything but the check: an error, its stack, or another part's warning of the same mistake. */
const othersWords = /error|^\s+at |\[(WARN|ERROR)\] \[(?!book:check\])/im;

/**
 * Opens a page and waits until its dev-server client is connected: the dev server tells only connected pages to
 * reload, so a file saved before then (as a test can, faster than an author) would go unseen.
 */
async function connected(page: Page, path: string): Promise<void> {
  const ready = page.waitForEvent('console', { predicate: (message) => message.text() === '[vite] connected.', ...afterSave });
  await page.goto(path);
  await ready;
}

// Editors and scripts often save in two writes, the file emptied and then written: the watcher reports the first
// alone when the second follows within 50 ms, so a file read at once would stay empty until the next save; on a
// busy machine the second comes hundreds of milliseconds later, after the check of the first has begun. The pause
// is the editor's, not a wait for the preview.
const twoWrites = async (file: string, text: string) => {
  writeFileSync(file, '');
  await new Promise((resolve) => setTimeout(resolve, 300));
  writeFileSync(file, text);
};

/** The title of every overlay the page shows from now on, on each page it opens. */
async function overlayTitles(page: Page): Promise<string[]> {
  const titles: string[] = [];
  await page.exposeFunction('overlayShown', (title: string) => titles.push(title));
  await page.addInitScript(() => {
    new MutationObserver((changes) => {
      for (const added of changes.flatMap((change) => [...change.addedNodes]))
        if (added instanceof Element && added.localName === 'vite-error-overlay')
          (window as unknown as { overlayShown: (title: string) => void }).overlayShown(
            added.shadowRoot?.querySelector('#title')?.textContent?.trim() ?? '',
          );
    }).observe(document, { childList: true, subtree: true });
  });
  return titles;
}

test.describe('an author previewing the book with npm run dev', () => {
  let server: DevServer | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Set before anything can fail: afterAll stops it even when this hook fails or times out.
    addDrafts(scratchProject(root, join(projectRoot, 'tests/fixtures/books/valid')));
    // The copy's bibliography holds the project's sources, which its preface and slides name.
    sources = readFileSync(bibliography, 'utf8');
    server = startDevServer(root, port);
    await server.ready;
    // The first request compiles the pages: done here, so each test times only what it asserts.
    const first = await fetch(`${server.origin}/index/Chapter1`);
    expect(first.status, server.output()).toBe(200);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.afterEach(() => {
    // A failed test leaves the next one a valid book.
    if (readFileSync(chapterFile, 'utf8') !== original) writeFileSync(chapterFile, original);
    writeFileSync(bibliography, sources);
  });

  test('a change saved to the bibliography and a chapter shows in the open page by itself, each saved in two writes', async ({ page }) => {
    // A save read between its two writes would be a mistake ("the file is empty"): an overlay, or a page answering 500
    // (which the test's guard on console errors fails).
    const titles = await overlayTitles(page);
    await connected(page, '/index/Chapter1');
    await expect(heading(page)).toBeVisible();
    // A source, then its citation, as an author adds a source before citing it. A page renders the source once it is in
    // Astro's content store, which Astro writes to its file (and tells the pages to reload) half a second after a change.
    await twoWrites(bibliography, `${sources}\n@book{galeaalone2005,\n  author = {Galea, Sandro},\n  title = {Urban health},\n  year = {2005}\n}\n`);
    await expect.poll(() => readFileSync(contentStore, 'utf8'), afterSave).toContain('galeaalone2005');
    await twoWrites(chapterFile, `${original.replace('Cities grow faster', 'Megacities grow faster')}\nCities shape health [@galeaalone2005].\n`);
    await expect(page.getByText('Megacities grow faster than the health services they need.')).toBeVisible(afterSave);
    await expect(page.getByRole('link', { name: 'Galea, 2005', exact: true })).toBeVisible(afterSave);
    // Undone, and seen undone: the citation first, so that no page is rendered citing a source no longer there.
    writeFileSync(chapterFile, original);
    await expect(page.getByText('Cities grow faster than the health services they need.', { exact: true })).toBeVisible(afterSave);
    await expect(page.getByRole('link', { name: 'Galea, 2005', exact: true })).toHaveCount(0);
    const said = server?.output().length;
    writeFileSync(bibliography, sources);
    // The check's report in the terminal: the source it warned was not cited is gone.
    await expect.poll(() => server?.output().slice(said), afterSave).toMatch(/Author check: .* no problems/);
    expect(server?.output().slice(said)).not.toContain('galeaalone2005');
    expect(titles).toEqual([]);
  });

  // Before any mistake: a page rendered just after a mistake is undone may meet Astro's content store still holding it.
  test('the preview runs without console errors, and search says it needs the built book', async ({ page }) => {
    // The test's guard fails on any console error: each page of the book in turn, islands and all.
    for (const path of ['/', '/index', '/index/Chapter1', '/index/Chapter2/BlockA', '/members']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    await dialog.getByRole('searchbox', { name: 'Search the book' }).fill('water');
    await expect(dialog.getByRole('status')).toHaveText(
      'Search needs the built book: the preview of npm run dev has no search index. Run npm run build, then npm start.',
    );
  });

  test('shows the drafts, each marked as a draft, on the contents page and in the reading order', async ({ page }) => {
    for (const [path, { title, word }] of [
      ['/index/Chapter3', draftChapter],
      ['/index/Chapter3/BlockA', blockOfDraft],
      ['/index/Chapter2/BlockB', draftBlock],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByText(`The ${word} is a placeholder.`)).toBeVisible();
      await expect(page.getByText(draftMarker)).toBeVisible();
      if (path.endsWith('BlockB')) {
        await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', '/index/Chapter2/BlockA');
        await expect(page.locator('a[rel="next"]')).toHaveAttribute('href', '/index/Chapter3');
      }
    }
    await page.goto('/index/Chapter2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(draftMarker)).toHaveCount(0);
    await page.goto('/index');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: draftChapter.title }) });
    await expect(card).toContainText('Chapter 3 Draft');
  });

  test.describe('a mistake', () => {
    // While the mistake is saved, a page asked for answers 500 with the overlay.
    test.use({ expectedConsoleErrors: /^Failed to load resource: the server responded with a status of 500 \(Internal Server Error\)/ });

    test("shows in the open page's overlay in the check's words alone, at its line, and the page comes back once it is fixed", async ({ page }) => {
      const titles = await overlayTitles(page);
      await connected(page, '/index/Chapter1');
      await expect(heading(page)).toBeVisible();
      const said = server?.output().length;
      writeFileSync(chapterFile, `${original}\n<Box number={1}>\nWater carried by hand.\n</Box>\n`);
      await expect(overlay(page).locator('#message-content')).toContainText(
        'chapters/01-first.mdx:11:1: Component: <Box> needs the prop "title": the heading shown after "Box N".',
        afterSave,
      );
      // The page may be reloaded meanwhile (the chapter's modules changed): its new overlay is waited for as the first.
      await expect(overlay(page).locator('#title')).toHaveText('A mistake in the book.', afterSave);
      // The code frame names the file and the line, and marks that line.
      await expect(overlay(page).locator('#code h2')).toHaveText('chapters/01-first.mdx:11:1', afterSave);
      await expect(overlay(page).locator('.error-line')).toHaveCount(1, afterSave);

      writeFileSync(chapterFile, original);
      // The open page reloads by itself once the mistake is undone.
      await expect(heading(page)).toBeVisible(afterSave);
      await expect(overlay(page)).toHaveCount(0, afterSave);
      // Never the parser's words, before or after the check's, on the page or in the terminal (no error with its stack).
      expect(titles).toContain('A mistake in the book.');
      expect(new Set(titles)).toEqual(new Set(['A mistake in the book.']));
      expect(server?.output().slice(said)).not.toMatch(othersWords);
    });

    // A mistake Astro's own parser meets too, in a file of book/ (watched apart from the chapters): the check's words,
    // never the parser's, and the page back once it is fixed.
    test("a { never closed in the preface shows in the check's words alone, and the page comes back once it is fixed", async ({ page }) => {
      const preface = join(root, 'book/preface.mdx');
      const written = readFileSync(preface, 'utf8');
      const titles = await overlayTitles(page);
      await connected(page, '/index/Chapter1');
      await expect(heading(page)).toBeVisible();
      const said = server?.output().length;
      try {
        writeFileSync(preface, `${written}\nThe rate rose {fast.\n`);
        await expect(overlay(page).locator('#message-content')).toContainText(
          `book/preface.mdx:${written.split('\n').length + 1}:15: MDX: This { is never closed`,
          afterSave,
        );
      } finally {
        writeFileSync(preface, written);
      }
      await expect(overlay(page)).toHaveCount(0, afterSave);
      await expect(heading(page)).toBeVisible(afterSave);
      expect(new Set(titles)).toEqual(new Set(['A mistake in the book.']));
      expect(server?.output().slice(said)).not.toMatch(othersWords);
    });

    test('while a mistake lasts, no address renders the book: pages, unknown addresses and its files answer with the mistake', async ({
      request,
    }) => {
      const said = server?.output().length;
      writeFileSync(chapterFile, original.replace('number: 1', 'number: 2'));
      await expect.poll(() => server?.output().slice(said), afterSave).toContain('Chapter number 2 is already used');
      // A browser's page, a script's fetch, a missing file (the 404 page) and a file the book makes (robots.txt).
      const asked: [path: string, accept: string][] = [
        ['/', 'text/html'],
        ['/index/Chapter2', '*/*'],
        ['/index/Chapter2/Nowhere', 'text/html'],
        ['/apple-touch-icon.png', 'image/*'],
        ['/robots.txt', 'text/plain'],
      ];
      for (const [path, accept] of asked) {
        const answer = await request.get(path, { headers: { accept } });
        expect(answer.status(), path).toBe(500);
        if (!accept.includes('html')) expect(await answer.text(), path).toContain('There is no chapter 1: chapter numbers must run 1, 2, 3');
      }
      // The check's report alone in the terminal: no page tried to render the book and failed with a stack.
      expect(server?.output().slice(said)).not.toMatch(othersWords);
      writeFileSync(chapterFile, original);
      await expect.poll(async () => (await request.get('/robots.txt')).status(), afterSave).toBe(200);
    });
  });
});
