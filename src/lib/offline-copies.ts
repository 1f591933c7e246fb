/**
 * What the offline worker (src/service-worker/sw.ts) and 'Save' (src/components/offline/save-offline.ts) keep: only the
 * book's own answers, each stored as a fresh one. A host that redirects /x to /x/ (GitHub Pages, Cloudflare Pages)
 * gives an answer marked as redirected, which a browser refuses to show for a page load; a Wi-Fi login page answered in
 * a page's place, or a server error, must never replace a good copy.
 */
import { isPagePath, routeOfPath } from './offline-cache.ts';

/**
 * Every page of the book names its own route on its <html> element (data-book="/index/Chapter2"; BaseLayout.astro and
 * SlidesLayout.astro write it): an answer is kept as a page only if it is the book's page for that address, never a
 * Wi-Fi login page nor another of the book's pages (a host's catch-all that answers every address with its 404 page).
 */
const routeOfHtml = (html: string) => /<html\b[^>]*\sdata-book="([^"]*)"/.exec(html)?.[1];

/** The request header that marks Save's own fetches: the worker lets them through rather than keep a second copy. */
export const savingHeader = 'X-Book-Saving';

/**
 * Whether an answer is one of the book's files, to keep: a 200 from the book's own origin; a page is the book's page
 * for its address (`base` is the book's base path), any other file is not HTML at all (what a login page answers).
 */
export async function isBookAnswer(response: Response, kind: 'page' | 'file', origin: string, base: string, asked?: string): Promise<boolean> {
  const address = response.url || asked;
  if (response.status !== 200 || (address && new URL(address).origin !== origin)) return false;
  const html = (response.headers.get('content-type') ?? '').includes('text/html');
  if (kind === 'file') return !html;
  return html && address !== undefined && routeOfHtml(await response.clone().text()) === routeOfPath(new URL(address).pathname, base);
}

/** The same answer, not marked as redirected: what a page load accepts. */
export async function freshCopy(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

/** A failure to save, by its cause: the reader is told which. */
export class SaveError extends Error {
  readonly reason: 'network' | 'storage';
  constructor(reason: 'network' | 'storage') {
    super(`not saved: ${reason}`);
    this.reason = reason;
  }
}

/**
 * Fetches every file of a saved page, fresh from the host, and checks each is the book's: all of them, as fresh
 * answers ready to store, or a SaveError. `base` is the book's base path.
 */
export async function fetchToKeep(urls: string[], base: string): Promise<[string, Response][]> {
  return Promise.all(
    urls.map(async (url): Promise<[string, Response]> => {
      const address = new URL(url, location.href);
      const response = await fetch(address, { cache: 'no-cache', headers: { [savingHeader]: '1' } }).catch(() => undefined);
      const kind = isPagePath(address.pathname, base) ? 'page' : 'file';
      if (!response || !(await isBookAnswer(response, kind, address.origin, base, address.href))) throw new SaveError('network');
      return [address.href, await freshCopy(response)];
    }),
  );
}

/**
 * Stores the answers in a cache, replacing what it held for the same addresses; the first (the page) last, so that a
 * page is never kept without its files. If storage runs out, a cache this call created is deleted again, and no other
 * is touched: a SaveError('storage').
 */
export async function keepAll(cacheName: string, answers: [string, Response][]): Promise<void> {
  const existed = await caches.has(cacheName);
  const cache = await caches.open(cacheName);
  try {
    for (const [url, response] of [...answers.slice(1), ...answers.slice(0, 1)]) await cache.put(url, response);
  } catch (error) {
    if (!existed) await caches.delete(cacheName);
    throw new SaveError(error instanceof DOMException && error.name === 'QuotaExceededError' ? 'storage' : 'network');
  }
}
