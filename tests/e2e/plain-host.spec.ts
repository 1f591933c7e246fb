import type { Server } from 'node:http';
import { join } from 'node:path';
import { servePlainHost } from '../support/plain-host.ts';
import { expect, test } from '../support/test.ts';

const port = Number(process.env.TEST_PORT ?? 4322) + 65;
const dist = join(import.meta.dirname, '../../dist');

// GitHub Pages has no redirect rules: /Index/Chapter2, the Introduction's own "Continue to Chapter 2", is a 404 there.
test.describe('on a host without redirect rules', () => {
  // One server on one port: the tests run one after another, in one worker.
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://127.0.0.1:${port}`, expectedConsoleErrors: /status of 404/ });
  let server: Server | undefined;
  test.beforeAll(async () => {
    server = await servePlainHost(dist, port);
  });
  test.afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  test('"Continue to Chapter 2" reaches Chapter 2 through the not-found page, query and fragment kept', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('link', { name: 'Continue to Chapter 2' }).click();
    await expect(page).toHaveURL(/\/index\/Chapter2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
    await page.goto('/INDEX/chapter3/blocka/?from=notes#main');
    await expect(page).toHaveURL(/\/index\/Chapter3\/BlockA\?from=notes#main$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Block A/);
  });

  test('an address that is no page in any case stays on the not-found page', async ({ page }) => {
    const response = await page.goto('/index/Chapter99');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina NoMatch');
    await expect(page.getByRole('link', { name: /^Did you mean/ })).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the not-found page offers the page the book links to in another case', async ({ page }) => {
      const response = await page.goto('/Index/Chapter2');
      expect(response?.status()).toBe(404);
      await page.getByRole('link', { name: 'Did you mean Chapter 2?' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
    });
  });
});
