// Registers the offline worker (src/service-worker/sw.ts) once the page has loaded and the browser is idle, from the
// reader's second page on (a one-page visit costs nothing extra). The pages read keep all they use too (pictures in
// every size, the code of their boxes and activities, their frames), which the worker fetches once it serves the page. With data saver on, the worker keeps the pages read and
// what they fetched, nothing more, until the reader saves a chapter. Builds only: `astro dev` serves no sw.js.

import { keepPagesMessage, workerUrl } from '../../lib/worker-url.ts';

/** Where a tab remembers the pages opened in it (sessionStorage). */
const visitedPagesKey = 'book-pages-this-visit';
const sw = navigator.serviceWorker;
const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
const whenIdle = (task: () => void) => ('requestIdleCallback' in self ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task));

/** Resolves once the worker serves this page (it claims the pages open when it starts). */
const controlled = () =>
  new Promise<void>((resolve) => (sw.controller ? resolve() : sw.addEventListener('controllerchange', () => resolve(), { once: true })));

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
            // The pages read keep all they use (the worker fetches it; not for a reader saving data).
            void controlled().then(() => sw.controller?.postMessage({ type: keepPagesMessage, pages: visited ?? [here] }));
          })
          .catch(() => {});
      }),
    );
  }
}
