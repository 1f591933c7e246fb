import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from '../../tools/common/chromium.ts';
import { narrowUpTo } from '../../src/figures/chart.ts';
import { drawingFile } from '../../src/figures/chart-list.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { disableCache } from '../support/browser-cache.ts';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { violations } from '../support/axe.ts';

/** The paths of every image, frame, video and page the page asked the server for, in order. */
function requests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Chromium's own data saver switch (CDP), as a browser set to save data: navigator.connection.saveData is true. */
async function emulateSaveData(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

/** Scrolls the whole page, one screen at a time, letting the browser lay out and lazy-load at each stop. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, document.documentElement.scrollHeight);
    await frame();
  });
  await page.waitForLoadState('networkidle');
}

/** The lazily loaded pictures of the built page, as the server sent them (the HTML, before any script). */
async function lazyImagePaths(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<img\b[^>]*\bloading="lazy"[^>]*>/g)].flatMap(([tag]) => /\ssrc="([^"]+)"/.exec(tag)?.[1] ?? []);
}

/** The page's layout shifts so far, summed as CLS counts them (shifts right after input excluded). */
const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
    observer.disconnect();
    return entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0);
  });

const placeholders = (page: Page) => page.getByRole('button', { name: /^Show the picture \(\d+ (KB|bytes)\): / });
const saverSwitch = (page: Page) => page.getByRole('contentinfo').getByRole('button', { name: 'Data saver' });

