/**
 * The book's service worker, built by integrations/after-build/offline-worker.ts into <outDir>/sw.js.
 * Pages: network first (a new deployment shows on the next load), the cached copy when offline, else
 * the offline page. Hashed /_astro/ files: cache first. Nothing is precached by revision, so no cleanup
 * ever deletes a file an older cached page still uses; the caches only age out by use.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import {
  cacheNames,
  isPagePath,
  isStaleCache,
  offlineManifestPath,
  type OfflineManifest,
  pageKey,
  routeOfPath,
  savedRoute,
  type SizeQuestion,
} from '../lib/offline-cache.ts';
import { fetchToKeep, freshCopy, isBookAnswer, keepAll, savingHeader } from '../lib/offline-copies.ts';
import { keepPagesMessage } from '../lib/worker-url.ts';

declare const self: ServiceWorkerGlobalScope;
/** Written by the build: home, contents and the offline page, then the files they need (site paths). */
declare const __BOOK_WARM__: { pages: string[]; files: string[] };
/** The download size of each page that can be saved, by its route ('/index/Chapter1': '504 KB'). */
declare const __BOOK_SIZES__: Record<string, string>;

const base = new URL(self.registration.scope).pathname;
const offlinePage = pageKey(new URL('offline', self.registration.scope), base);

/** Workbox's plugin classes declare optional callbacks as possibly undefined, which strictest TypeScript refuses as plugins. */
const plugins = (...list: object[]) => list as WorkboxPlugin[];

/**
 * Keeps only the book's own answers (src/lib/offline-copies.ts), each as a fresh answer: stored as the host sent it
 * after a redirect (/x to /x/), a page would fail to load from the cache. Replaces Workbox's CacheableResponsePlugin.
 */
const keepBooks = (kind: 'page' | 'file'): WorkboxPlugin => ({
  cacheWillUpdate: async ({ request, response }) =>
    (await isBookAnswer(response, kind, self.location.origin, base, request.url)) ? await freshCopy(response) : null,
});

/**
 * An error (a 404 too), or an answer that is not the book's, gives way to a copy kept earlier; with none, the reader
 * gets it. The answer's body is read only when a kept copy could replace it.
 */
const keptCopyOverBadAnswer = (kind: 'page' | 'file'): WorkboxPlugin => ({
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status !== 200 && response.status < 400) return response;
    const kept = await caches.match(kind === 'page' ? pageKey(request.url, base) : request.url, { ignoreSearch: true });
    if (kept && (response.status >= 400 || !(await isBookAnswer(response, kind, self.location.origin, base, request.url))))
      throw new Error('a kept copy is better');
    return response;
  },
});

/** Finds a request in any of the book's caches: a saved chapter's files are served like any other. */
const anyCache: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await caches.match(request, { ignoreSearch: true })) ?? null,
};

/** Pages are stored under one address whatever the slash or query (/index/Chapter3/ is /index/Chapter3). */
const onePageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url, base),
};

/** /Index/Chapter2 (the Introduction's own link) reaches a cached /index/Chapter2 offline, as the server's redirect would. */
const anyCasePage: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse, request }) => {
    if (cachedResponse) return cachedResponse;
    const wanted = request.url.toLowerCase();
    for (const name of await caches.keys()) {
      const key = (await (await caches.open(name)).keys()).find((k) => k.url.toLowerCase() === wanted && k.url !== request.url);
      if (key) return Response.redirect(key.url, 301);
    }
    return null;
  },
};

const pages = new NetworkFirst({
  cacheName: cacheNames.pages,
  // A connection that answers nothing for this long gets the cached copy, then the cache is refreshed.
  networkTimeoutSeconds: 6,
  // No cache is emptied when storage runs out (Workbox's purgeOnQuotaError): what is kept stays, and the new is not kept.
  plugins: plugins(onePageKey, keptCopyOverBadAnswer('page'), keepBooks('page'), new ExpirationPlugin({ maxEntries: 100 }), anyCache, anyCasePage),
});
const assets = new CacheFirst({
  cacheName: cacheNames.assets,
  plugins: plugins(keepBooks('file'), new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 180 * 24 * 3600 }), anyCache),
});
const files = new NetworkFirst({
  cacheName: cacheNames.files,
  networkTimeoutSeconds: 6,
  plugins: plugins(keptCopyOverBadAnswer('file'), keepBooks('file'), new ExpirationPlugin({ maxEntries: 60 }), anyCache),
});
const search = new NetworkFirst({
  cacheName: cacheNames.search,
  networkTimeoutSeconds: 6,
  plugins: plugins(keptCopyOverBadAnswer('file'), keepBooks('file'), new ExpirationPlugin({ maxEntries: 300 }), anyCache),
});

/**
 * The strategy for a GET request of this book, or undefined for anything it leaves to the browser (other hosts, the
 * video, and Save's own fetches, which Save stores itself).
 */
function strategyFor(url: URL, request?: Request): Strategy | undefined {
  if (request?.headers.has(savingHeader)) return undefined;
  if (url.origin !== self.location.origin || !url.pathname.startsWith(base)) return undefined;
  const local = url.pathname.slice(base.length - 1);
  if (local === '/sw.js' || local.startsWith('/media/')) return undefined;
  if (local.startsWith('/_astro/')) return assets;
  if (local.startsWith('/pagefind/')) return search;
  return isPagePath(url.pathname, base) ? pages : files;
}

