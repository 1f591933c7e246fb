import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { appendFileSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { buildBook } from '../support/build-book.ts';
import { servePlainHost } from '../support/plain-host.ts';
import { serveBuild } from '../support/serve-build.ts';
import { expect, test } from '../support/test.ts';

// Service workers are blocked for every other spec (tests/playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until the worker controls the page and holds the page and its stylesheets (the first visit sends them to it). */
async function readyOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return 'not controlled yet';
          const page = location.href.replace(/\/$/, '');
          const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href);
          for (const url of [page, ...sheets]) if (!(await caches.match(url))) return `${url} not cached yet`;
          return 'ready';
        }),
      { timeout: 30_000 },
    )
    .toBe('ready');
}

/** Opens the contents, then the page: the worker starts on a reader's second page. */
async function openAsSecondPage(page: Page, path: string) {
  await page.goto('/index');
  await page.goto(path);
}

/** Resolves once the page has loaded and the browser has been idle twice (the worker registers when it is idle). */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve, { timeout: 2000 }), { timeout: 2000 })));

/** Requests of this site that failed: offline, every one must come from the worker's caches. */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    // ERR_ABORTED: the page moved on (a reload) before a request finished; a missing file shows as a 404 below.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => response.status() >= 400 && failed.push(`${response.url()} ${response.status()}`));
  return failed;
}