test.describe('a reader whose browser asks to save data (Save-Data)', () => {
  test.beforeEach(async ({ page }) => emulateSaveData(page));

  test(
    'on the contents page only the first card picture loads; the nine others wait, sized, and come on a tap',
    sameAtEveryWidth,
    async ({ page }) => {
      const requested = requests(page);
      const lazy = await lazyImagePaths(page, '/index');
      expect(lazy).toHaveLength(9);
      await page.goto('/index');
      await expect(page.locator('html')).toHaveAttribute('data-saver', 'on');
      // The first card's picture is on the first screen: it still loads.
      const first = page.getByRole('main').getByRole('listitem').first().getByRole('img');
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // Nothing the browser could fetch ahead of the parser slips through: no preload, no other eager picture.
      await expect(page.locator('link[rel=preload], link[rel=prefetch]')).toHaveCount(0);
      await scrollThrough(page);
      expect(requested.filter((path) => lazy.includes(path))).toEqual([]);
      await expect(placeholders(page)).toHaveCount(9);
      // Placeholders are in place from the first paint: nothing moves.
      expect(await layoutShift(page)).toBe(0);

      // Each placeholder names the picture and states what it costs, as written at build time.
      const second = page.getByRole('main').getByRole('listitem').nth(1);
      const button = second.getByRole('button');
      const size = await second.locator('img').getAttribute('data-size');
      const alt = await second.locator('img').getAttribute('alt');
      expect(size).toMatch(/^\d+ (KB|bytes)$/);
      await expect(button).toHaveAccessibleName(`Show the picture (${size}): ${alt}`);
      // The placeholder keeps the picture's place and proportions (16:9).
      const box = (await button.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);

      // A tap shows that picture, and only that one; focus lands on it.
      await button.click();
      await expect.poll(() => requested.filter((path) => lazy.includes(path))).toEqual([lazy[0]]);
      await expect(second.getByRole('img')).toBeVisible();
      await expect.poll(() => second.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(second.getByRole('img')).toBeFocused();
      await expect(placeholders(page)).toHaveCount(8);
      // The card's link still goes to its chapter: the tap did not follow it.
      await expect(page).toHaveURL(/\/index$/);
    },
  );

  test(
    'even a page that arrives slowly, painted and laid out while the rest is still coming, fetches none of them',
    sameAtEveryWidth,
    async ({ page }) => {
      const requested = requests(page);
      const lazy = await lazyImagePaths(page, '/index');
      // The parser stops at a slow script after the fifth card: the browser paints and lays out the cards before it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/index', async (route) => {
        const body = await (await route.fetch()).text();
        let n = 0;
        await route.fulfill({
          contentType: 'text/html',
          body: body.replace(/<article\b/g, (card) => (++n === 6 ? `<script src="/slow-script.js"></script>${card}` : card)),
        });
      });
      await page.route('**/slow-script.js', async (route) => {
        await held;
        await route.fulfill({ contentType: 'text/javascript', body: '' });
      });
      const arrived = page.goto('/index');
      await page.waitForFunction(
        () => document.querySelectorAll('main img').length === 5 && performance.getEntriesByName('first-contentful-paint').length > 0,
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      release();
      await arrived;
      await scrollThrough(page);
      expect(requested.filter((path) => lazy.includes(path))).toEqual([]);
      await expect(placeholders(page)).toHaveCount(9);
    },
  );

  test('in the Introduction, Map 1, Figure 1, the activity picture and the slides and PDF frames wait; Enter shows the map', async ({ page }) => {
    const requested = requests(page);
    // Each chart has a drawing for phones and one for wider windows: this window's is the one that waits.
    const drawing = (name: string) => `/figures/${drawingFile(name, page.viewportSize()!.width <= narrowUpTo ? 'narrow' : 'wide')}`;
    const [mapFile, figureFile] = [drawing('world-cities'), drawing('urban-rural-population')];
    const held = [mapFile, figureFile, '/slides/introduction', '/handouts/chapter-1-handout.pdf'];
    const lazy = await lazyImagePaths(page, '/index/Chapter1');
    await page.goto('/index/Chapter1');
    await scrollThrough(page);
    expect(requested.filter((path) => held.includes(path) || lazy.includes(path))).toEqual([]);

    const map = page.getByRole('button', { name: /^Show the picture \(\d+ KB\): World map of the 1,860 urban agglomerations/ });
    await expect(map).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^Show the embedded page \(about \d+ KB\): Urban health in rapidly growing cities/ }),
    ).toBeVisible();
    // The handout's button says its size as the file is (npm run make:handout writes it anew when its sources change).
    const handout = formatSize(statSync(join(import.meta.dirname, '../../public/handouts/chapter-1-handout.pdf')).size);
    await expect(
      page.getByRole('button', { name: `Show the embedded page (${handout}): Chapter 1 handout: Cities, environment and health` }),
    ).toBeVisible();
    // Another host's players (Activity 1) stay behind their own button (EmbedFacade); the test fails on any request to another host.
    const activity = page.getByRole('button', { name: /^Activity 1/ });
    await activity.click();
    await expect(page.getByRole('dialog').getByRole('button', { name: /^Play the video/ })).toHaveCount(2);
    await expect(page.locator('iframe[src*="youtube"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // The closed dialog hands focus back to its button a moment after it is hidden; only then does the reader move on.
    await expect(activity).toBeFocused();

    await map.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => requested).toContain(mapFile);
    const chart = page.getByRole('img', { name: /^World map of the 1,860 urban agglomerations/ });
    await expect(chart).toBeFocused();
    await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(requested).not.toContain(figureFile);
  });

  test('inside Activity 2 the picture waits too, and a tap shows it', sameAtEveryWidth, async ({ page }) => {
    const requested = requests(page);
    await page.goto('/index/Chapter1');
    const health = (await lazyImagePaths(page, '/index/Chapter1')).find((path) => path.includes('health-map'))!;
    await page.getByRole('button', { name: /^Activity 2/ }).click();
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: /^Show the picture \(\d+ bytes\): A diagram of eight nested circles/ });
    await expect(button).toBeVisible();
    expect(requested).not.toContain(health);
    await button.click();
    await expect.poll(() => requested).toContain(health);
    await expect(dialog.getByRole('img', { name: /^A diagram of eight nested circles/ })).toBeVisible();
  });

  test(
    'on the home page the video is never fetched until the reader plays it, and the contents card art waits',
    sameAtEveryWidth,
    async ({ page }) => {
      const requested = requests(page);
      await page.goto('/');
      const toggle = page.locator('figure.home-video').getByRole('button');
      await expect(toggle).toHaveText(/^Play the video \(\d+ KB\)$/);
      await scrollThrough(page);
      expect(requested.filter((path) => /\.(webm|mp4)$/.test(path) || /contents-(wide|phone)/.test(path))).toEqual([]);
      // The poster belongs to the first screen: it shows.
      await expect
        .poll(() => page.locator('figure.home-video video').evaluate((v: HTMLVideoElement) => v.poster))
        .toMatch(/home-city-poster\.\w+\.png$/);

      await toggle.click();
      await expect.poll(() => requested.filter((path) => /\.(webm|mp4)$/.test(path)).length).toBeGreaterThan(0);
      await expect.poll(() => page.locator('figure.home-video video').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
      await expect(toggle).toHaveText('Pause the video');
    },
  );

  test('a picture an island inserts later, in a <picture> with <source srcset>, waits too, and the size is that of the source this screen would pick', async ({
    page,
  }) => {
    const requested = requests(page);
    await page.goto('/index');
    const [wide, narrow] = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img')].slice(1, 3).map((img) => img.dataset.saverSrc!),
    );
    const isWide = page.viewportSize()!.width >= 1200;
    await page.evaluate(
      ([wideSrc, narrowSrc]) => {
        const picture = document.createElement('picture');
        picture.innerHTML = `<source media="(width >= 1200px)" srcset="${wideSrc}" data-size="2 KB"><img src="${narrowSrc}" alt="A test picture" loading="lazy" width="16" height="9" data-size="1 KB">`;
        document.querySelector('main')!.prepend(picture);
      },
      [wide, narrow] as const,
    );
    const button = page.getByRole('button', { name: `Show the picture (${isWide ? '2 KB' : '1 KB'}): A test picture` });
    await expect(button).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => path === wide || path === narrow)).toEqual([]);
    await button.click();
    await expect.poll(() => requested).toContain(isWide ? wide : narrow);
    await expect(page.getByRole('img', { name: 'A test picture' })).toBeVisible();
  });

  test(
    'the switch shows data saver on; turning it off loads what the page held back, and is remembered over the browser',
    sameAtEveryWidth,
    async ({ page }) => {
      const requested = requests(page);
      const lazy = await lazyImagePaths(page, '/index');
      await page.goto('/index');
      await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'true');
      await saverSwitch(page).focus();
      await page.keyboard.press('Enter');
      await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('status').filter({ hasText: 'Data saver is off' })).toBeVisible();
      await expect(placeholders(page)).toHaveCount(0);
      await scrollThrough(page);
      await expect.poll(() => lazy.filter((path) => !requested.includes(path))).toEqual([]);

      // The browser still asks to save data; the reader's choice wins on the next page.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-saver', 'off');
      await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(placeholders(page)).toHaveCount(0);
    },
  );

  test('pages with data saver on have no accessibility violations', async ({ page }) => {
    for (const path of ['/index', '/index/Chapter1', '/']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^(Show the picture|Play the video)/ }).first()).toBeVisible();
      expect((await violations(page)).map((found) => `${path} ${found}`)).toEqual([]);
    }
  });
});

