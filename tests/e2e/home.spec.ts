import type { Page } from '@playwright/test';
import { atItsOwnWidth, expect, sameAtEveryWidth, test } from '../support/test.ts';

const card = (page: Page) => page.locator('.contents-card');
const cardLink = (page: Page) => page.getByRole('link', { name: 'Chapters', exact: true });
const opacity = (page: Page) => card(page).evaluate((el) => getComputedStyle(el).opacity);
const brightness = (page: Page) => page.locator('.contents-card__image').evaluate((el) => getComputedStyle(el).filter);

test('the home page has its parts in order, and the byline and copyright reach Members', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/members');
  const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  await page.goto('/');
  const main = page.getByRole('main');
  const order = await main.evaluate((el) =>
    [...el.querySelectorAll('h1, .byline, .preface, .contents-card, .home-footer p')].map((part) => part.classList[0] ?? part.tagName),
  );
  expect(order).toEqual(['H1', 'byline', 'contents-card', 'preface', 'P', 'P']);
  await expect(main.getByText('This book received no external funds.')).toBeVisible();

  const byline = main.getByRole('link', { name: /^By / });
  for (const name of names) await expect(byline).toContainText(name);
  const copyright = main.getByRole('link', { name: /^© 2025 / });
  for (const name of names) await expect(copyright).toContainText(name);
  await byline.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
  await page.goBack();
  await copyright.click();
  await expect(page).toHaveURL(/\/members$/);
});

test('the preface states what the book is, when and where it was written, and what is planned', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/');
  const preface = page.getByRole('region', { name: 'Preface' });
  const facts = [
    'work in progress',
    'last decade',
    'field courses and online courses during 2020–2022',
    'Queens, NYC, May 2025',
    // Its figures name the work they come from, as the chapters cite theirs, and the newer revision is not left unsaid.
    'Prospects: The 2018 Revision (United Nations, Department of Economic and Social Affairs, Population Division, 2019)',
    'in rural areas (United Nations, Department of Economic and Social Affairs, Population Division, 2025)',
  ];
  for (const fact of facts) {
    await expect(preface).toContainText(fact);
  }
  await expect(preface.getByRole('listitem')).toHaveText([
    'ancient cities',
    'mega-slums',
    'water and sanitation',
    'climate crisis and disasters',
    'food environment and obesity',
    'urban violence',
    'opioids and mental health',
    'future pandemics',
    'syndemics',
    'homelessness',
  ]);
  const course = preface.getByRole('link', { name: /course site/ });
  await expect(course).toHaveAttribute('target', '_blank');
  await expect(course).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(course).toHaveAttribute('href', /^https:\/\//);
});

test('the contents card is 16:3, dimmed to 0.4, and darker (0.2) when pointed at or focused', async ({ page }) => {
  await page.goto('/');
  await cardLink(page).scrollIntoViewIfNeeded();
  const box = (await card(page).boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(16 / 3, 1);
  await expect.poll(() => brightness(page)).toBe('brightness(0.4)');
  await card(page).hover();
  await expect.poll(() => brightness(page)).toBe('brightness(0.2)');
  await page.mouse.move(0, 0);
  await expect.poll(() => brightness(page)).toBe('brightness(0.4)');
  await cardLink(page).focus();
  await expect.poll(() => brightness(page)).toBe('brightness(0.2)');
  await cardLink(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
});

test('the contents card fades in over 1000 ms after 100 ms once 40 % is visible, and only once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 500 });
  await page.goto('/');
  expect(await opacity(page)).toBe('0');
  await cardLink(page).scrollIntoViewIfNeeded();
  await expect(card(page)).toHaveClass(/is-shown/);
  await expect(card(page)).toHaveCSS('transition-duration', '1s');
  await expect(card(page)).toHaveCSS('transition-delay', '0.1s');
  await expect.poll(() => opacity(page)).toBe('1');
  await page.evaluate(() => scrollTo(0, 0));
  await cardLink(page).scrollIntoViewIfNeeded();
  expect(await opacity(page)).toBe('1');
});

test('with reduced motion the contents card is simply there', sameAtEveryWidth, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect(await opacity(page)).toBe('1');
  await expect(card(page)).not.toHaveClass(/is-waiting/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the contents card is visible', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/');
    expect(await opacity(page)).toBe('1');
    await expect(cardLink(page)).toBeVisible();
  });
});

for (const [width, wanted, unwanted] of [
  [375, 'contents-phone', 'contents-wide'],
  [1280, 'contents-wide', 'contents-phone'],
] as const) {
  test(`at ${width} px the card downloads only its ${wanted.split('-')[1]} picture`, atItsOwnWidth(width), async ({ page }) => {
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/contents-')) pictures.push(request.url());
    });
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await cardLink(page).scrollIntoViewIfNeeded();
    await expect.poll(() => pictures.some((url) => url.includes(wanted))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(pictures.filter((url) => url.includes(unwanted))).toEqual([]);
  });
}
