import type { Page } from '@playwright/test';
import { atItsOwnWidth, expect, sameAtEveryWidth, test } from '../support/test.ts';

const titles = [
  'Introduction',
  'Public health in mega-slums',
  'Water, sanitation and public health in rapidly growing cities',
  'Food systems and obesity in rapidly growing cities: a syndemic approach',
  'Beyond the built environment; the neighbourhood effect. A ‘case’ study',
  'Climate crisis and public health',
  'Heat waves in rapidly growing cities: Public health emergencies',
  'Air quality and public health in rapidly growing cities',
  'Mental health in megacities. Substance abuse',
  'Urban violence: The war on drugs',
];

// The chapters' cards: the list items that are articles (the downloads below them are a list too).
const cards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('article') });

test(
  'the contents page shows ten chapter cards in order, each with its pre-title (and whether it is in preparation), title, picture and link',
  sameAtEveryWidth,
  async ({ page }) => {
    await page.goto('/index');
    await expect(cards(page)).toHaveCount(10);
    for (const [i, title] of titles.entries()) {
      const card = cards(page).nth(i);
      // Chapters 2 to 10 are outlines so far (inPreparation: true), and their cards say so.
      await expect(card.getByText(/^Chapter \d+/)).toHaveText(i === 0 ? 'Chapter 1' : `Chapter ${i + 1} In preparation`);
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/index/Chapter${i + 1}`);
      await expect(card.getByRole('img')).toHaveAttribute('alt', /\w{3,}.*\w{3,}/);
    }
  },
);

for (const [width, columns] of [
  [375, 1],
  [1000, 2],
  [1280, 3],
  [1536, 3],
  [1600, 3],
] as const) {
  test(`at ${width} px the cards stand in ${columns} column${columns > 1 ? 's' : ''}`, atItsOwnWidth(width), async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/index');
    const boxes = await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(columns);
    // The cards of a row are one height, and the grid stays inside the text column (the main element's content box).
    for (const row of new Set(boxes.map((box) => Math.round(box.top)))) {
      expect(new Set(boxes.filter((box) => Math.round(box.top) === row).map((box) => Math.round(box.height))).size, `row at ${row} px`).toBe(1);
    }
    const column = await page.locator('main').evaluate((main) => {
      const { left, right } = main.getBoundingClientRect();
      const style = getComputedStyle(main);
      return { left: left + parseFloat(style.paddingLeft), right: right - parseFloat(style.paddingRight) };
    });
    expect(Math.min(...boxes.map((box) => box.left))).toBeGreaterThanOrEqual(column.left - 0.5);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(column.right + 0.5);
  });
}

test('on an extra-large screen a card is 1150 / 3 px wide', atItsOwnWidth(1600), async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/index');
  const box = await cards(page).first().boundingBox();
  expect(box?.width).toBeCloseTo(1150 / 3, 0);
});

test('a card shows a skeleton until its picture arrives, then the picture', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.svg', async (route) => {
    if (route.request().url().includes('/_astro/')) await held;
    await route.continue();
  });
  await page.goto('/index', { waitUntil: 'domcontentloaded' });
  const image = cards(page).first().getByRole('img');
  const state = () =>
    image.evaluate((img: HTMLImageElement) => ({
      loaded: img.complete && img.naturalWidth > 0,
      skeleton: getComputedStyle(img).backgroundImage.includes('gradient'),
      height: img.getBoundingClientRect().height,
    }));
  const before = await state();
  expect(before.loaded).toBe(false);
  expect(before.skeleton).toBe(true);
  expect(before.height).toBeGreaterThan(100);
  release();
  await expect.poll(async () => (await state()).loaded).toBe(true);
  // The box keeps its size: the page does not jump when the picture arrives.
  expect((await state()).height).toBeCloseTo(before.height, 0);
});

test('a card rises when pointed at and when focused by keyboard', async ({ page }) => {
  await page.goto('/index');
  const card = page.locator('article').first();
  const shadow = () => card.evaluate((el) => getComputedStyle(el).boxShadow);
  const resting = await shadow();
  await card.hover();
  await expect.poll(shadow).not.toBe(resting);
  await page.mouse.move(0, 0);
  await expect.poll(shadow).toBe(resting);
  await card.getByRole('link').focus();
  await expect.poll(shadow).not.toBe(resting);
});

test('the first picture is fetched at once with high priority, the others only as they near the screen', async ({ page }) => {
  await page.goto('/index');
  const images = page.getByRole('main').getByRole('img');
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  for (const image of (await images.all()).slice(1)) await expect(image).toHaveAttribute('loading', 'lazy');
  for (const image of await images.all()) await expect(image).toHaveAttribute('width', /^\d+$/);
});
