import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { sitePages } from '../support/site.ts';

const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// At phone width one page of each layout is enough: chapters 2 to 10 and the other blocks share Chapter 1's and Block A's.
const phoneLayouts = new Set([
  '/',
  '/index',
  '/members',
  '/Introduction',
  '/index/Chapter1',
  '/index/Chapter3/BlockA',
  '/offline',
  '/slides/introduction',
]);

test.describe('WCAG 2.2 AA (axe-core)', () => {
  for (const path of sitePages()) {
    test(`${path} has no violations`, async ({ page, isMobile }) => {
      test.skip(isMobile && !phoneLayouts.has(path), 'its layout is checked at phone width on another page');
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  }

  test.describe('the not-found page', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test('has no violations', async ({ page }) => {
      await page.goto('/no-such-page');
      const { violations } = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
      expect(violations.map((v) => v.id)).toEqual([]);
    });
  });

  test('the open phone menu has no violations', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= 1200, 'phone layout only');
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});

test.describe('WCAG 2.2 AA (axe-core) in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test.describe('every page', () => {
    // The theme's colours are the same at every width (the phone menu has its own test below): one sweep is enough.
    test.skip(({ isMobile }) => isMobile, 'one width is enough for colours');
    for (const path of sitePages()) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
        const { violations } = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
      });
    }
  });

  const darkViolations = async (page: Page) => (await new AxeBuilder({ page }).withTags(wcag22aa).analyze()).violations.map((v) => v.id);

  test('the open phone menu has no violations', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= 1200, 'phone layout only');
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await darkViolations(page)).toEqual([]);
  });

  test('the tip and an open box have no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: 'Tip: Suggested reading' }).focus();
    // The first focus hydrates the tip, fetching React: on a busy machine that takes more than a few seconds.
    await expect(page.locator('.tip__bubble')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Box 1/ }).press('Enter');
    await expect(page.getByText('Low-density cities in a region with a long dry season')).toBeVisible();
    expect(await darkViolations(page)).toEqual([]);
  });

  test('an open activity has no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: /^Activity 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await darkViolations(page)).toEqual([]);
  });

  test('the themes chosen with the toggle have no violations either', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
    const light = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
    expect(light.violations.map((v) => v.id)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    const dark = await new AxeBuilder({ page }).withTags(wcag22aa).analyze();
    expect(dark.violations.map((v) => v.id)).toEqual([]);
  });
});
