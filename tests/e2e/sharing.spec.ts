import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { chapterRoutes, sitePages } from '../support/site.ts';

const localPath = (url: string) => new URL(url).pathname;
const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute('content');
const structuredData = async (page: Page) => JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');

test('the sitemap lists exactly the pages that name themselves canonical', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => localPath(url!));
  const listed: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    listed.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url!));
  }
  const canonical: string[] = [];
  for (const path of sitePages()) {
    const html = await (await request.get(path)).text();
    const link = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    if (link && localPath(link) === path) canonical.push(link);
  }
  expect(listed.sort()).toEqual([...new Set(canonical)].sort());
  expect(listed.map(localPath)).not.toContain('/Introduction');
});

test('robots.txt points to the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const sitemap = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  expect(sitemap).toBeDefined();
  expect((await request.get(localPath(sitemap!))).status()).toBe(200);
});

test('every chapter has a link preview with its own picture, and says it is part of the book', async ({ page, request }) => {
  const pictures = new Set<string>();
  for (const [i, path] of chapterRoutes.entries()) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(await meta(page, 'og:title')).toBe(title);
    expect(await meta(page, 'og:type')).toBe('article');
    expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
    expect(await meta(page, 'og:description')).toBe(await page.locator('meta[name="description"]').getAttribute('content'));
    expect(await meta(page, 'og:image:alt')).toBeTruthy();
    const image = (await meta(page, 'og:image'))!;
    const response = await request.get(localPath(image));
    expect(response.status(), image).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    pictures.add(image);
    expect(await structuredData(page)).toMatchObject({
      '@type': 'Chapter',
      position: i + 1,
      name: title,
      isPartOf: { '@type': 'Book', name: 'Public health in mega-cities; the environmental dimension.' },
    });
  }
  expect(pictures.size, 'each chapter its own picture').toBe(chapterRoutes.length);
});

test('the home and contents pages describe the book with its ten chapters in order', async ({ page }) => {
  for (const path of ['/', '/index']) {
    await page.goto(path);
    const book = await structuredData(page);
    expect(book['@type']).toBe('Book');
    expect(book.hasPart.map((c: { position: number }) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(book.author).toHaveLength(3);
  }
});

test("a reader can copy a citation of the chapter in APA's form for a chapter of an authored book, and in BibTeX", async ({ page }) => {
  await page.goto('/index/Chapter1');
  await page.getByText('Cite this chapter').click();
  const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
  const shown = (await page.locator('.cite h4 + p.cite__text').allTextContents()).map((text) => text.trim());
  // APA 10.3: the chapter is named where the text cites it; the reference list names the whole book, not the chapter.
  const [parenthetical = '', reference = ''] = shown;
  expect(parenthetical).toMatch(/^\(.+ et al\., 2025, Chapter 1\)$/);
  await expect(page.locator('.cite p.cite__text').nth(1)).toHaveText(/^.+ et al\. \(2025, Chapter 1\)$/);
  expect(reference).toMatch(/^.+, .+, & .+\. \(2025\)\. Public health in mega-cities; the environmental dimension\. (\S+)$/);
  expect(reference.split(' ').at(-1)).toBe(new URL('/', canonical).href);
  expect(reference).not.toContain('Introduction');
  // The book's title in italics, as APA sets it.
  await expect(page.locator('.cite__text i')).toHaveText('Public health in mega-cities; the environmental dimension');
  await expect(page.locator('.cite pre')).toContainText('@inbook{megacities_chapter1,');
  await expect(page.locator('.cite pre')).toContainText(`url = {${canonical}}`);
});
