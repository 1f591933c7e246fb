/**
 * The nginx example (tools/server/nginx.conf) run by a real nginx over the built book: the routes, the
 * not-found page, the redirects and the headers a reader's browser gets. TLS is left out (no certificate
 * here): the server block is the committed one with its `listen` and certificate lines swapped for a local port.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headerRules, headersFor, nginxConfig, nginxSiteRoot } from '../../integrations/host-config.ts';
import { specRoutes } from '../support/site.ts';
import { expect, test } from '../support/test.ts';

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => {
  try {
    execFileSync(path, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
const port = Number(process.env.TEST_PORT ?? 4322) + 90;
const origin = `http://127.0.0.1:${port}`;
const project = join(import.meta.dirname, '../..');
const dist = join(project, 'dist');
const asset = `/_astro/${readdirSync(join(dist, '_astro')).find((file) => file.endsWith('.css'))}`;

test.skip(({ isMobile }) => isMobile, 'the server does not depend on the screen: run once');
// CI installs nginx (.ci/run); elsewhere the test runs where nginx is installed.
test.skip(!nginx && !process.env.CI, 'nginx is not installed (apt-get install nginx-light)');
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: origin, expectedConsoleErrors: [/status of 404/] });

/** The committed server block, listening on a local port without TLS and serving dist/. */
function localConfig(): string {
  const server = nginxConfig('/')
    .split('\n# Readers who type http://')[0]
    ?.replace(/^\s*listen 443 ssl http2;$/m, `  listen 127.0.0.1:${port};`)
    .replace(/^\s*ssl_certificate.*\n/gm, '')
    .replace(`root ${nginxSiteRoot};`, `root ${dist};`)
    .replace(`include ${nginxSiteRoot}/`, `include ${dist}/`);
  if (!server || server.includes('ssl') || !server.includes(`root ${dist};`) || !server.includes(`include ${dist}/`))
    throw new Error('nginxConfig() changed shape: update tests/e2e/nginx.spec.ts');
  // The rest of a minimal nginx.conf around it: runs in the foreground, logs to the test's folder.
  return `daemon off;\nmaster_process off;\npid nginx.pid;\nerror_log stderr warn;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  access_log off;\n${server}}\n`;
}

let stop = () => {};

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one nginx of its own, and nothing that depends on the screen: run once');
  if (!nginx) throw new Error('CI must install nginx: see .ci/run');
  const prefix = join(project, 'tests/.output/nginx');
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'nginx.conf'), localConfig());
  const server = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  server.stderr.on('data', (chunk: Buffer) => (errors += chunk));
  stop = () => server.kill();
  const answer = (): Promise<number | string> =>
    server.exitCode === null
      ? fetch(`${origin}/`).then(
          (r) => r.status,
          () => 0,
        )
      : Promise.resolve(`nginx stopped: ${errors}`);
  await expect.poll(answer, { timeout: 20_000 }).toBe(200);
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
