/**
 * The built book behind the hosts' own local emulators, with the _headers and _redirects the build writes: what a
 * reader gets on Cloudflare Pages and Netlify, beyond a model of them. Skipped, with the reason, where an emulator is
 * not installed (`npm run hosts:install`; .ci/run installs them).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { emulators, startEmulator } from '../support/host-emulators.ts';
import { expect, test } from '../support/test.ts';
import { missingHere } from '../support/system-tools.ts';
import { headingsOffline, offlineHeadings, playwrightTab, readAndSave } from '../support/offline-flow.ts';

const dist = join(import.meta.dirname, '../../dist');
const hashedFile = `/_astro/${readdirSync(join(dist, '_astro')).find((file) => file.endsWith('.css'))}`;
const firstPort = Number(process.env.TEST_PORT ?? 4322) + 100;

test.describe.configure({ mode: 'serial' });

for (const [i, emulator] of emulators.entries()) {
  test.describe(emulator.name, () => {
    const port = firstPort + i;
    const missing = `${emulator.name} is not installed here: npm run hosts:install (bash .ci/run installs it for the slow tier)`;
    test.skip(missingHere({ path: emulator.path, missing }), missing);
    test.use({ baseURL: `http://127.0.0.1:${port}`, expectedConsoleErrors: /status of 404/ });

    let stop = async () => {};
    test.beforeAll(async () => {
      // A limit for a hang only: a host starts in seconds, but slower on a busy machine.
      test.setTimeout(300_000);
      const started = startEmulator(emulator, dist, port);
      stop = started.stop;
      await started.ready;
    });
    test.afterAll(async () => await stop());

    const heading = async (response: { text: () => Promise<string> }) => /<h1[^>]*>([^<]*)/.exec(await response.text())?.[1]?.trim();

    test('/index and /index/ are the contents page, / the home page', async ({ request }) => {
      for (const path of ['/index', '/index/']) expect(await heading(await request.get(path)), path).toBe('Index');
      expect(await heading(await request.get('/'))).toBe('Public health in mega-cities; the environmental dimension.');
    });

    test("the specification's /Index/… and a page's address in lower case redirect to the page", async ({ request }) => {
      for (const [asked, real] of [
        ['/Index/Chapter2', '/index/Chapter2'],
        ['/index/chapter3/blocka', '/index/Chapter3/BlockA'],
        ['/introduction', '/Introduction'],
      ] as const) {
        const response = await request.get(asked, { maxRedirects: 0 });
        expect(response.status(), asked).toBe(301);
        expect(new URL(response.headers().location ?? '', 'http://host').pathname, asked).toBe(real);
      }
    });

    test('any other letter case reaches the page through the not-found page', async ({ page }) => {
      const response = await page.goto('/INDEX/CHAPTER2');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
    });

    test('pages carry the security headers, and hashed files are cached for good', async ({ request }) => {
      const headers = (await request.get('/index/Chapter1/')).headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const asset = await request.get(hashedFile);
      expect(asset.headers()['x-content-type-options']).toBe('nosniff');
      if (emulator.cachesAsTold) expect(asset.headers()['cache-control']).toContain('immutable');
    });

    test.describe('offline', () => {
      test.use({ serviceWorkers: 'allow', expectedConsoleErrors: /status of 404|ERR_INTERNET_DISCONNECTED/ });
      test('a saved chapter, a chapter read and the offline page open with no connection and no HTTP cache', async ({ page, context }) => {
        const tab = playwrightTab(page);
        const origin = `http://127.0.0.1:${port}`;
        expect(await readAndSave(tab, origin)).toBe('This page is saved for offline reading.');
        await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
        await context.setOffline(true);
        expect(await headingsOffline(tab, origin)).toEqual(offlineHeadings);
      });
    });
  });
}
