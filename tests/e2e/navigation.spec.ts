import { expect, test } from './support/test.ts';

test('a slow page load shows the progress bar after 300 ms, and the new page starts at the top', async ({ page }) => {
  await page.clock.install();
  await page.goto('/index');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/index/Chapter10', async (route) => {
    await held;
    await route.continue();
  });
  const bar = page.getByRole('progressbar', { name: 'Loading the next page' });
  await page.getByRole('link', { name: 'Urban violence: The war on drugs' }).click({ noWaitAfter: true });
  await page.clock.runFor(200);
  await expect(bar).toBeHidden();
  await page.clock.runFor(150);
  await expect(bar).toBeVisible();

  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Urban violence: The war on drugs');
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});
