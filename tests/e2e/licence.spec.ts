/**
 * The book's licence as a reader meets it on the web: one sentence, the same words on the home page's copyright line,
 * every other page's footer and a deck's title slide, its name linked to the licence; and the address search engines
 * read in each page's JSON-LD.
 */
import type { Page } from '@playwright/test';
import { bookConfig } from '../../src/book.config.ts';
import { licenceSentence, licenceText } from '../../src/lib/licence.ts';
import { chapterRoutes, sitePages } from '../support/site.ts';
import { expect, test } from '../support/test.ts';

const sentence = licenceText();
const { name } = licenceSentence();
const structuredData = async (page: Page) => JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null');
/** A page's words as a reader reads them, every run of spaces one. */
const wordsOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');

test("the home page's copyright line states the licence, with the licence linked, and its footer does not repeat it", async ({ page }) => {
  await page.goto('/');
  const line = page.locator('.home-footer p').filter({ hasText: /^© 2025 / });
  await expect(line).toHaveText(new RegExp(`^© 2025 .+\\. ${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const link = line.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', bookConfig.licence.url);
  await expect(link).toHaveAttribute('rel', 'license');
  await expect(page.getByRole('contentinfo')).not.toContainText(sentence);
  expect((await structuredData(page)).license).toBe(bookConfig.licence.url);
});

test("a chapter's and a block's footers state the licence in the same words, on screen and on paper", async ({ page }) => {
  for (const path of ['/index/Chapter1', '/index/Chapter3/BlockA']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('.site-footer__licence')).toHaveText(sentence);
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', bookConfig.licence.url);
    // A teacher who prints a chapter from the browser gets the licence, its address after it.
    await page.emulateMedia({ media: 'print' });
    await expect(footer.locator('.site-footer__licence')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  }
});

test("every page of the book states the licence once, in the same words, and every page's JSON-LD gives its address", async ({ request }) => {
  const described: string[] = [];
  for (const path of sitePages()) {
    const html = await (await request.get(path)).text();
    expect(wordsOf(html).split(sentence).length - 1, path).toBe(1);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    if (json === undefined) continue;
    expect((JSON.parse(json) as { license?: string }).license, path).toBe(bookConfig.licence.url);
    described.push(path);
  }
  // The home and contents pages describe the book, each chapter page its chapter.
  expect(described).toEqual(expect.arrayContaining(['/', '/index', ...chapterRoutes]));
});
