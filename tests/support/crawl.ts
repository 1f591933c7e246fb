import type { APIRequestContext, Page } from '@playwright/test';
import { pageReferences } from './named-addresses.ts';

/** Where a built site is published and where it is served for the test. */
export interface Deployment {
  /** The base path every address must lie under, with slashes at both ends: '/book/'. */
  base: string;
  /** The published origin (SITE_URL) that canonical links, previews and the sitemap name. */
  site: string;
  /** The origin the test's server answers at. */
  origin: string;
  /** A page the crawl opens expecting the not-found page (status 404). */
  missingPage: string;
}

/** A published address (canonical links, previews, the sitemap) as the test's server answers it; other hosts stay as they are. */
const served = (url: URL, { site, origin }: Deployment) => (url.origin === site ? new URL(url.pathname + url.search + url.hash, origin) : url);

/** The pages the sitemap lists, as local paths. */
export async function sitemapPages(request: APIRequestContext, deployment: Deployment): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => served(new URL(m[1]!), deployment).pathname);
  const sitemaps = await locs(`${deployment.base}sitemap-index.xml`);
  return (await Promise.all(sitemaps.map(locs))).flat();
}

/**
 * What is wrong with an address of another page or file, or undefined: it must lie under the base path and
 * answer 200 (after at most one redirect, which stays under the base), and a fragment must name an element there.
 */
async function problemWith(request: APIRequestContext, url: URL, base: string): Promise<string | undefined> {
  if (!url.pathname.startsWith(base)) return `outside ${base}`;
  // HEAD unless the body is needed for a fragment: the home video and handouts need not be downloaded.
  const response = await request.fetch(url.pathname + url.search, { method: url.hash ? 'GET' : 'HEAD', maxRedirects: 1 }).catch(() => undefined);
  if (!response) return 'more than one redirect';
  if (response.status() !== 200) return `status ${response.status()}`;
  if (!new URL(response.url()).pathname.startsWith(base)) return `redirected outside ${base}, to ${response.url()}`;
  const id = decodeURIComponent(url.hash.slice(1));
  if (id && !(await response.text()).includes(`id="${id}"`)) return `no element with id "${id}"`;
  return undefined;
}

/** What is wrong with a fragment of the open page (the skip link, even on the not-found page), or undefined. */
const missingElement = async (page: Page, hash: string) =>
  (await page.evaluate((id) => document.getElementById(id) !== null, decodeURIComponent(hash.slice(1))))
    ? undefined
    : `no element with id "${hash.slice(1)}"`;

/**
 * Opens every page a reader can reach from the start pages by following links and frames, and checks every
 * address each page names (see named-addresses.ts): the broken ones, each with its page and where it is named.
 */
export async function crawl(page: Page, startPages: string[], deployment: Deployment): Promise<{ broken: string[]; visited: string[] }> {
  const { base, origin, missingPage } = deployment;
  const queue = [...startPages];
  const visited = new Set<string>();
  const checks = new Map<string, Promise<string | undefined>>();
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (visited.has(path)) continue;
    visited.add(path);
    const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
    const expected = path === missingPage ? 404 : 200;
    if (response?.status() !== expected) broken.push(`${path}: status ${response?.status()}, not ${expected}`);
    const here = new URL(page.url());
    const references = (await pageReferences(page))
      .map((ref) => ({ ...ref, target: served(new URL(ref.url), deployment) }))
      .filter((ref) => ref.target.origin === origin);
    const problems = await Promise.all(
      references.map(({ target }) => {
        if (target.hash && target.pathname === here.pathname && target.search === here.search) return missingElement(page, target.hash);
        const key = target.pathname + target.search + target.hash;
        if (!checks.has(key)) checks.set(key, problemWith(page.request, target, base));
        return checks.get(key)!;
      }),
    );
    references.forEach(({ where, url, target }, i) => {
      const leadsToPage = (where === 'a[href]' || where === 'iframe[src]') && !/\.\w+$/.test(target.pathname);
      if (problems[i]) broken.push(`${path}: ${where} ${url}: ${problems[i]}`);
      else if (leadsToPage) queue.push(target.pathname);
    });
  }
  return { broken: [...new Set(broken)], visited: [...visited] };
}
