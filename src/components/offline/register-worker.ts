// Registers the offline worker (src/service-worker/sw.ts) once the page has loaded and the browser is idle, from the
// reader's second page on (a one-page visit costs nothing extra). With data saver on, the worker keeps the pages read
// and nothing more, until the reader saves a chapter. Builds only: `astro dev` serves no sw.js.

/** Where a tab remembers the pages opened in it (sessionStorage). */
const visitedPagesKey = 'book-pages-this-visit';
const sw = navigator.serviceWorker;
const base = import.meta.env.BASE_URL.replace(/\/?$/, '/');
const whenIdle = (task: () => void) => ('requestIdleCallback' in self ? requestIdleCallback(task, { timeout: 1000 }) : setTimeout(task));

/** The pages opened in this tab so far, this one last; a browser that refuses storage counts this page as the second. */
function pagesThisVisit(): string[] {
  const here = location.href.split('#')[0]!;
  try {
    const seen = new Set(JSON.parse(sessionStorage.getItem(visitedPagesKey) ?? '[]') as string[]).add(here);
    sessionStorage.setItem(visitedPagesKey, JSON.stringify([...seen]));
    return [...seen];
  } catch {
    return ['', here];
  }
}

if (import.meta.env.PROD && sw && self.caches) {
  const visited = pagesThisVisit();
  const saver = document.documentElement.dataset.saver === 'on';
  if (sw.controller || visited.length > 1) {
    addEventListener('load', () =>
      whenIdle(() => {
        // A page the worker did not serve sends it the pages read so far and this page's files, to keep.
        const first = !sw.controller;
        sw.register(`${base}sw.js${saver ? '?saver=on' : ''}`, { scope: base })
          .then(() => sw.ready)
          .then((registration) => {
            const urlsToCache = [...visited.filter(Boolean), ...performance.getEntriesByType('resource').map((entry) => entry.name)];
            if (first) registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
          })
          .catch(() => {});
      }),
    );
  }
}
