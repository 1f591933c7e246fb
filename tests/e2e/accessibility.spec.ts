import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';
import { sitePages } from './support/site.ts';

const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('WCAG 2.2 AA (axe-core)', () => {
  for (const path of sitePages()) {
    test(`${path} has no violations`, async ({ page }) => {
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
