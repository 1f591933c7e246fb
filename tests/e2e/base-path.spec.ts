import type { ChildProcess } from 'node:child_process';
import { buildBook } from '../support/build-book.ts';
import { crawl, type Deployment, sitemapPages } from '../support/crawl.ts';
import { serveBuild } from '../support/serve-build.ts';
import { expect, test } from '../support/test.ts';

const port = Number(process.env.TEST_PORT ?? 4322) + 70;
// Published at https://books.example.net/book/ (example.org is the book's own placeholder for other sites).
const book: Deployment = { base: '/book/', site: 'https://books.example.net', origin: `http://127.0.0.1:${port}`, missingPage: '/book/no-such-page' };
const { base, site, origin } = book;

test.describe(`the book published under a base path (${base})`, () => {
  let server: ChildProcess | undefined;
  test.use({ baseURL: origin });
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const result = await buildBook('valid', { name: 'base-path', env: { BASE_PATH: base, SITE_URL: site } });
    expect(result.code, result.output).toBe(0);
    server = await serveBuild(result.dist, port, base);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test.describe('every page', () => {
    // A reader who mistypes an address sees the not-found page: the crawl opens one, so its links count too.
    test.use({ expectedConsoleErrors: new RegExp(`status of 404 .*\\(${origin}${book.missingPage}\\)$`) });

    test("a reader's browser finds every link, picture, script, stylesheet and island of every page under /book/", async ({ page }) => {
      await page.goto(base);
      await expect.soft(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site}${base}`);

      const listed = await sitemapPages(page.request, book);
      expect(listed.length, 'the sitemap is found under the base path').toBeGreaterThan(0);
      const { broken, visited } = await crawl(page, [base, ...listed, `${base}offline`, book.missingPage], book);
      // The sitemap lists each page's own address, not one that redirects to it.
      for (const path of listed) {
        const status = (await page.request.head(path, { maxRedirects: 0 })).status();
        if (status !== 200) broken.push(`sitemap: ${path}: status ${status}`);
      }
      expect(broken).toEqual([]);
      expect(visited).toEqual(expect.arrayContaining([`${base}index`, `${base}index/Chapter1`, `${base}index/Chapter2/BlockA`, `${base}members`]));
    });
  });

  test('search opens, loads its index from /book/pagefind/ and finds a word of a chapter', async ({ page }) => {
    const searchFiles: string[] = [];
    page.on(
      'response',
      (response) => response.url().includes('/pagefind/') && searchFiles.push(`${new URL(response.url()).pathname} ${response.status()}`),
    );
    await page.goto(`${base}members`);
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the book' });
    await dialog.getByRole('searchbox', { name: 'Search the book' }).fill('sanitation');
    const result = dialog.getByRole('link').first();
    // The first search fetches Pagefind and its wasm: a while on a busy 2-core machine.
    await expect(result).toHaveAttribute('href', new RegExp(`^${base}index/Chapter2\\b`), { timeout: 20_000 });
    expect(searchFiles.length).toBeGreaterThan(0);
    expect(searchFiles.filter((file) => !file.startsWith(`${base}pagefind/`) || !file.endsWith(' 200'))).toEqual([]);

    await result.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A second chapter');
  });

  test.describe('offline reading', () => {
    // Service workers are blocked for every other spec (tests/playwright.config.ts).
    test.use({ serviceWorkers: 'allow' });

    test('the offline worker registers for /book/ and controls its pages', async ({ page }) => {
      // It starts on a reader's second page.
      await page.goto(`${base}index`);
      await page.goto(`${base}index/Chapter1`);
      const worker = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => ({ scope: r.scope, script: r.active?.scriptURL })));
      expect(worker).toEqual({ scope: `${origin}${base}`, script: `${origin}${base}sw.js` });
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}${base}sw.js`);
    });
  });
});
