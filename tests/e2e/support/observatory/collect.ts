/**
 * Collects from the local server what an Observatory scan of one page would collect from the published book
 * (src/retriever/retriever.js of @mdn/mdn-http-observatory 1.4.8): the https answers and their redirects, the
 * page's <meta> policies, referrer and scripts, and a CORS preflight.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { htmlTypes, mediaType, type Answer, type PageHtml, type Scan } from './scan.ts';

const redirects = [301, 302, 303, 307, 308];
// The origin Observatory's preflight names (src/config.js, retriever.corsOrigin).
const observatoryOrigin = 'https://http-observatory.security.mozilla.org';

/** The same address over https: the local server answers over http what the host answers over https. */
const overHttps = (url: URL) => new URL(`${url.pathname}${url.search}`, `https://${url.host}`).href;

function answerOf(response: APIResponse, url: URL): Answer {
  const headers: Record<string, string> = {};
  const setCookies: string[] = [];
  for (const { name, value } of response.headersArray()) {
    const key = name.toLowerCase();
    if (key === 'set-cookie') setCookies.push(value);
    else headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return { url: overHttps(url), status: response.status(), headers, setCookies };
}

/** What src/retriever/utils.js (parseHttpEquivHeaders) and the SRI test read from the HTML, through the browser's parser. */
function readHtml(page: Page, html: string): Promise<PageHtml> {
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, 'text/html');
    const metas = [...document.querySelectorAll('meta')];
    // A <meta> with http-equiv and content is never read as a referrer policy, whatever its name.
    const equiv = (meta: Element) => meta.hasAttribute('http-equiv') && meta.hasAttribute('content');
    return {
      csp: metas.filter((m) => equiv(m) && m.getAttribute('http-equiv')?.toLowerCase().trim() === 'content-security-policy').flatMap((m) => m.getAttribute('content') || []),
      referrer: metas.filter((m) => !equiv(m) && m.getAttribute('name')?.toLowerCase().trim() === 'referrer').flatMap((m) => m.getAttribute('content') || []).at(-1) ?? null,
      scripts: [...document.querySelectorAll('script')].map((s) => ({ src: s.getAttribute('src'), integrity: s.getAttribute('integrity') })),
    };
  }, html);
}

/**
 * The scan of one path. Observatory scans https, so every answer is read as the https origin's; the hop from
 * http:// to https:// is the host's (the second server block of src/server/nginx.conf; Netlify, Cloudflare Pages
 * and GitHub Pages do it themselves), so it is written here rather than asked of the local server.
 */
export async function scanPath(request: APIRequestContext, page: Page, baseURL: string, path: string): Promise<Scan> {
  let url = new URL(path, baseURL);
  let response = await request.get(url.href, { maxRedirects: 0 });
  let answer = answerOf(response, url);
  const https = [answer];
  // Observatory follows at most 10 redirects.
  for (let hop = 0; hop < 10 && redirects.includes(response.status()); hop++) {
    url = new URL(response.headers()['location'] ?? '', url);
    response = await request.get(url.href, { maxRedirects: 0 });
    answer = answerOf(response, url);
    https.push(answer);
  }
  const body = await response.text();
  const html = htmlTypes.has(mediaType(answer)) ? await readHtml(page, body) : null;
  const preflight = await request.fetch(url.href, { method: 'OPTIONS', headers: { Origin: observatoryOrigin, 'Access-Control-Request-Method': 'GET' } });
  const start = https[0]?.url ?? answer.url;
  return {
    https,
    html,
    httpRoute: [{ url: start.replace(/^https:/, 'http:'), status: 301 }, ...https.map(({ url: address, status }) => ({ url: address, status }))],
    cors: { origin: observatoryOrigin, headers: answerOf(preflight, url).headers },
  };
}
