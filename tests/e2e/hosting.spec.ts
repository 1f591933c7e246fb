import { readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { extname, join, sep } from 'node:path';
import { readHead, sendRaw } from '../support/hostile-requests.ts';
import { serveBuild } from '../support/serve-build.ts';
import { chapterRoutes, embeddedPages, readerAidPages, sitePages, specRoutes } from '../support/site.ts';
import { expect, test } from '../support/test.ts';

const security = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const dist = join(import.meta.dirname, '../../dist');
const asset = `/_astro/${readdirSync(join(dist, '_astro')).find((file) => file.endsWith('.css'))}`;

test('every route, the not-found page and each kind of file come with the security headers', async ({ request }) => {
  const paths = [
    ...specRoutes.map((route) => route.path),
    ...readerAidPages,
    ...embeddedPages,
    '/nowhere',
    asset,
    '/sw.js',
    '/pagefind/pagefind.js',
    '/favicon.svg',
  ];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers, path).toMatchObject(security);
    expect(headers['content-security-policy'], path).toBe("frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'");
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['cache-control'], path).toBe(path === asset ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
  }
});

test("the hosts' configuration files and the Brotli copies by their own names are not served, in any letter case", async ({ request }) => {
  for (const path of ['/_headers', '/_HEADERS', '/_redirects', '/.nginx/addresses.conf', '/404.html.br', '/index/Chapter2/index.html.br'])
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
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
    addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportRefused: (t: string) => void }).reportRefused(
        `${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`,
      ),
    ),
  );
  for (const path of [...sitePages(), ...chapterRoutes.slice(0, 1)]) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  expect(refused).toEqual([]);
});

test('on a host that answers /index with the home page, a reader still reaches the contents', async ({ page }) => {
  const home = await (await page.request.get('/')).text();
  await page.route(
    (url) => url.pathname === '/index',
    (route) => route.fulfill({ contentType: 'text/html', body: home }),
  );
  await page.goto('/index');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
  expect(new URL(page.url()).pathname).toBe('/index/');
});

