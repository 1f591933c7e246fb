import { expect, test } from '../support/test.ts';

// Chapter 1 to 10, with Chapter 3's blocks after it: what "Next" should visit.
const readingOrder = [
  '/index/Chapter1',
  '/index/Chapter2',
  '/index/Chapter3',
  '/index/Chapter3/BlockA',
  '/index/Chapter3/BlockB',
  '/index/Chapter3/BlockC',
  '/index/Chapter4',
  '/index/Chapter5',
  '/index/Chapter6',
  '/index/Chapter7',
  '/index/Chapter8',
  '/index/Chapter9',
  '/index/Chapter10',
];

test('a reader can follow "Next" from the Introduction to the last chapter, and "Previous" all the way back', async ({ page }) => {
  test.slow();
  const nav = page.getByRole('navigation', { name: 'Previous and next' });
  await page.goto(readingOrder[0]!);
  await expect(nav.getByRole('link', { name: /^Previous/ })).toHaveCount(0);
  for (const path of readingOrder.slice(1)) {
    await nav.getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(nav.getByRole('link', { name: /^Next/ })).toHaveCount(0);
  for (const path of readingOrder.slice(0, -1).reverse()) {
    await nav.getByRole('link', { name: /^Previous/ }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('each link names the page it leads to', async ({ page }) => {
  await page.goto('/index/Chapter2');
  const nav = page.getByRole('navigation', { name: 'Previous and next' });
  await expect(nav.getByRole('link', { name: 'Previous Introduction' })).toHaveAttribute('href', '/index/Chapter1');
  await expect(nav.getByRole('link', { name: 'Next Water, sanitation and public health in rapidly growing cities' })).toHaveAttribute(
    'href',
    '/index/Chapter3',
  );
});

test("Chapter 3's blocks link back to their chapter", async ({ page }) => {
  for (const block of ['BlockA', 'BlockB', 'BlockC']) {
    await page.goto(`/index/Chapter3/${block}`);
    await page.getByRole('link', { name: 'Part of Chapter 3: Water, sanitation and public health in rapidly growing cities' }).click();
    await expect(page).toHaveURL(/\/index\/Chapter3$/);
  }
});
