/**
 * The nginx example (tools/server/nginx.conf) run by a real nginx over the built book: the routes, the
 * not-found page, the redirects and the headers a reader's browser gets (tests/support/nginx.ts runs it).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { headerRules, headersFor } from '../../integrations/host-config.ts';
import { readHead, sendRaw } from '../support/hostile-requests.ts';
import { localNginxConfig, nginx, nginxRefuses, startNginx } from '../support/nginx.ts';
import { specRoutes } from '../support/site.ts';
import { expect, test } from '../support/test.ts';
import { missingHere } from '../support/system-tools.ts';

const port = Number(process.env.TEST_PORT ?? 4322) + 90;
const dist = join(import.meta.dirname, '../../dist');
const asset = `/_astro/${readdirSync(join(dist, '_astro')).find((file) => file.endsWith('.css'))}`;
const security = Object.fromEntries(Object.entries(headerRules('/')[0]?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));

// CI installs nginx (.ci/run); elsewhere the test runs where nginx is installed.
test.skip(missingHere(nginx), nginx.missing);
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${port}`, expectedConsoleErrors: /status of 404/ });

let stop = () => {};
let plainOrigin = '';

test.beforeAll(async () => {
  ({ stop, plainOrigin } = await startNginx('nginx', port, dist));
});

test.afterAll(() => stop());

test('every route of the specification serves its page, /index the contents and not the home page', async ({ page }) => {
  for (const { path, heading } of specRoutes.filter((route) => !route.path.startsWith('/Index'))) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});

test("the specification's /Index/… spelling leads to the page, and an unknown path gets the not-found page with status 404", async ({
  page,
  request,
}) => {
  const redirect = await request.get('/Index/Chapter2?from=card', { maxRedirects: 0, headers: { Host: 'elsewhere.example' } });
  expect(redirect.status()).toBe(301);
  // A path, with the query kept: never the host the client named.
  expect(redirect.headers().location).toBe('/index/Chapter2?from=card');
  await page.goto('/Index/Chapter2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Public health in mega-slums$/);
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('Pagina NoMatch')).toBeVisible();
});

test("any letter case of a page's address leads to the page, with the query kept and the security headers sent", async ({ request }) => {
  for (const [asked, real] of [
    ['/introduction', '/Introduction'],
    ['/INDEX/chapter3/blocka/?from=search', '/index/Chapter3/BlockA?from=search'],
    ['/Members', '/members'],
  ] as const) {
    const redirect = await request.get(asked, { maxRedirects: 0 });
    expect(redirect.status(), asked).toBe(301);
    expect(redirect.headers().location, asked).toBe(real);
    expect(redirect.headers()['x-content-type-options'], asked).toBe('nosniff');
  }
  for (const real of ['/index/Chapter3/BlockA', '/index/Chapter3/BlockA/', '/Introduction', '/index']) {
    expect((await request.get(real, { maxRedirects: 0 })).status(), real).toBe(200);
  }
  // The map itself is the server's, not the readers'.
  expect((await request.get('/.nginx/addresses.conf')).status()).toBe(404);
});

test('pages, files and errors carry the same headers as npm start; hashed files are cached for good, pages revalidated', async ({ request }) => {
  for (const path of ['/', '/index', '/index/Chapter1', '/no/such/page', asset, '/sw.js', '/favicon.svg']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers, path).toMatchObject(
      Object.fromEntries(Object.entries(headersFor(path, headerRules('/'))).map(([name, value]) => [name.toLowerCase(), value])),
    );
  }
  expect((await request.get(asset)).headers()['cache-control']).toContain('immutable');
  expect((await request.get('/index')).headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  for (const path of ['/_headers', '/_redirects']) expect((await request.get(path)).status(), path).toBe(404);
});

test('every kind of answer carries the security headers: redirects, refusals and errors nginx makes itself', async ({ request, baseURL }) => {
  const answers = [
    await request.get('/Index/Chapter2', { maxRedirects: 0 }),
    await request.get('/no/such/page'),
    await request.post('/index/Chapter1', { data: 'x' }),
    await request.get(`/${'a'.repeat(10_000)}`),
  ];
  expect(answers.map((answer) => answer.status())).toEqual([301, 404, 405, 414]);
  for (const answer of answers) expect(answer.headers(), String(answer.status())).toMatchObject(security);
  expect(answers[2]?.headers()['allow']).toBe('GET, HEAD');
  expect(answers[0]?.headers()['allow']).toBeUndefined();
  const unreadable = readHead(await sendRaw(baseURL!, 'GET / HTTP/1.1\r\nHost: a b\r\n\r\n'));
  expect(unreadable.statusLine).toBe('HTTP/1.1 400 Bad Request');
  expect(unreadable.headers).toMatchObject(security);
});

test("a path that spells a header gets no redirect of its choosing: /Index/… redirects only to the book's own pages", async ({
  request,
  baseURL,
}) => {
  const answer = await request.get('/Index/a%0d%0aSet-Cookie:%20injected=1;%20Path=/', { maxRedirects: 0 });
  expect(answer.status()).toBe(404);
  expect(answer.headers()['set-cookie']).toBeUndefined();
  expect(answer.headers()['location']).toBeUndefined();
  // A query that is not plain URL text is left behind; a plain one is kept.
  const quoted = readHead(await sendRaw(baseURL!, 'GET /INDEX?"><script>alert(1)</script>&a=1 HTTP/1.1\r\nHost: book.example.org\r\n\r\n'));
  expect(quoted.headers['location']).toBe('/index');
  expect((await request.get('/INDEX?from=card&a=1', { maxRedirects: 0 })).headers()['location']).toBe('/index?from=card&a=1');
  expect((await request.get('/404.html.br')).status()).toBe(404);
});

test('the plain-http server sends readers to the secure address, with the security headers, never with text of its choosing', async ({ request }) => {
  const page = await request.get(`${plainOrigin}/index/Chapter2?from=card`, { maxRedirects: 0 });
  expect(page.status()).toBe(301);
  expect(page.headers()['location']).toBe('https://book.example.org/index/Chapter2?from=card');
  expect(page.headers()).toMatchObject(security);
  const odd = readHead(await sendRaw(plainOrigin, 'GET /"><script>\xff HTTP/1.1\r\nHost: book.example.org\r\n\r\n'));
  expect(odd.statusLine).toBe('HTTP/1.1 301 Moved Permanently');
  expect(odd.headers['location']).toBe('https://book.example.org/');
});

test("nginx starts without the build's map of addresses, and serves the book without case redirects", () => {
  const empty = mkdtempSync(join(tmpdir(), 'book-no-map-'));
  expect(nginxRefuses('nginx-no-map', localNginxConfig(port + 1, dist, empty))).toBeUndefined();
});

test('a compressed answer says it varies by Accept-Encoding, and nginx names no version of itself', async ({ request }) => {
  const page = await request.get('/index/Chapter2', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(page.headers()).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
  const notFound = await request.get('/no-such-page');
  expect(notFound.headers().server).toBe('nginx');
  expect(await notFound.text()).not.toMatch(/nginx\/\d/);
  // Nor does the plain-http server, on its redirects or the errors nginx writes itself.
  for (const answer of [
    await request.get(`${plainOrigin}/index`, { maxRedirects: 0 }),
    await request.fetch(`${plainOrigin}/index`, { method: 'TRACE' }),
  ]) {
    expect(answer.headers().server).toBe('nginx');
    expect(await answer.text()).not.toMatch(/nginx\/\d/);
  }
});
