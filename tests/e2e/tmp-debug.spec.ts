import { test } from '../support/test.ts';
test('debug', async ({ page }) => {
  await page.goto('/index/Chapter1');
  const snap = await page.locator('.references').first().ariaSnapshot();
  console.log(snap.slice(0, 600));
});
