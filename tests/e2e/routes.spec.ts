import { expect, test } from '../support/test.ts';
import { embeddedPages, readerAidPages, sitePages, specRoutes } from '../support/site.ts';

test.describe('every route of the specification', () => {
  // One reader visits them all, in one browser tab: a new tab per page would cost more than the visits.
  test('a reader opening each route gets its page', async ({ page }) => {
    for (const { path, heading } of specRoutes) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page).toHaveTitle(/Public health in mega-cities/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^\p{Lu}.{20,}\.$/u);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      });
    }
  });

  for (const { path } of specRoutes) {
    test(`${path} works with and without a trailing slash`, async ({ request }) => {
      const other = path.endsWith('/') ? path : `${path}/`;
      const [a, b] = await Promise.all([request.get(path), request.get(other)]);
      expect(a.status()).toBe(200);
      expect(b.status()).toBe(200);
      expect(await b.text()).toBe(await a.text());
    });
  }

  test('the built site has exactly the pages of the specification, besides the pages chapters embed and the offline page', () => {
    const extra = [...embeddedPages, ...readerAidPages];
    expect(sitePages().filter((path) => !extra.includes(path))).toEqual(specRoutes.map((r) => r.path).sort());
    for (const path of extra) expect(sitePages()).toContain(path);
  });

  test('/index is the contents page, not the home page', async ({ page }) => {
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    // One link per chapter card (the downloads after them are links too).
    await expect(page.getByRole('main').getByRole('article').getByRole('link')).toHaveCount(10);
  });

  test('the contents page lists ten chapters that each open', async ({ page }) => {
    await page.goto('/index');
    for (let n = 1; n <= 10; n++) {
      const card = page
        .getByRole('listitem')
        .filter({ hasText: `Chapter ${n}` })
        .first();
      await expect(card.getByRole('link')).toHaveAttribute('href', `/index/Chapter${n}`);
    }
    await page.getByRole('link', { name: 'Public health in mega-slums' }).click();
    await expect(page).toHaveURL(/\/index\/Chapter2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
  });

  test('/Index/Chapter2 (capital I, as the Introduction links it) reaches Chapter 2', async ({ page }) => {
    const response = await page.goto('/Index/Chapter2');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/index\/Chapter2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
  });

  test('the Introduction has one canonical address, named on both of its pages', async ({ page }) => {
    for (const path of ['/Introduction', '/index/Chapter1']) {
      await page.goto(path);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/index\/Chapter1$/);
    }
  });

  test('chapter 3 links to its three blocks', async ({ page }) => {
    await page.goto('/index/Chapter3');
    const blocks = page.getByRole('navigation', { name: 'Blocks of this chapter' }).getByRole('link');
    await expect(blocks).toHaveCount(3);
    await blocks.nth(1).click();
    await expect(page).toHaveURL(/\/index\/Chapter3\/BlockB$/);
  });
});

test.describe('an unknown address', () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  for (const path of ['/nowhere', '/index/Chapter11', '/index/Chapter3/BlockD', '/members/extra', '/index.htm']) {
    test(`${path} shows 'Pagina NoMatch' with status 404 and ways back`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina NoMatch');
      // A missing page must not claim to be another page, nor be indexed.
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.getByRole('main').getByRole('link', { name: 'Go to the index' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
      await page.goBack();
      await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});
