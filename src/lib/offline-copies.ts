/**
 * What the offline worker (src/service-worker/sw.ts) and 'Save' (src/components/offline/save-offline.ts) keep: only the
 * book's own answers, each stored as a fresh one. A host that redirects /x to /x/ (GitHub Pages, Cloudflare Pages)
 * gives an answer marked as redirected, which a browser refuses to show for a page load; a Wi-Fi login page answered in
 * a page's place, or a server error, must never replace a good copy.
 */
import { isPagePath } from './offline-cache.ts';

/** The attribute every page of the book carries on its <html> element (BaseLayout.astro and SlidesLayout.astro write it). */
const bookPageAttribute = 'data-book';

/** The request header that marks Save's own fetches: the worker lets them through rather than keep a second copy. */
export const savingHeader = 'X-Book-Saving';

/** Whether a page's HTML is the book's (its <html> element carries the book's mark). */
const isBookHtml = (html: string) => new RegExp(`<html\\b[^>]*\\s${bookPageAttribute}[\\s=>]`).test(html);

/**
 * Whether an answer is one of the book's files, to keep: a 200 from the book's own origin; a page is the book's HTML,
 * any other file is not HTML at all (what a login page answers in its place).
 */
export async function isBookAnswer(response: Response, kind: 'page' | 'file', origin: string): Promise<boolean> {
  if (response.status !== 200 || (response.url && new URL(response.url).origin !== origin)) return false;
  const html = (response.headers.get('content-type') ?? '').includes('text/html');
  if (kind === 'file') return !html;
  return html && isBookHtml(await response.clone().text());
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
      if (!response || !(await isBookAnswer(response, isPagePath(address.pathname, base) ? 'page' : 'file', address.origin)))
        throw new SaveError('network');
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
