/**
 * A book built without its address (SITE_URL) must not publish another one: no page, sitemap, preview or
 * citation may name localhost. The pages then name no address of their own, and the build says so once.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BuildResult, buildBook, buildTimeout } from '../support/build-book.ts';

// A hook has no signal of its own: this one, aborted once the file is done, stops a build its hook left running.
const hooks = new AbortController();
afterAll(() => hooks.abort());

// One build for the first two tests: no SITE_URL in the environment, and a .env file that sets the path.
const base = '/from-env-file/';
let built: BuildResult;
beforeAll(async () => {
  built = await buildBook('valid', {
    name: 'no-site-address',
    env: { SITE_URL: '' },
    edit: (root) => writeFileSync(join(root, '.env'), `BASE_PATH=${base}\n`),
    signal: hooks.signal,
  });
}, buildTimeout);

it('a build without SITE_URL names no localhost address anywhere, and says what it left out once', () => {
  const { code, output, dist } = built;
  expect(code, output).toBe(0);
  expect(output.match(/No SITE_URL: the pages name no address of their own/g)).toHaveLength(1);
  // A clean build warns of nothing.
  expect(output).not.toMatch(/\bWARN\b/);

  // Built under a path, a page could still name the server it was built on before it (http://localhost:4321/from-env-file/…).
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(html|xml|txt|json|js|webmanifest)$/.test(file));
  expect(files.filter((file) => /localhost|127\.0\.0\.1/.test(readFileSync(join(dist, file), 'utf8')))).toEqual([]);
  expect(files).not.toContain('sitemap-index.xml');
  expect(readFileSync(join(dist, 'robots.txt'), 'utf8')).not.toContain('Sitemap');

  const chapter = readFileSync(join(dist, 'index/Chapter1/index.html'), 'utf8');
  expect(chapter).not.toContain('rel="canonical"');
  expect(chapter).not.toContain('og:image');
  // Still an indexable page: it is the address that is unknown, not the page that is hidden.
  expect(chapter).not.toContain('noindex');
  // Cite this chapter names the book without an address: its reference ends with the title.
  expect(chapter).toMatch(/environmental dimension<\/i>\.\s*</);
});

it('a .env file sets the address and path the book is built for, as docs/settings.md says', () => {
  const { code, output, dist } = built;
  expect(code, output).toBe(0);
  const chapterLink = readFileSync(join(dist, 'index/index.html'), 'utf8').match(/href="([^"]*\/Chapter1)"/)?.[1];
  expect(chapterLink).toBe(`${base}index/Chapter1`);
});

it('the book to take away is refused without SITE_URL, at once, as its annexes would point nowhere', async ({ signal }) => {
  const { code, output, dist } = await buildBook('valid', { name: 'downloads-no-address', env: { SITE_URL: '' }, args: ['--downloads'], signal });
  expect(code, output).toBe(1);
  expect(output).toContain('so it needs its address: set SITE_URL to the address you publish at');
  expect(existsSync(dist)).toBe(false);
});
