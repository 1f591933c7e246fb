import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chapterRoutes, embeddedPages, readerAidPages, sitePages, specRoutes } from './support/site.ts';
import { expect, test } from './support/test.ts';

test.skip(({ isMobile }) => isMobile, 'headers do not depend on the screen: run once');

const security = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const asset = `/_astro/${readdirSync(join(import.meta.dirname, '../../dist/_astro')).find((file) => file.endsWith('.css'))}`;

test('every route, the not-found page and each kind of file come with the security headers', async ({ request }) => {
  const paths = [...specRoutes.map((route) => route.path), ...readerAidPages, ...embeddedPages, '/nowhere', asset, '/sw.js', '/pagefind/pagefind.js', '/favicon.svg'];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers, path).toMatchObject(security);
    expect(headers['content-security-policy'], path).toBe("frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'");
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['cache-control'], path).toBe(path === asset ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  }
});

test("the hosts' configuration files are not served", async ({ request }) => {
  for (const path of ['/_headers', '/_redirects']) expect((await request.get(path)).status(), path).toBe(404);
});

test('every page carries a strict policy of its own: scripts by hash, no inline script allowed wholesale, no plugins', async ({ request }) => {
  for (const path of sitePages()) {
    const html = await (await request.get(path)).text();
    const policy = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(policy, path).toMatch(/default-src 'self'/);
    expect(policy, path).toMatch(/object-src 'none'/);
    expect(policy, path).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[\w+/=]+')+;/);
    expect(/script-src[^;]*'unsafe-inline'/.test(policy), path).toBe(false);
    expect(policy, path).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com;/);
  }
});

test('no page refuses anything of its own as it loads', async ({ page }) => {
  const refused: string[] = [];
  await page.exposeFunction('reportRefused', (text: string) => refused.push(text));
  await page.addInitScript(() =>
    addEventListener('securitypolicyviolation', (event) => (window as unknown as { reportRefused: (t: string) => void }).reportRefused(`${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`)),
  );
  for (const path of [...sitePages(), ...chapterRoutes.slice(0, 1)]) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  expect(refused).toEqual([]);
});

test('on a host that answers /index with the home page, a reader still reaches the contents', async ({ page }) => {
  const home = await (await page.request.get('/')).text();
  await page.route((url) => url.pathname === '/index', (route) => route.fulfill({ contentType: 'text/html', body: home }));
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chapters');
  expect(new URL(page.url()).pathname).toBe('/index/');
});

test('links to other sites open with noopener noreferrer, and every frame has a title, waits until near, and allows only what it needs', async ({ request }) => {
  for (const path of sitePages()) {
    const html = await (await request.get(path)).text();
    for (const link of html.match(/<a\b[^>]*target="_blank"[^>]*>/g) ?? []) expect(link, path).toMatch(/rel="noopener noreferrer"/);
    for (const frame of html.match(/<iframe\b[^>]*>/g) ?? []) {
      expect(frame, path).toMatch(/ title="[^"]+"/);
      expect(frame, path).toMatch(/ loading="lazy"/);
      expect(frame, path).toMatch(/ allow="fullscreen"/);
      // A sandboxed frame would break Chrome's PDF viewer.
      expect(frame, path).not.toMatch(/ sandbox/);
    }
  }
});