/** Every visible picture of the page, scrolled to so lazy ones load, has arrived. */
async function expectPicturesLoaded(page: Page) {
  for (const image of await page.locator('main img').filter({ visible: true }).all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

/** Fetches every size of every picture in the page (the one a screen picks may be any of them): the addresses that fail. */
const missingPictureSizes = (page: Page) =>
  page.evaluate(async () => {
    const urls = [...document.querySelectorAll<HTMLImageElement | HTMLSourceElement>('main img, main source')].flatMap((el) => [
      ...(el instanceof HTMLImageElement ? [el.src] : []),
      ...(el.srcset ? el.srcset.split(',').map((c) => new URL(c.trim().split(/\s+/)[0] ?? '', location.href).href) : []),
    ]);
    const failed: string[] = [];
    for (const url of new Set(urls))
      if (
        !(await fetch(url).then(
          (r) => r.ok,
          () => false,
        ))
      )
        failed.push(url);
    return failed;
  });

const goOffline = (context: BrowserContext) => context.setOffline(true);

// The home video is not kept offline (it is the largest file, fetched in ranges): its poster stands in, and the browser says so.
test.use({ expectedConsoleErrors: /ERR_INTERNET_DISCONNECTED \(http:\/\/[^)]*\/media\// });

test.describe('offline reading after a first visit', () => {
  test('a reader who opened a chapter reloads it offline, and home and contents work too', async ({ page, context }) => {
    await openAsSecondPage(page, '/index/Chapter2');
    await readyOffline(page);
    const failed = failedRequests(page);
    await goOffline(context);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
    await expect(page.locator('body'), 'styled').toHaveCSS('display', 'flex');

    // /index is the contents page, never /index.html (the home page).
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await expectPicturesLoaded(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-cities; the environmental dimension.');
    expect(failed.filter((line) => !line.includes('/media/'))).toEqual([]);
  });

  test('the pages read keep all they use offline: pictures never scrolled to and in every size, boxes, activities, frames; the first page too', async ({
    page,
    context,
  }) => {
    // The Introduction is read first, before any worker runs, and never scrolled; the worker starts on the next page.
    await page.goto('/Introduction');
    await page.goto('/index/Chapter2');
    await readyOffline(page);
    const figures = ['world-cities.svg', 'world-cities.narrow.svg', 'urban-rural-population.svg', 'urban-rural-population.narrow.svg'];
    await expect
      .poll(() =>
        page.evaluate((files) => Promise.all(files.map((file) => caches.match(`/figures/${file}`).then((kept) => kept !== undefined))), figures),
      )
      .toEqual(figures.map(() => true));
    await goOffline(context);
    // Read offline on this screen, then on a phone turned the other way: each picks its own drawing.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/Introduction');
      await expectPicturesLoaded(page);
    }
    // What opens works too: a box, an activity with its diagram, and the slides in their frame.
    const box = page.getByRole('button', { name: /^Box 1/ });
    await box.click();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: /^Activity 2/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.frameLocator('.embed--slides iframe').locator('.slide').first()).toBeAttached();
  });

  test('a one-page visit starts no worker, so it costs nothing more than the page; the second page starts it', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/index/Chapter2');
    await page.waitForLoadState('load');
    await settled(page);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((found) => found === undefined))).toBe(true);
    expect(fetched).not.toContain('/sw.js');
    await page.goto('/index/Chapter3');
    await readyOffline(page);
  });

  test('with data saver on, the worker keeps the pages read and nothing more', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('book-data-saver', 'on'));
    await openAsSecondPage(page, '/index/Chapter2');
    await readyOffline(page);
    const cached = (path: string) => page.evaluate((url) => caches.match(url).then((found) => found !== undefined), new URL(path, page.url()).href);
    expect(await cached('/index')).toBe(true);
    expect(await cached('/'), 'home is not fetched for later').toBe(false);
    expect(await cached('/offline'), 'nor is the offline page').toBe(false);
    await page.goto('/index/Chapter1');
    await settled(page);
    const further = await page
      .locator('main img[loading="lazy"]')
      .last()
      .evaluate((img: HTMLImageElement) => img.dataset['saverSrc'] ?? img.src);
    expect(await cached(further), 'nor a picture the reader did not scroll to').toBe(false);
  });

  test('an unvisited page offline shows the offline page, with links to what this device has', async ({ page, context }) => {
    await openAsSecondPage(page, '/index/Chapter5');
    await readyOffline(page);
    await goOffline(context);

    await page.goto('/index/Chapter2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    await expect(page.getByText('This page is not saved on this device, and there is no connection to fetch it.')).toBeVisible();
    await expect(page).toHaveTitle(/^You are offline \| /);
    const links = page.getByRole('main').getByRole('listitem').getByRole('link');
    // Its title as the page's own <title> holds it, character references read (A &#39;case&#39; study).
    const chapter5 = 'Beyond the built environment; the neighbourhood effect. A ‘case’ study';
    await expect(links.filter({ hasText: chapter5 })).toHaveAttribute('href', /\/index\/Chapter5$/);
    await expect
      .poll(async () => (await links.evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).pathname))).sort())
      .toEqual(['/', '/index', '/index/Chapter5']);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await links.filter({ hasText: chapter5 }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chapter5);
  });
});

test('a reader online who opens the offline page by its address is told what it lists, not that there is no connection', async ({ page }) => {
  await page.goto('/offline');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading offline');
  await expect(page).toHaveTitle(/^Reading offline \| /);
  await expect(page.getByRole('main')).not.toContainText(/no connection to fetch|You are offline/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the offline page says no page is kept, rather than listing pages to read offline', async ({ page }) => {
    await page.goto('/offline');
    await expect(page.getByText('Reading offline needs JavaScript')).toBeVisible();
    await expect(page.getByText('You can read these pages offline')).toBeHidden();
    await expect(page.getByText('open on this device with no connection')).toBeHidden();
  });
});

