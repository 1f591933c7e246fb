import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  cacheForever,
  headerRules,
  headersFile,
  headersFor,
  nginxAddressMap,
  nginxConfig,
  parseHeadersFile,
  type RedirectRule,
  redirectRules,
  revalidate,
} from '../../integrations/host-config.ts';

describe('the _headers table', () => {
  it('reads back as written, so npm start sends what Netlify and Cloudflare Pages send', () => {
    for (const base of ['/', '/book/']) expect(parseHeadersFile(headersFile(headerRules(base)))).toEqual(headerRules(base));
  });

  it.each([
    ['/', '/', revalidate],
    ['/', '/index/Chapter2/index.html', revalidate],
    ['/', '/sw.js', revalidate],
    ['/', '/_astro/app.Bx1.css', cacheForever],
    ['/book/', '/book/_astro/app.Bx1.css', cacheForever],
    ['/book/', '/_astro/app.Bx1.css', revalidate],
  ])('under base %s, %s is cached as %s', (base, path, cache) => {
    const headers = headersFor(path, headerRules(base));
    expect(headers['Cache-Control']).toBe(cache);
    if (path.startsWith(base)) expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self'");
  });

  it('names the line it cannot read', () => {
    expect(() => parseHeadersFile('/*\n  no colon here\n')).toThrow('"no colon here" is not a "Name: value" line under a path.');
  });
});

// Cloudflare Pages applies _redirects before any file ("always followed"), case-sensitively, and its files then
// answer /x from x.html before x/index.html (and /x/ from x/index.html): the lookup that would hand /index the home page. Netlify applies a
// rule only where no file answers; /index has no file of its own (index/ is a folder), so the rule applies there too.
const site = new Set(['index.html', '404.html', 'index/index.html', 'index/Chapter2/index.html', 'members/index.html', 'Introduction/index.html']);
function cloudflare(path: string, rules: RedirectRule[]): { status: number; file?: string; location?: string } {
  // Cloudflare skips Netlify's forced rules.
  for (const { from, to, status } of rules.filter((rule) => !rule.force)) {
    const splat = from.endsWith('*') && path.startsWith(from.slice(0, -1)) ? path.slice(from.length - 1) : undefined;
    if (path !== from && splat === undefined) continue;
    const target = to.replace(':splat', splat ?? '');
    if (status === 301) return { status, location: target };
    path = target;
    break;
  }
  const name = path.replace(/^\/|\/$/g, '');
  const lookups = name === '' ? ['index.html'] : path.endsWith('/') ? [`${name}/index.html`] : [`${name}.html`, `${name}/index.html`];
  for (const file of lookups) if (site.has(file)) return { status: 200, file };
  return { status: 404, file: '404.html' };
}

describe('the _redirects table, on a host that would answer /index with index.html', () => {
  const rules = redirectRules('/', ['/', '/index', '/index/Chapter2', '/members', '/Introduction']);
  it.each([
    ['/', 'index.html'],
    ['/index', 'index/index.html'],
    ['/index/', 'index/index.html'],
    ['/index/Chapter2', 'index/Chapter2/index.html'],
    ['/members', 'members/index.html'],
  ])('serves %s from %s', (path, file) => expect(cloudflare(path, rules)).toEqual({ status: 200, file }));

  it.each([
    ['/Index', '/index'],
    ['/Index/Chapter2', '/index/Chapter2'],
    ['/index/chapter2', '/index/Chapter2'],
    ['/introduction/', '/Introduction'],
  ])('redirects %s to %s', (path, location) => expect(cloudflare(path, rules)).toEqual({ status: 301, location }));

  it('answers an unknown address with the not-found page', () =>
    expect(cloudflare('/index/Chapter11', rules)).toEqual({ status: 404, file: '404.html' }));

  it('writes every rule under the base path', () => {
    expect(redirectRules('/book/', ['/book/index/Chapter2']).every(({ from, to }) => from.startsWith('/book/') && to.startsWith('/book/'))).toBe(
      true,
    );
  });
});

describe('the nginx example', () => {
  const committed = readFileSync(join(import.meta.dirname, '../../tools/server/nginx.conf'), 'utf8');

  it('is what nginxConfig() writes, so it cannot drift from the other hosts', () => expect(committed).toBe(nginxConfig('/')));

  it('serves x/index.html before x, and redirects only to addresses the build wrote, never to text of the request', () => {
    expect(committed).toContain('try_files $uri/index.html $uri =404;');
    expect(committed).toContain('return 301 $book_address$book_query;');
    expect(committed).toContain('absolute_redirect off;');
    // $uri and regex captures are the decoded path: %0d%0a in it would be a line of the answer's head.
    for (const line of committed.split('\n').filter((text) => /^\s*(return|add_header)\b/.test(text)))
      expect(line).not.toMatch(/\$(uri|\d|document_uri|request_filename)\b/);
  });

  it('sets every header once, in the server, so that no location and none of its own answers goes without them', () => {
    const start = committed.indexOf('server {');
    const server = committed.slice(start, committed.indexOf('\n}\n', start) + 2);
    const locations = server.split('  location ').slice(1);
    for (const location of locations) expect(location, location.split('\n')[0]).not.toContain('add_header');
    for (const name of ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Cache-Control'])
      expect(server).toMatch(new RegExp(`^  add_header ${name} .* always;$`, 'm'));
  });

  it("includes the build's map of addresses inside its own map, so that nginx also starts without the file", () => {
    expect(committed).toContain('map $uri $book_address {\n  default "";\n  include /srv/book/.nginx/*.conf;\n}');
    const entries = nginxAddressMap(['/', '/index', '/index/Chapter2']);
    expect(entries).not.toMatch(/^\s*(map|default)\b/m);
    expect(entries).toContain('"~*^/index/Chapter2/?$" "/index/Chapter2";');
  });
});

describe('the GitHub Pages workflow', () => {
  const workflow = parse(readFileSync(join(import.meta.dirname, '../../.github/workflows/pages.yml'), 'utf8')) as {
    permissions: Record<string, string>;
    jobs: {
      build: { steps: { uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> }[] };
      deploy: { needs: string };
    };
  };
  const steps = workflow.jobs.build.steps;

  it('builds the book and its downloads under the repository name with a supported Node, and publishes dist/', () => {
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBeGreaterThanOrEqual(22);
    const build = steps.find((step) => step.run === 'npm run build:downloads');
    expect(build?.env?.['BASE_PATH']).toBe('/${{ github.event.repository.name }}/');
    expect(build?.env?.['SITE_URL']).toMatch(/^https:\/\//);
    expect(steps.find((step) => step.uses?.startsWith('actions/upload-pages-artifact'))?.with?.['path']).toBe('dist');
    expect(workflow.jobs.deploy.needs).toBe('build');
    expect(workflow.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
  });

  it('installs what the downloads need before they are built: Chromium for the PDFs, zim-tools for the ZIM', () => {
    const install = steps.findIndex((step) => /playwright install .*chromium/.test(step.run ?? '') && /zim-tools/.test(step.run ?? ''));
    expect(install).toBeGreaterThan(-1);
    expect(install).toBeLessThan(steps.findIndex((step) => step.run?.includes('build:downloads')));
  });

  it("fetches the whole history, for each page's last-updated date", () => {
    expect(steps.find((step) => step.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
  });
});