test.describe('a reader who turns data saver on with the switch', sameAtEveryWidth, () => {
  test('it is remembered across reloads: pictures below the first screen and the video wait; turning it off restores normal loading', async ({
    page,
  }) => {
    // A reload would take the pictures the first load fetched from the browser's memory, and list them again.
    await disableCache(page);
    const requested = requests(page);
    const lazy = await lazyImagePaths(page, '/index');
    await page.goto('/index');
    await expect(saverSwitch(page)).toBeVisible();
    await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'false');
    await saverSwitch(page).click();
    await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Data saver is on from the next page you open.' })).toBeVisible();

    // Counted from the reloaded page's start: the switch is in the footer, and the old page may still be fetching the
    // pictures that scrolling to it brought near the screen.
    const fromNewPage = (frame: Frame) => {
      if (frame === page.mainFrame()) requested.length = 0;
    };
    page.on('framenavigated', fromNewPage);
    await page.reload();
    page.off('framenavigated', fromNewPage);
    await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'true');
    await scrollThrough(page);
    expect(requested.filter((path) => lazy.includes(path))).toEqual([]);
    await expect(placeholders(page)).toHaveCount(9);

    await page.goto('/');
    await scrollThrough(page);
    expect(requested.filter((path) => /\.(webm|mp4)$/.test(path))).toEqual([]);
    await expect(page.locator('figure.home-video').getByRole('button')).toHaveText(/^Play the video \(\d+ KB\)$/);

    await saverSwitch(page).click();
    await expect(saverSwitch(page)).toHaveAttribute('aria-pressed', 'false');
    requested.length = 0;
    await page.goto('/index');
    await expect(placeholders(page)).toHaveCount(0);
    await scrollThrough(page);
    await expect.poll(() => lazy.filter((path) => !requested.includes(path))).toEqual([]);
  });
});

