import type { Page } from '@playwright/test';
import { atItsOwnWidth, expect, sameAtEveryWidth, test } from '../support/test.ts';

// Stand in for a slow network: the page stays after a click, as it does while a response is awaited.
// (Playwright cannot inspect a page whose navigation is pending, so the navigation itself is cancelled,
// after the page's own listener has seen it.)
const holdNavigations = (page: Page) => page.evaluate(() => navigation.addEventListener('navigate', (event) => event.preventDefault()));

const bar = { name: 'Loading the next page' };
// Page time stands still between the test's steps, so waiting assertions cannot let timers fire.
// (The clock runs from `start` until paused: leave room for a slow page load on a busy machine.)
const start = new Date('2026-01-01T08:00:00Z');
const paused = new Date('2026-01-01T08:02:00Z');

test('a link that takes longer than 300 ms to load shows the progress bar', sameAtEveryWidth, async ({ page }) => {
  await page.clock.install({ time: start });
  await page.goto('/index');
  await page.clock.pauseAt(paused);
  await holdNavigations(page);
  await page.getByRole('link', { name: 'Urban violence: The war on drugs' }).click();
  await page.clock.runFor(299);
  await expect(page.getByRole('progressbar', bar)).toBeHidden();
  await page.clock.runFor(1);
  await expect(page.getByRole('progressbar', bar)).toBeVisible();
});

test('clicks that do not load a page never show the progress bar', sameAtEveryWidth, async ({ page }) => {
  await page.clock.install({ time: start });
  await page.goto('/index');
  await page.clock.pauseAt(paused);
  await holdNavigations(page);
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  const newTab = page.context().waitForEvent('page');
  await page
    .getByRole('link', { name: 'Introduction' })
    .first()
    .click({ modifiers: ['ControlOrMeta'] });
  await (await newTab).close();
  await page.clock.runFor(1000);
  await expect(page.getByRole('progressbar', bar)).toBeHidden();
});

test('every navigation starts at the top of the new page, with no bar left showing', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Urban violence: The war on drugs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Urban violence: The war on drugs');
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await expect(page.getByRole('progressbar', bar)).toBeHidden();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
  await expect(page.getByRole('progressbar', bar)).toBeHidden();
});

for (const width of [320, 375, 1000, 1280, 1600]) {
  test(
    `in a ${width} px window the top bar is one bar of at most 64 px, the book's whole title its link's name`,
    atItsOwnWidth(width),
    async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/index/Chapter4']) {
        await page.goto(path);
        const bar = page.getByRole('banner');
        expect((await bar.boundingBox())!.height, path).toBeLessThanOrEqual(64);
        const title = bar.getByRole('link', { name: 'Public health in mega-cities; the environmental dimension.', exact: true });
        await expect(title).toBeVisible();
        // Whole as shown: no line cut off, no ellipsis (a phone shows the title's first part, its name the whole).
        expect(await title.evaluate((link) => link.scrollHeight <= link.clientHeight), path).toBe(true);
      }
    },
  );
}
