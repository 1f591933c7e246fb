import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { type DevServer, projectRoot, scratchProject, startDevServer } from '../../tools/common/scratch-project.ts';
import { expect, test } from '../support/test.ts';

// `npm run dev` on a scratch copy of the project with the valid fixture book: the project's own chapters and caches stay untouched.
const port = Number(process.env.TEST_PORT ?? 4322) + 80;
const root = join(projectRoot, 'tests/.output/dev-server/project');
const chapterFile = join(root, 'chapters/01-first.mdx');
const original = readFileSync(join(projectRoot, 'tests/fixtures/books/valid/01-first.mdx'), 'utf8');
const overlay = (page: Page) => page.locator('vite-error-overlay');
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'A first chapter' });
// The dev server renders a chapter on request, checks the book and reloads the page after a save: a while on a busy
// 2-core machine.
const afterSave = { timeout: 20_000 };
/** Words in the terminal from anything but the check: an error, its stack, or another part's warning of the same mistake. */
const othersWords = /error|^\s+at |\[(WARN|ERROR)\] \[(?!book:check\])/im;

/**
 * Opens a page, or waits for the one on screen, until its dev-server client is connected: the dev server tells only
 * connected pages to reload, so a file saved before then (as a test can, faster than an author) would go unseen.
 */
async function connected(page: Page, open?: () => Promise<unknown>): Promise<void> {
  const ready = page.waitForEvent('console', { predicate: (message) => message.text() === '[vite] connected.', timeout: afterSave.timeout });
  await open?.();
  await ready;
}

/**
 * Opens the chapter until the check holds. The dev server also tells the open page to reload by itself, after each
 * save once or twice (its modules, its content store), and a page opened as a reload arrives is opened again. An
 * opening that meets a reload can also wait without ever asking for the page (the page itself loads whole): it is
 * given a few seconds, then opened again.
 */
const openUntil = (page: Page, check: () => Promise<void>) =>
  expect(async () => {
    await page.goto('/index/Chapter1', { timeout: 5_000 });
    await check();
  }).toPass({ timeout: 30_000 });

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

// Each row: the mistake, the file as the author saved it, the line the overlay points to, and the check's own line for it.
// One mistake per way the preview meets it (a field's value, a picture a field names, a component, text that does not
// parse): every mistake's words are tested through the author check and the build in tests/build/bad-input.test.ts.
const mistakes: [mistake: string, saved: string, location: string, message: string][] = [
  [
    'a chapter number written in words',
    original.replace('number: 1', 'number: one'),
    'chapters/01-first.mdx:2:1',
    `chapters/01-first.mdx:2:1: Frontmatter: "number" is not valid ("one"). Write the chapter's position as a whole number: number: 2`,
  ],
  [
    'a picture file that does not exist',
    original.replace('street.svg', 'steet.svg'),
    'chapters/01-first.mdx:5:3',
    'chapters/01-first.mdx:5:3: Frontmatter: "image.src": the image ./images/steet.svg does not exist',
  ],
  [
    'a box without its title',
    `${original}\n<Box number={1}>\nWater carried by hand.\n</Box>\n`,
    'chapters/01-first.mdx:11:1',
    'chapters/01-first.mdx:11:1: Component: <Box> needs the prop "title": the heading shown after "Box N".',
  ],
  [
    'a box never closed',
    `${original}\n<Box number={1} title="Water">\n\nWater carried by hand.\n`,
    'chapters/01-first.mdx:11:1',
    'chapters/01-first.mdx:11:1: MDX: <Box> here is never closed, so everything after it would belong to it.',
  ],
];

