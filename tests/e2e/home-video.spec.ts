import type { Page } from '@playwright/test';
import { atItsOwnWidth, desktopOnly, expect, sameAtEveryWidth, test } from '../support/test.ts';

const figure = (page: Page) => page.locator('figure.home-video');
const video = (page: Page) => figure(page).locator('video');
const toggle = (page: Page) => figure(page).getByRole('button');
const videoRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/\.(webm|mp4)(\?|$)/.test(request.url())) urls.push(request.url());
  });
  return urls;
};

// The full 500 px shows where the column is wide enough.
test('a 500 px high placeholder stands until the video can play, then it plays muted and looping in the same box', desktopOnly, async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.(webm|mp4)$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const box = await video(page).boundingBox();
  expect(box?.height).toBe(500);
  await expect(figure(page)).not.toHaveClass(/is-playing/);
  expect(await video(page).evaluate((v: HTMLVideoElement) => getComputedStyle(v).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  // Nothing plays yet: the control offers to play, not to pause.
  await expect(toggle(page)).toHaveText('Play the video');
  release();
  await expect(figure(page)).toHaveClass(/is-playing/);
  await expect(toggle(page)).toHaveText('Pause the video');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.loop && v.currentTime > 0)).toBe(true);
  expect((await video(page).boundingBox())?.height).toBe(500);
});

test('the video is asked for only once the page has loaded, never beside its text, styles and pictures', sameAtEveryWidth, async ({ page }) => {
  const asked = page.waitForRequest(/\.(webm|mp4)(\?|$)/);
  await page.goto('/');
  const request = await asked;
  // Its timing is filled in once the answer arrives.
  await request.response();
  const startedAt = request.timing().startTime;
  // Wall-clock time of the load event's end, on the browser's clock like Request.timing().
  const loadedAt = await page.evaluate(
    () => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );
  expect(loadedAt).toBeGreaterThan(0);
  expect(startedAt).toBeGreaterThanOrEqual(loadedAt);
});

test('a press on the control before the page has loaded starts the video there and then', async ({ page }) => {
  // The load event waits for the page's module script, held back here as a slow connection would.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/BaseLayout[\w.-]*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  const asked = page.waitForRequest(/\.(webm|mp4)(\?|$)/);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(toggle(page)).toHaveText('Play the video');
  await toggle(page).click();
  await asked;
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  release();
  await expect(figure(page)).toHaveClass(/is-playing/);
});

for (const width of [320, 375, 1000, 1280, 1600]) {
  test(`in a ${width} px window the video keeps 16:9, uncropped, at most 500 px high`, atItsOwnWidth(width), async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const box = (await video(page).boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    expect(box.height).toBeLessThanOrEqual(500);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  });
}

test('a visible control pauses and restarts the video', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/');
  await expect(figure(page)).toHaveClass(/is-playing/);
  await expect(toggle(page)).toHaveText('Pause the video');
  await toggle(page).click();
  await expect(toggle(page)).toHaveText('Play the video');
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await toggle(page).click();
  await expect(toggle(page)).toHaveText('Pause the video');
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test(
  'a reader who asks for less data gets the poster and an offer to play the video, which is never requested on its own',
  sameAtEveryWidth,
  async ({ page }) => {
    const requested = videoRequests(page);
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(figure(page)).toHaveClass(/is-still/);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.poster)).toMatch(/home-city-poster\.\w+\.png$/);
    // Data saver (tests/e2e/data-saver.spec.ts) offers the video with its size; it loads only on a press.
    await expect(toggle(page)).toHaveText(/^Play the video \(\d+ KB\)$/);
    expect(requested).toEqual([]);
  },
);

test('a reader who asks for less motion gets the poster, and the video is never requested', sameAtEveryWidth, async ({ page }) => {
  const requested = videoRequests(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(figure(page)).toHaveClass(/is-still/);
  expect(requested).toEqual([]);
});

test.describe('without JavaScript', sameAtEveryWidth, () => {
  test.use({ javaScriptEnabled: false });
  test('the poster stands in for the video', async ({ page }) => {
    const requested = videoRequests(page);
    await page.goto('/');
    const still = figure(page).locator('img');
    await expect(still).toBeVisible();
    await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The smallest form this browser shows: AVIF (7 KB, made by npm run make:video) before the PNG.
    expect(await still.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    expect(requested).toEqual([]);
  });
});