const router = new Router();
router.registerRoute(
  new Route(
    ({ url, request }) => strategyFor(url, request) !== undefined,
    (options) => strategyFor(options.url)!.handle(options),
  ),
);
// Nothing cached and no network: a page gets the offline page; anything else fails as it would have.
router.setCatchHandler(async ({ request }) =>
  request.mode === 'navigate' ? ((await caches.match(offlinePage)) ?? Response.error()) : Response.error(),
);
router.addFetchListener();
// The first page a reader opens loaded before this worker ran: it sends its address and files here to be cached.
router.addCacheListener();

/**
 * A reader saving data (the book's switch, registered as sw.js?saver=on, or the browser's Save-Data) gets nothing
 * the pages they read did not fetch, until they save a chapter themselves.
 */
const holdBack =
  new URL(self.location.href).searchParams.get('saver') === 'on' ||
  (self.navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Fetches home, contents, the offline page and their files through the routes above, so each lands where it is looked for. */
async function warm(event: ExtendableEvent) {
  if (holdBack) return;
  const { pages: pageList, files: fileList } = __BOOK_WARM__;
  const urls = [...pageList, ...fileList].map((path) => new URL(path, self.location.origin));
  await Promise.all(
    urls.map((url) => {
      const strategy = strategyFor(url);
      // Pages are revalidated; hashed files never change, so the browser's own copy will do.
      return strategy?.handle({ event, request: new Request(url, { cache: strategy === assets ? 'default' : 'no-cache' }) });
    }),
  );
}

/**
 * Brings each saved chapter to this deployment's version: all its files are fetched and checked before any replaces a
 * kept one, and storage running out leaves the rest as it was.
 */
async function refreshSaved() {
  for (const name of await caches.keys()) {
    const route = savedRoute(name);
    if (route === undefined) continue;
    try {
      const response = await fetch(new URL(offlineManifestPath(route).slice(1), self.registration.scope), { cache: 'no-cache' });
      if (!response.ok) continue;
      const manifest = (await response.json()) as OfflineManifest;
      const cache = await caches.open(name);
      const wanted = manifest.files.map((path) => new URL(path, self.location.origin).href);
      // Hashed files already saved never change: only the rest is fetched again.
      const have = new Set((await cache.keys()).map((key) => key.url));
      const fetchAgain = wanted.filter((url) => !(have.has(url) && new URL(url).pathname.startsWith(`${base}_astro/`)));
      await keepAll(name, await fetchToKeep(fetchAgain, base));
      for (const key of await cache.keys()) if (!wanted.includes(key.url)) await cache.delete(key);
    } catch {
      // Offline, interrupted, or out of storage: the chapter stays saved as it was, and is tried again with the next deployment.
    }
  }
}

self.addEventListener('install', (event) => {
  // A new deployment takes over at once: pages come from the network first, so no reader is left on an old one. A
  // connection lost during the warm-up does not stop the worker: it keeps the pages read, and warms up when activated.
  event.waitUntil(
    warm(event)
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(isStaleCache).map((name) => caches.delete(name)))));
  void refreshSaved();
  // The offline page missing means the warm-up did not finish: it is tried again.
  void caches.match(offlinePage).then((kept) => (kept ? undefined : warm(event).catch(() => {})));
});
/**
 * Everything the pages a reader opened use, from each page's offline list, so that a kept page works offline as it did
 * online: its pictures in every size (a phone turned, a window widened), the code of its boxes and activities, its
 * frames (slides, handout); the first page read's too, and what lies further down than the reader scrolled. What is
 * kept already is not fetched again. Not for a reader saving data.
 */
async function keepPages(event: ExtendableEvent, pages: string[]) {
  if (holdBack) return;
  for (const page of pages) {
    const { pathname } = new URL(page, self.location.origin);
    if (!isPagePath(pathname, base)) continue;
    try {
      const list = await fetch(new URL(offlineManifestPath(routeOfPath(pathname, base)).slice(1), self.registration.scope), { cache: 'no-cache' });
      if (!list.ok) continue;
      const { files } = (await list.json()) as OfflineManifest;
      await Promise.all(
        files.map(async (path) => {
          const url = new URL(path, self.location.origin);
          if (url.pathname === pathname || (await caches.match(url, { ignoreSearch: true }))) return;
          return strategyFor(url)?.handle({ event, request: new Request(url) });
        }),
      );
    } catch {
      // Offline or out of storage: the pages stay kept as they were.
    }
  }
}

// A page's 'Save for offline reading' control asks for its size (show-save-offline.ts).
const offlineSizes = __BOOK_SIZES__;
self.addEventListener('message', (event) => {
  const { type, pages } = (event.data ?? {}) as { type?: string; pages?: unknown };
  if (type === keepPagesMessage && Array.isArray(pages))
    event.waitUntil(
      keepPages(
        event,
        pages.filter((page) => typeof page === 'string'),
      ),
    );
  const { offlineSize } = (event.data ?? {}) as Partial<SizeQuestion>;
  if (typeof offlineSize === 'string' && Object.hasOwn(offlineSizes, offlineSize)) event.ports[0]?.postMessage(offlineSizes[offlineSize]);
});
clientsClaim();
