// Registers the offline worker (src/service-worker/sw.ts) once the page has loaded and the browser is idle, from the
// reader's second page on (a one-page visit costs nothing extra). A page the worker keeps keeps its pictures too, fetched
// once it runs. With data saver on, the worker keeps the pages read and what they fetched, nothing more, until the reader
// saves a chapter. Builds only: `astro dev` serves no sw.js.

import { workerUrl } from '../../lib/worker-url.ts';

/** Where a tab remembers the pages opened in it (sessionStorage). */
const visitedPagesKey = 'book-pages-this-visit';
const sw = navigator.serviceWorker;
const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
const whenIdle = (task: () => void) => ('requestIdleCallback' in self ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task));

/** Resolves once the worker serves this page (it claims the pages open when it starts). */
const controlled = () =>
  new Promise<void>((resolve) => (sw.controller ? resolve() : sw.addEventListener('controllerchange', () => resolve(), { once: true })));

/** What the page shows further down, fetched now through the worker, so that it keeps them: offline the page shows them too. */
const keepPictures = () => {
  for (const picture of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) picture.loading = 'eager';
};

/** The pages opened in this tab so far, this one last, or undefined where the browser refuses storage (nothing to count). */
function pagesThisVisit(here: string): string[] | undefined {
  try {
    const seen = new Set(JSON.parse(sessionStorage.getItem(visitedPagesKey) ?? '[]') as string[]).add(here);
    sessionStorage.setItem(visitedPagesKey, JSON.stringify([...seen]));
    return [...seen];
  } catch {
    return undefined;
  }
}

if (import.meta.env.PROD && sw && self.caches) {
  const here = location.href.split('#')[0]!;
  const visited = pagesThisVisit(here);
  const saver = document.documentElement.dataset.saver === 'on';
  // Without storage to count in, the worker starts at once, as it did before it waited for a second page.
  if (sw.controller || !visited || visited.length > 1) {
    addEventListener('load', () =>
      whenIdle(() => {
        // A page the worker did not serve sends it the pages read so far and this page's files, to keep.
        const first = !sw.controller;
        sw.register(workerUrl(base, saver), { scope: base })
          .then(() => sw.ready)
          .then((registration) => {
            const urlsToCache = [...(visited ?? [here]), ...performance.getEntriesByType('resource').map((entry) => entry.name)];
            if (first) registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
            // A reader saving data gets only what they scroll to; a kept page may then lack a picture.
            if (!saver) void controlled().then(keepPictures);
          })
          .catch(() => {});
      }),
    );
  }
}
