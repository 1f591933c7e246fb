import { expect, test } from '../support/test.ts';
import { layoutPages, specRoutes } from '../support/site.ts';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  // One reader visits them all, in one browser tab: a new tab per page would cost more than the visits.
  test('every route is readable', async ({ page, isMobile }) => {
    // At phone width, one page of each layout.
    for (const { path, heading } of specRoutes.filter(({ path }) => !isMobile || layoutPages.includes(path))) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.getByRole('link', { name: 'Public health in mega-cities; the environmental dimension.' })).toBeVisible();
        const text = await page.getByRole('main').innerText();
        expect(text.split(/\s+/).length, 'the page has its text, not an empty shell').toBeGreaterThan(8);
        const hiddenMain = await page
          .locator('main')
          .evaluate((el) => getComputedStyle(el).visibility === 'hidden' || getComputedStyle(el).opacity === '0');
        expect(hiddenMain).toBe(false);
      });
    }
  });
});