test.describe('an author previewing the book with npm run dev', () => {
  let server: DevServer | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'preview', 'one dev server of its own, run once, after the other browser tests');
    test.setTimeout(180_000);
    server = startDevServer(scratchProject(root, join(projectRoot, 'tests/fixtures/books/valid')), port);
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
    rmSync(join(root, 'chapters/references.bib'), { force: true });
  });

  test('a saved change to a chapter shows in the open page by itself, within seconds', async ({ page }) => {
    await connected(page, () => page.goto('/index/Chapter1'));
    await expect(heading(page)).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeTheSave: true }));
    writeFileSync(chapterFile, original.replace('Cities grow fastest', 'Megacities grow fastest'));
    await expect(page.getByText('Megacities grow fastest where health services are thinnest.')).toBeVisible(afterSave);
    // The dev server reloaded the page (Astro renders pages on the server; it has no in-place update for them).
    // On a busy machine the content store and the module graph may each send a reload: asked again after a second one.
    await expect.poll(() => page.evaluate(() => 'beforeTheSave' in window).catch(() => 'reloading')).toBe(false);
    // Undone, and seen undone, as an author would: the next test's save must not land while this one is still processed.
    writeFileSync(chapterFile, original);
    await expect(page.getByText('Cities grow fastest where health services are thinnest.')).toBeVisible(afterSave);
  });

  // Editors and scripts often save in two writes, the file emptied and then written: the watcher reports the first
  // alone when the second follows within 50 ms, so a file read at once would stay empty until the next save; on a
  // busy machine the second comes hundreds of milliseconds later, after the check of the first has begun.
  const twoWrites = async (file: string, text: string) => {
    writeFileSync(file, '');
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(file, text);
  };

  test('a chapter and the bibliography saved in two writes each show as saved, with no mistake', async ({ page }) => {
    const bibliography = join(root, 'chapters/references.bib');
    const reloaded = async (save: () => Promise<void> | void) => {
      // A late second reload of the last test's save may still be landing: marked again once it has.
      await expect(() => page.evaluate(() => Object.assign(window, { beforeTheSave: true }))).toPass();
      await save();
      await expect.poll(() => page.evaluate(() => 'beforeTheSave' in window).catch(() => 'reloading'), afterSave).toBe(false);
    };
    await connected(page, () => page.goto('/index/Chapter1'));
    // The source first, and seen (its page reloads), as an author adds a source before citing it.
    await reloaded(() => twoWrites(bibliography, '@book{galea2005,\n  author = {Galea, Sandro},\n  title = {Urban health},\n  year = {2005}\n}\n'));
    await twoWrites(chapterFile, `${original}\nCities shape health [@galea2005].\n`);
    await expect(page.getByRole('link', { name: 'Galea, 2005' })).toBeVisible(afterSave);
    await expect(overlay(page)).toHaveCount(0);
    // The check ran on what was saved: a page opened now is the chapter, not the "file is empty" mistake.
    await openUntil(page, async () => {
      await expect(page.getByRole('link', { name: 'Galea, 2005' })).toBeVisible({ timeout: 2_000 });
      await expect(overlay(page)).toHaveCount(0);
    });
    // Undone, and seen undone, before the next test.
    writeFileSync(chapterFile, original);
    await expect(page.getByRole('link', { name: 'Galea, 2005' })).toHaveCount(0, afterSave);
    await reloaded(() => rmSync(bibliography));
  });

  test.describe('a mistake', () => {
    // While the mistake is saved, a page asked for answers 500 with the overlay.
    test.use({ expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 500 \(Internal Server Error\)/] });

    for (const [mistake, saved, location, message] of mistakes) {
      test(`${mistake} shows in the overlay in the check's words alone, at its line, and the page comes back once it is fixed`, async ({ page }) => {
        const titles = await overlayTitles(page);
        const said = server?.output().length;
        writeFileSync(chapterFile, saved);
        await openUntil(page, async () => {
          await expect(overlay(page).locator('#message-content')).toContainText(message, { timeout: 2_000 });
          await expect(overlay(page).locator('#title')).toHaveText('A mistake in the book.', { timeout: 1 });
          // The code frame names the file and the line, and marks that line.
          await expect(overlay(page).locator('#code h2')).toHaveText(location, { timeout: 1 });
          await expect(overlay(page).locator('.error-line')).toHaveCount(1, { timeout: 1 });
        });

        // Never the parser's words first, on the page or in the terminal (no error with its stack).
        expect(titles).toEqual(expect.arrayContaining(['A mistake in the book.']));
        expect(new Set(titles)).toEqual(new Set(['A mistake in the book.']));
        expect(server?.output().slice(said)).not.toMatch(othersWords);

        writeFileSync(chapterFile, original);
        // The open page reloads by itself once the mistake is undone.
        await expect(heading(page)).toBeVisible(afterSave);
        await expect(overlay(page)).toHaveCount(0);
      });
    }

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

    // The book's other files, each with a mistake added: the mistake, the file, what the author saves, and the check's line for it.
    const otherFiles: [mistake: string, file: string, save: (written: string) => string, message: (written: string) => string][] = [
      [
        'a { never closed',
        'book/preface.mdx',
        (written) => `${written}\nThe rate rose {fast.\n`,
        (written) => `book/preface.mdx:${written.split('\n').length + 1}:15: MDX: This { is never closed`,
      ],
      [
        'an address that is not one',
        'book/members/member-2.yaml',
        (written) => written.replace(/^email: .*$/m, 'email: author.two'),
        (written) =>
          `book/members/member-2.yaml:${written.split('\n').findIndex((line) => line.startsWith('email:')) + 1}:1: Member profile: "email" is not valid ("author.two")`,
      ],
      [
        // YAML the loader cannot read at all, not only a value its schema refuses.
        'a field indented wrongly',
        'book/members/member-2.yaml',
        (written) => written.replace(/^ {2}src: /m, 'src: '),
        (written) =>
          `book/members/member-2.yaml:${written.split('\n').findIndex((line) => line.startsWith('  src: ')) + 1}:1: Member profile: this file cannot be read: "src" belongs under photo:`,
      ],
    ];
    for (const [mistake, name, save, message] of otherFiles) {
      test(`${mistake} in ${name} shows in the check's words, and the page comes back once it is fixed`, async ({ page }) => {
        const file = join(root, name);
        const written = readFileSync(file, 'utf8');
        const said = server?.output().length;
        try {
          writeFileSync(file, save(written));
          await openUntil(page, () => expect(overlay(page).locator('#message-content')).toContainText(message(written), { timeout: 2_000 }));
        } finally {
          writeFileSync(file, written);
        }
        // The open page reloads by itself once the mistake is undone.
        await expect(overlay(page)).toHaveCount(0, afterSave);
        await expect(heading(page)).toBeVisible();
        expect(server?.output().slice(said)).not.toMatch(othersWords);
      });
    }

    test("a bibliography entry that cannot be read shows in the check's words, and a source added later is cited at once", async ({ page }) => {
      const bibliography = join(root, 'chapters/references.bib');
      const entry = '@book{galea2005,\n  author = {Galea, Sandro},\n  title = {Urban health},\n  year = {2005}\n}\n';
      const said = server?.output().length;
      writeFileSync(bibliography, entry.replace('year = {2005}', 'year = {2005'));
      await openUntil(page, () =>
        expect(overlay(page).locator('#message-content')).toContainText(
          'chapters/references.bib:4:10: Citation: The value of year has 1 { and 0 }, so it does not end where it seems to',
          {
            timeout: 2_000,
          },
        ),
      );
      expect(server?.output().slice(said)).not.toMatch(othersWords);
      // Undone, with a citation of it added: the page shows the citation, with nothing stale left of the mistake.
      writeFileSync(bibliography, entry);
      writeFileSync(chapterFile, `${original}\nCities shape health [@galea2005].\n`);
      await openUntil(page, async () => {
        await expect(page.getByRole('link', { name: 'Galea, 2005' })).toBeVisible({ timeout: 2_000 });
        await expect(overlay(page)).toHaveCount(0);
      });
      // Both undone together, and seen undone: the next test must not meet this one's last check.
      writeFileSync(chapterFile, original);
      rmSync(bibliography);
      await openUntil(page, async () => {
        await expect(heading(page)).toBeVisible({ timeout: 2_000 });
        await expect(overlay(page)).toHaveCount(0);
      });
    });
  });

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
});