// Saving is the same at every width, and downloads the chapter whole: once is enough.
test.describe('saving a chapter for offline reading', () => {
  test('states the size first, saves the chapter with its pictures and box scripts, and removes it', async ({ page, context }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await openAsSecondPage(page, '/index/Chapter1');
    await readyOffline(page);

    const save = page.getByRole('button', { name: /^Save this page for offline reading \(\d+ KB\)$/ });
    await expect(save).toBeVisible();
    expect(
      requests.filter((path) => path.startsWith('/offline-files/') || path === '/offline-save.js'),
      'nothing is downloaded before the reader asks',
    ).toEqual([]);
    await save.focus();
    await page.keyboard.press('Enter');
    // Half a megabyte through the worker: seconds on a busy machine.
    await expect(page.getByRole('status').filter({ hasText: 'This page is saved for offline reading.' })).toBeVisible({ timeout: 30_000 });
    const remove = page.getByRole('button', { name: 'Remove the offline copy' });
    await expect(remove).toBeFocused();

    // Only the saved copy is left: whatever the visit itself cached goes, but home, contents and the offline page stay.
    await page.evaluate(async () => {
      for (const name of ['book-assets', 'book-files']) await caches.delete(name);
      await (await caches.open('book-pages')).delete(location.href.replace(/\/$/, ''));
    });
    const failed = failedRequests(page);
    await goOffline(context);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Introduction');
    await expect(remove).toBeVisible(); // the saved state shows offline too
    await expectPicturesLoaded(page);
    expect(await missingPictureSizes(page), 'every size of every picture is saved').toEqual([]);
    const box = page.getByRole('button', { name: /Box 1/ });
    await box.click();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Activity 1' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(failed).toEqual([]);

    await remove.click();
    await expect(page.getByRole('status').filter({ hasText: 'The offline copy was removed.' })).toBeVisible();
    await expect(save).toBeFocused();
    // Gone from this device: neither the saved copy nor the visited page is kept.
    expect(
      await page.evaluate(async () => [await caches.has('book-saved:/index/Chapter1'), await caches.match(location.href.replace(/\/$/, ''))]),
    ).toEqual([false, undefined]);
  });
});

test.describe('a new deployment', () => {
  // Two real builds of a small fixture book, served in turn at one address (a service worker belongs to its origin).
  const port = Number(process.env.TEST_PORT ?? 4322) + 50;
  const site = join(import.meta.dirname, '../.output/offline-site');
  const builds: Record<'A' | 'B', string> = { A: '', B: '' };
  let server: ChildProcess | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    for (const version of ['A', 'B'] as const) {
      const result = await buildBook('valid', {
        name: `offline-${version}`,
        edit: (root) => {
          appendFileSync(join(root, 'chapters/01-first.mdx'), `\nThis is version ${version} of the book.\n`);
          // Version B's stylesheet differs, so its hashed file names do and A's files are gone from the server.
          if (version === 'B')
            writeFileSync(
              join(root, 'src/styles/global.css'),
              `${readFileSync(join(root, 'src/styles/global.css'), 'utf8')}\n:root { --book-version: 'B'; }\n`,
            );
        },
      });
      expect(result.code, result.output).toBe(0);
      builds[version] = result.dist;
    }
    serve('A');
    server = await serveBuild(site, port);
  });
  test.afterAll(() => {
    server?.kill();
  });

  /** Points the served folder at one build, as a host does when a deployment lands. */
  function serve(version: 'A' | 'B') {
    rmSync(site, { force: true });
    symlinkSync(builds[version], site);
  }

  test('reaches a reader on the next load, saved chapters included, with no request for a file the old one had', async ({ page, context }) => {
    await openAsSecondPage(page, '/index/Chapter1');
    await expect(page.getByText('This is version A of the book.')).toBeVisible();
    await readyOffline(page);
    await page.getByRole('button', { name: /^Save this page for offline reading/ }).click();
    await expect(page.getByRole('button', { name: 'Remove the offline copy' })).toBeVisible({ timeout: 30_000 });
    await openAsSecondPage(page, '/index/Chapter2');
    await readyOffline(page);
    const oldStyles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));

    serve('B');
    const failed = failedRequests(page);
    await page.goto('/index/Chapter1');
    await expect(page.getByText('This is version B of the book.')).toBeVisible();
    const newStyles = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(newStyles, 'version B has stylesheets of its own').not.toEqual(oldStyles);
    await page.reload();
    await expect(page.getByText('This is version B of the book.')).toBeVisible();
    await readyOffline(page);
    expect(failed).toEqual([]);
    // The new worker brings the saved chapter to version B too.
    await expect
      .poll(
        () => page.evaluate(async () => (await (await caches.open('book-saved:/index/Chapter1')).match(location.href.replace(/\/$/, '')))?.text()),
        { timeout: 30_000 },
      )
      .toContain('This is version B of the book.');

    // Offline: the chapter is B's; the one last read under A is A's, still styled (its files were kept).
    await goOffline(context);
    await page.reload();
    await expect(page.getByText('This is version B of the book.')).toBeVisible();
    await page.goto('/index/Chapter2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body'), 'styled').toHaveCSS('display', 'flex');
    expect(failed).toEqual([]);
  });
});

