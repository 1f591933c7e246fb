import { expect, test } from '../support/test.ts';
import { layoutPages, sitePages } from '../support/site.ts';
import { violations } from '../support/axe.ts';

test.describe('WCAG 2.2 AA (axe-core)', () => {
  for (const path of sitePages()) {
    test(`${path} has no violations`, async ({ page, isMobile }) => {
      test.skip(isMobile && !layoutPages.includes(path), 'its layout is checked at phone width on another page');
      await page.goto(path);
      expect(await violations(page)).toEqual([]);
    });
  }

  test.describe('the not-found page', () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test('has no violations', async ({ page }) => {
      await page.goto('/no-such-page');
      expect(await violations(page)).toEqual([]);
    });
  });

  test('the open phone menu has no violations', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= 1200, 'phone layout only');
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('WCAG 2.2 AA (axe-core) in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test.describe('every page', () => {
    // The theme's colours are the same at every width (the phone menu has its own test below), and on every page of a layout.
    test.skip(({ isMobile }) => isMobile, 'one width is enough for colours');
    for (const path of layoutPages) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
        expect(await violations(page)).toEqual([]);
      });
    }
  });

  test('the open phone menu has no violations', async ({ page }) => {
    test.skip(page.viewportSize()!.width >= 1200, 'phone layout only');
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the tip and an open box have no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: 'Tip: Suggested reading' }).focus();
    // The first focus hydrates the tip, fetching React: on a busy machine that takes more than a few seconds.
    await expect(page.locator('.tip__bubble')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Box 1/ }).press('Enter');
    await expect(page.getByText('Low-density cities in a region with a long dry season')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('an open activity has no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: /^Activity 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the themes chosen with the toggle have no violations either', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    expect(await violations(page)).toEqual([]);
  });
});