test.describe('a reader with no data saver', () => {
  test('sees the pages as before: lazy pictures load as they near the screen, nothing moves, and the video plays', async ({ page }) => {
    const requested = requests(page);
    const lazy = await lazyImagePaths(page, '/index');
    await page.goto('/index');
    await expect(page.locator('html')).toHaveAttribute('data-saver', 'off');
    await scrollThrough(page);
    await expect.poll(() => lazy.filter((path) => !requested.includes(path))).toEqual([]);
    await expect(page.locator('.book-saver')).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);

    // (Scrolling the whole Introduction would open the PDF frame, whose viewer keeps the network busy: Map 1 is enough.)
    await page.goto('/index/Chapter1');
    await page.locator('#map-1').scrollIntoViewIfNeeded();
    await expect.poll(() => requested).toContainEqual(expect.stringMatching(/^\/figures\/world-cities(\.narrow)?\.svg$/));
    await expect(page.locator('.book-saver')).toHaveCount(0);
    expect(await layoutShift(page)).toBe(0);

    await page.goto('/');
    await expect(page.locator('figure.home-video')).toHaveClass(/is-playing/);
  });
});

test.describe('prefers-reduced-data: reduce', sameAtEveryWidth, () => {
  test('holds the pictures below the first screen too', async ({ playwright, baseURL, viewport }) => {
    // Chromium knows the media feature only behind this flag (a browser of its own: launch options are per worker);
    // DevTools' media emulation then sets it.
    const executablePath = testChromiumPath();
    const browser = await playwright.chromium.launch({
      args: [...chromiumArgs, '--enable-blink-features=PrefersReducedData'],
      ...(executablePath ? { executablePath } : {}),
    });
    const page = await browser.newPage({ baseURL: baseURL!, viewport });
    const requested = requests(page);
    const lazy = await lazyImagePaths(page, '/index');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-data', value: 'reduce' }] });
    await page.goto('/index');
    await expect(page.locator('html')).toHaveAttribute('data-saver', 'on');
    await scrollThrough(page);
    expect(requested.filter((path) => lazy.includes(path))).toEqual([]);
    await expect(placeholders(page)).toHaveCount(9);
    await browser.close();
  });
});

test.describe('without JavaScript', sameAtEveryWidth, () => {
  test.use({ javaScriptEnabled: false });
  test('there is no switch, and pictures load as usual', async ({ page }) => {
    await page.goto('/index');
    await expect(page.getByRole('button', { name: 'Data saver' })).toBeHidden();
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(10);
  });
});