test.describe('what is kept stays good', () => {
  // Each test has a host of its own (tests/support/plain-host.ts), told to answer wrongly when the test says.
  const port = Number(process.env.TEST_PORT ?? 4322) + 150;
  const dist = join(import.meta.dirname, '../../dist');
  let instead: { status: number; html: string } | undefined;
  let host: Server | undefined;
  // The login page answered for the saving code is refused by the browser, which says so.
  test.use({
    baseURL: `http://127.0.0.1:${port}`,
    expectedConsoleErrors: /status of (404|500)|MIME type of "text\/html"|ERR_INTERNET_DISCONNECTED/,
  });
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    host = await servePlainHost(dist, port, { answerInstead: () => instead });
  });
  test.afterEach(() => {
    instead = undefined;
  });
  test.afterAll(() => new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve())));

  const keptPages = (page: Page) =>
    page.evaluate(async () => {
      const keys = await Promise.all(
        (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((key) => `${name} ${new URL(key.url).pathname}`)),
      );
      return keys
        .flat()
        .filter((key) => !/\.\w+$/.test(key))
        .sort();
    });
  const headingOf = async (response: Promise<unknown>, page: Page) => (await response, (await page.locator('h1').textContent())?.trim());

  test("a server error or a login page answered in a chapter's place shows the copy kept, and replaces nothing", async ({ page }) => {
    await openAsSecondPage(page, '/index/Chapter2');
    await readyOffline(page);
    const before = await keptPages(page);

    instead = { status: 200, html: '<!doctype html><html lang="en"><title>Wi-Fi</title><h1>Log in to the Wi-Fi</h1></html>' };
    expect(await headingOf(page.goto('/index/Chapter2'), page)).toBe('Public health in mega-slums');
    instead = { status: 500, html: '<!doctype html><html lang="en"><title>Error</title><h1>Internal Server Error</h1></html>' };
    expect(await headingOf(page.goto('/index/Chapter2'), page)).toBe('Public health in mega-slums');
    instead = { status: 404, html: '<!doctype html><html lang="en"><title>Not found</title><h1>Not Found</h1></html>' };
    expect(await headingOf(page.goto('/index/Chapter2'), page)).toBe('Public health in mega-slums');
    // Nor another of the book's own pages, as a host's catch-all answers every address with its not-found page.
    instead = { status: 200, html: readFileSync(join(dist, '404.html'), 'utf8') };
    expect(await headingOf(page.goto('/index/Chapter2'), page)).toBe('Public health in mega-slums');
    instead = { status: 500, html: '<!doctype html><html lang="en"><title>Error</title><h1>Internal Server Error</h1></html>' };
    // Nor does Save keep what the login page answers for the chapter's files.
    instead = { status: 200, html: '<!doctype html><html lang="en"><title>Wi-Fi</title><h1>Log in to the Wi-Fi</h1></html>' };
    await page.getByRole('button', { name: /^Save this page for offline reading/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The page could not be saved.' })).toBeVisible();
    expect(await page.evaluate(() => caches.has('book-saved:/index/Chapter2'))).toBe(false);
    instead = { status: 500, html: '<!doctype html><html lang="en"><title>Error</title><h1>Internal Server Error</h1></html>' };
    // A page never kept shows what the host said: there is nothing better.
    expect(await headingOf(page.goto('/index/Chapter7'), page)).toBe('Internal Server Error');

    instead = undefined;
    await page.goto('/index');
    expect(await keptPages(page)).toEqual(before);
    const copy = await page.evaluate(async () => (await caches.match(new URL('/index/Chapter2', location.href).href))?.text());
    expect(copy).toContain('Public health in mega-slums');
  });

  test('a reader who saves the first page they open can read it offline as soon as Save says so', async ({ page, context }) => {
    const lists: string[] = [];
    page.on('request', (request) => request.url().includes('/offline-files/') && lists.push(request.url()));
    await page.goto('/index/Chapter5', { waitUntil: 'load' });
    expect(lists, 'a reader who stops before the control fetches nothing for it').toEqual([]);
    // Before the worker runs, the size comes with the page's list of files, once the reader reaches the control.
    const save = page.getByRole('button', { name: /^Save this page for offline reading/ });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toHaveAccessibleName(/ \(\d+ KB\)$/);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'This page is saved for offline reading.' })).toBeVisible({ timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beyond the built environment; the neighbourhood effect. A ‘case’ study');
  });

  test('Save stores about what it announced, and with too little storage it says so and loses nothing kept', async ({ page }) => {
    await openAsSecondPage(page, '/index/Chapter2');
    await readyOffline(page);
    const before = await keptPages(page);
    const usage = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

    // The Introduction announces its size; the device has room for less than that.
    await page.goto('/index/Chapter1');
    const save = page.getByRole('button', { name: /^Save this page for offline reading \(\d+ KB\)$/ });
    const announced = Number(/\((\d+) KB\)/.exec((await save.textContent()) ?? '')?.[1]) * 1000;
    const session = await page.context().newCDPSession(page);
    const used = await usage();
    await session.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin, quotaSize: used + announced / 2 });
    const status = page.getByRole('status').filter({ hasText: /storage/ });
    await save.click();
    await expect(status).toHaveText(/not enough storage on this device .* nothing kept before was removed/);

    // Storage that runs out while Save stores (the browser's estimate was too kind): the same, and nothing half-saved.
    await page.evaluate(() => {
      navigator.storage.estimate = async () => ({ quota: 1e12, usage: 0 });
    });
    await status.evaluate((element) => (element.textContent = ''));
    await save.click();
    await expect(status).toHaveText(/not enough storage on this device/);
    expect(await page.evaluate(() => caches.has('book-saved:/index/Chapter1'))).toBe(false);
    await page.goto('/index');
    expect(await keptPages(page)).toEqual(expect.arrayContaining(before));

    // With room, it stores what it announced, byte for byte, once: the worker keeps none of Save's files a second time
    // (every size of every picture is saved; the page itself loads one of each).
    await session.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin });
    await page.goto('/index/Chapter1');
    const manifest = (await (await page.request.get('/offline-files/index/Chapter1.json')).json()) as { files: string[]; bytes: number };
    expect(Math.round(manifest.bytes / 1000) * 1000, 'the size the control announces').toBe(announced);
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'This page is saved for offline reading.' })).toBeVisible({ timeout: 30_000 });
    const { savedBytes, keptTwice } = await page.evaluate(async (files) => {
      const saved = await caches.open('book-saved:/index/Chapter1');
      let savedBytes = 0;
      for (const key of await saved.keys()) savedBytes += (await (await saved.match(key))!.arrayBuffer()).byteLength;
      const loadedByThePage = new Set([location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)]);
      const keptTwice: string[] = [];
      for (const name of ['book-pages', 'book-assets', 'book-files'])
        for (const file of files) {
          const url = new URL(file, location.href).href;
          if (!loadedByThePage.has(url) && (await (await caches.open(name)).match(url))) keptTwice.push(`${name} ${file}`);
        }
      return { savedBytes, keptTwice };
    }, manifest.files);
    expect(savedBytes).toBe(manifest.bytes);
    expect(keptTwice).toEqual([]);
  });
});
