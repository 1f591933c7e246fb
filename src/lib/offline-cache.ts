/**
 * Offline reading: the names and addresses the service worker (src/service-worker/sw.ts), the build
 * (integrations/after-build/offline-worker.ts) and the page scripts share. Pure, so unit tests can hold them.
 */

/** Cache Storage names, one per kind of file; saved chapters get one cache each (see savedCacheName). */
export const cacheNames = {
  /** Pages a reader opened, and home, contents and the offline page (network first). */
  pages: 'book-pages',
  /** Hashed build files under /_astro/ (cache first: their names change when they do). */
  assets: 'book-assets',
  /** Other files of the site: figures, PDFs, the favicon (network first). */
  files: 'book-files',
  /** Pagefind's search code and index, fetched when a reader searches (network first). */
  search: 'book-search',
} as const;

const savedPrefix = 'book-saved:';

/** The cache holding a chapter a reader saved, by its route (/index/Chapter3); deleting it removes the chapter. */
export const savedCacheName = (route: string) => `${savedPrefix}${route}`;

/** The route of a saved chapter's cache, or undefined for any other cache. */
export const savedRoute = (cacheName: string) => (cacheName.startsWith(savedPrefix) ? cacheName.slice(savedPrefix.length) : undefined);

/** Caches this version of the book no longer uses (an older worker's), safe to delete. */
export const isStaleCache = (name: string) =>
  name.startsWith('book-') && savedRoute(name) === undefined && !(Object.values(cacheNames) as string[]).includes(name);

/** Where the build writes the list of files a page needs offline, by its route (site path, base not included). */
export const offlineManifestPath = (route: string) => `/offline-files${route === '/' ? '/home' : route}.json`;

/** The saving code, built apart from the pages and imported only when a reader presses 'Save' or 'Remove'. */
export const saveModulePath = '/offline-save.js';

/** The class of a 'Save for offline reading' control: the build lists the files of each page that has one. */
export const saveControlClass = 'save-offline';

/** What a page asks the worker (postMessage) for its download's size ('504 KB'), which the build gave the worker. */
export interface SizeQuestion {
  offlineSize: string;
}

/** What the build writes for each page with a save control: the files to save and their bytes. */
export interface OfflineManifest {
  /** The page's route (/index/Chapter3). */
  route: string;
  /** Site paths, base path included, the page first. */
  files: string[];
  /** Their size on the server, added up (what Cache Storage keeps). */
  bytes: number;
  /** The same as readers read it ('504 KB'), which the control states. */
  size: string;
}

/** Removes the base path and any trailing slash, giving the route form of a path ('/' for the base itself). */
export function routeOfPath(pathname: string, base: string): string {
  const prefix = base.replace(/\/+$/, '');
  const local = prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  return local.replace(/\/+$/, '') || '/';
}

/**
 * Whether a path under the base is a page (/index, /index/Chapter3): no file extension in its last
 * segment and not one of the build's file folders. /index is the contents page, never /index.html.
 */
export function isPagePath(pathname: string, base: string): boolean {
  const route = routeOfPath(pathname, base);
  if (/^\/(_astro|pagefind|offline-files|media)(\/|$)/.test(route)) return false;
  return !/\.[a-z0-9]+$/i.test(route.split('/').at(-1) ?? '');
}

/**
 * The one address a page is cached under: no query, no hash, no trailing slash (the base keeps its
 * own), so /index/Chapter3/ and /index/Chapter3?x=1 find what /index/Chapter3 stored.
 */
export function pageKey(url: string | URL, base: string): string {
  const parsed = new URL(url);
  const route = routeOfPath(parsed.pathname, base);
  const prefix = base.replace(/\/+$/, '');
  return `${parsed.origin}${route === '/' ? `${prefix}/` : `${prefix}${route}`}`;
}

/** A page's title as the offline page lists it: its document title without the site title appended to it. */
export function pageTitle(documentTitle: string, siteTitle: string): string | undefined {
  const title = documentTitle.trim();
  if (!title) return undefined;
  return title.endsWith(` | ${siteTitle}`) ? title.slice(0, -` | ${siteTitle}`.length) : title;
}