test('links to other sites open with noopener noreferrer, and every frame has a title, waits until near, and allows only what it needs', async ({
  request,
}) => {
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

test('a request the server cannot read gets a 400 with the security headers, and the next reader is still served', async ({ request, baseURL }) => {
  for (const target of ['http://[', 'http://[::1', 'javascript:x']) {
    const answer = readHead(await sendRaw(baseURL!, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.statusLine, target).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers, target).toMatchObject(security);
  }
  for (const target of ['/%E0%A4%A', '//['])
    expect(readHead(await sendRaw(baseURL!, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).statusLine, target).toBe('HTTP/1.1 404 Not Found');
  expect((await request.get('/index/Chapter1')).status()).toBe(200);
});

test('names no file system allows are not found, and other methods are refused, each with the security headers', async ({ request }) => {
  for (const path of [`/${'a'.repeat(256)}`, `/index/${'a'.repeat(300)}`, `/${'a/'.repeat(3000)}`, '/index.html/x', '/_astro/']) {
    const answer = await request.get(path);
    expect(answer.status(), path.slice(0, 40)).toBe(404);
    expect(answer.headers(), path.slice(0, 40)).toMatchObject(security);
  }
  const refused = await request.post('/index/Chapter1', { data: 'x' });
  expect(refused.status()).toBe(405);
  expect(refused.headers()['allow']).toBe('GET, HEAD');
  expect(refused.headers()).toMatchObject(security);
});

test("requests Node itself would answer bare get the server's answer, with the security headers", async ({ baseURL }) => {
  for (const [request, status] of [
    // An HTTP/1.1 request must name its host, once (RFC 9112 §3.2).
    ['GET / HTTP/1.1\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    ['GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    ['GET / HTTP/1.1\r\nHost: a\r\nExpect: something\r\n\r\n', 'HTTP/1.1 417 Expectation Failed'],
    ['CONNECT elsewhere.example:443 HTTP/1.1\r\nHost: elsewhere.example:443\r\n\r\n', 'HTTP/1.1 405 Method Not Allowed'],
    ['GET / HTTP/1.0\r\n\r\n', 'HTTP/1.1 200 OK'],
  ] as const) {
    const answer = readHead(await sendRaw(baseURL!, request));
    expect(answer.statusLine, request).toBe(status);
    expect(answer.headers, request).toMatchObject(security);
  }
});

test('ranges as RFC 9110 reads them: suffix, unsatisfiable (416), invalid or several (the whole file)', async ({ request }) => {
  const video = readFileSync(join(dist, 'media/home-city.mp4'));
  const ask = (range: string) => request.get('/media/home-city.mp4', { headers: { Range: range } });
  const suffix = await ask('bytes=-100');
  expect(suffix.status()).toBe(206);
  expect(suffix.headers()['content-range']).toBe(`bytes ${video.length - 100}-${video.length - 1}/${video.length}`);
  expect(Buffer.compare(await suffix.body(), video.subarray(-100))).toBe(0);
  for (const range of ['bytes=999999999-', `bytes=${video.length}-`, 'bytes=-0']) {
    const unsatisfiable = await ask(range);
    expect(unsatisfiable.status(), range).toBe(416);
    expect(unsatisfiable.headers()['content-range'], range).toBe(`bytes */${video.length}`);
    expect(unsatisfiable.headers(), range).toMatchObject(security);
  }
  // A suffix longer than the file is the whole file (RFC 9110 §14.1.3).
  const longer = await ask(`bytes=-${video.length + 1}`);
  expect(longer.status()).toBe(206);
  expect(longer.headers()['content-range']).toBe(`bytes 0-${video.length - 1}/${video.length}`);
  for (const range of ['bytes=5-1', 'bytes=abc', 'bytes=', 'items=0-1', 'bytes=0-1,5-9', 'bytes=1-2,x']) {
    const whole = await ask(range);
    expect(whole.status(), range).toBe(200);
    expect((await whole.body()).length, range).toBe(video.length);
  }
  const open = await ask('bytes=10-');
  expect(open.headers()['content-range']).toBe(`bytes 10-${video.length - 1}/${video.length}`);
});

test('an unchanged file is not sent again: its ETag, any ETag (*) or its exact date answer 304', async ({ request }) => {
  const first = await request.get('/index/Chapter2');
  const { etag, 'last-modified': lastModified } = first.headers();
  for (const headers of [{ 'If-None-Match': etag! }, { 'If-None-Match': '*' }, { 'If-Modified-Since': lastModified! }]) {
    const again = await request.get('/index/Chapter2', { headers });
    expect(again.status(), JSON.stringify(headers)).toBe(304);
    expect(again.headers(), JSON.stringify(headers)).toMatchObject(security);
  }
  expect((await request.get('/index/Chapter2', { headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status()).toBe(200);
  // A request's Cache-Control speaks to caches: the server still weighs its conditions.
  expect((await request.get('/index/Chapter2', { headers: { 'If-None-Match': '*', 'Cache-Control': 'no-cache' } })).status()).toBe(304);
  // If-Match and If-Range compare strongly, and the ETags are weak: only If-Match: * and the exact date hold.
  for (const ifMatch of ['"another"', etag!, etag!.replace(/^W\//, '')])
    expect((await request.get('/index/Chapter2', { headers: { 'If-Match': ifMatch } })).status(), ifMatch).toBe(412);
  expect((await request.get('/index/Chapter2', { headers: { 'If-Match': '*' } })).status()).toBe(200);
  const range = (ifRange: string) =>
    request.get('/index/Chapter2', { headers: { Range: 'bytes=0-9', 'If-Range': ifRange, 'Accept-Encoding': 'identity' } });
  // The date of the representation asked for: the page itself, not its Brotli copy (written a moment later).
  const plainDate = (await request.get('/index/Chapter2', { headers: { 'Accept-Encoding': 'identity' } })).headers()['last-modified'];
  expect((await range(plainDate!)).status()).toBe(206);
  for (const ifRange of [etag!, 'Fri, 31 Dec 2099 23:59:59 GMT', `"a" ${etag}`]) expect((await range(ifRange)).status(), ifRange).toBe(200);
});

test('a video is served in parts (Safari asks for ranges), never compressed, and an unchanged file is not sent twice', async ({ request }) => {
  const part = await request.get('/media/home-city.mp4', { headers: { Range: 'bytes=0-99', 'Accept-Encoding': 'gzip' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  expect((await part.body()).length).toBe(100);
  // A part of a page is sent as it is: compressed, its Content-Range would name the wrong bytes.
  const pagePart = await request.get('/index/Chapter2', { headers: { Range: 'bytes=0-9', 'Accept-Encoding': 'gzip' } });
  expect(pagePart.status()).toBe(206);
  expect(pagePart.headers()['content-encoding']).toBeUndefined();
  expect(await pagePart.text()).toBe('<!DOCTYPE ');
  const first = await request.get('/index/Chapter2');
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  expect((await request.get('/index/Chapter2', { headers: { 'If-None-Match': etag! } })).status()).toBe(304);
});

test('pages, styles and scripts are sent compressed, as hosts send them; pictures and video as they are', async ({ request }) => {
  const encoding = async (path: string) => (await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } })).headers()['content-encoding'];
  const html = await (await request.get('/index/Chapter2')).text();
  const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
  expect(stylesheet).toBeTruthy();
  expect(await encoding('/index/Chapter2')).toBe('gzip');
  expect(await encoding(stylesheet!)).toBe('gzip');
  expect(await encoding('/sw.js')).toBe('gzip');
  expect(await encoding('/media/home-city.mp4')).toBeUndefined();
});

test("a browser that takes brotli gets the build's copy, compressed at the highest quality, with its own ETag", async ({ request }) => {
  const brotli = await request.get('/index/Chapter2', { headers: { 'Accept-Encoding': 'br' } });
  const plain = await request.get('/index/Chapter2', { headers: { 'Accept-Encoding': 'identity' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers()['vary']).toBe('Accept-Encoding');
  expect(Number(brotli.headers()['content-length'])).toBe(readFileSync(join(dist, 'index/Chapter2/index.html.br')).byteLength);
  expect(await brotli.text()).toBe(await plain.text());
  expect(brotli.headers()['etag']).not.toBe(plain.headers()['etag']);
  const revalidated = await request.get('/index/Chapter2', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': brotli.headers()['etag']! } });
  expect(revalidated.status()).toBe(304);
});

test('the not-found page is a 404 even when asked for by name, and redirects carry the security headers', async ({ request }) => {
  const notFound = await request.get('/404.html');
  expect(notFound.status()).toBe(404);
  expect(await notFound.text()).toContain('Pagina NoMatch');
  const redirect = await request.get('/Index/Chapter2', { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe('/index/Chapter2');
  expect(redirect.headers()).toMatchObject(security);
});

/** One built file of each kind (by extension, Brotli copies aside), every page route, and an address that is none. */
function oneOfEachKind(): string[] {
  const byKind = new Map<string, string>();
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()) {
    const kind = extname(file);
    if (kind && kind !== '.br' && !byKind.has(kind) && statSync(join(dist, file)).isFile()) byKind.set(kind, `/${file.split(sep).join('/')}`);
  }
  return [...byKind.values(), ...sitePages(), '/no-such-page'];
}

test('HEAD carries the headers GET does, for every kind of file, page and the not-found page, in every encoding, also compressing on the fly', async ({
  request,
  baseURL,
}) => {
  // Date moves on; a GET's body may come in chunks, which a HEAD need not say (RFC 9112 §6.1).
  const comparable = (headers: Record<string, string>) => {
    const { date, 'transfer-encoding': chunked, ...rest } = headers;
    return rest;
  };
  const onTheFlyPort = Number(new URL(baseURL!).port) + 160;
  const onTheFly = await serveBuild(dist, onTheFlyPort, '/', undefined, ['--on-the-fly']);
  const differing: string[] = [];
  try {
    for (const origin of [baseURL!, `http://127.0.0.1:${onTheFlyPort}`])
      for (const path of oneOfEachKind())
        for (const encoding of ['identity', 'gzip', 'br', 'gzip, deflate, br']) {
          const headers = { 'Accept-Encoding': encoding };
          const get = comparable((await request.get(`${origin}${path}`, { headers, maxRedirects: 0 })).headers());
          const head = comparable((await request.head(`${origin}${path}`, { headers, maxRedirects: 0 })).headers());
          if (JSON.stringify(get) !== JSON.stringify(head))
            differing.push(`${origin}${path} (${encoding}): GET ${JSON.stringify(get)} HEAD ${JSON.stringify(head)}`);
        }
  } finally {
    onTheFly.kill();
  }
  expect(differing).toEqual([]);
});

test('what is compressed already is sent as it is, and the not-found page comes from its Brotli copy', async ({ request }) => {
  const compressedAlready = oneOfEachKind().filter((path) => /\.(pf_\w+|pagefind|wasm|png|jpe?g|webp|avif|woff2?|mp4|webm|pdf|epub|zim)$/.test(path));
  expect(compressedAlready.length, 'the build made files of those kinds').toBeGreaterThan(3);
  for (const path of compressedAlready) {
    const answer = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(answer.headers()['content-encoding'], path).toBeUndefined();
  }
  const notFound = await request.get('/no-such-page', { headers: { 'Accept-Encoding': 'gzip, br' } });
  expect(notFound.status()).toBe(404);
  expect(notFound.headers()).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
  expect(Number(notFound.headers()['content-length'])).toBe(readFileSync(join(dist, '404.html.br')).byteLength);
  expect(await notFound.text()).toBe(readFileSync(join(dist, '404.html'), 'utf8'));
});

test('500 readers at once asking for pages that do not exist each get the not-found page', async ({ baseURL }) => {
  const agent = new Agent({ maxSockets: Infinity });
  const answers = await Promise.all(
    Array.from(
      { length: 500 },
      (_, i) =>
        new Promise<string>((resolve) => {
          const asked = httpGet(`${baseURL}/missing-${i}`, { agent, headers: { 'Accept-Encoding': i % 2 ? 'br' : 'gzip' } }, (response) => {
            response.resume();
            response.on('end', () => resolve(String(response.statusCode)));
          });
          asked.on('error', (error) => resolve(error.message));
        }),
    ),
  );
  agent.destroy();
  expect(answers.filter((answer) => answer !== '404')).toEqual([]);
});
