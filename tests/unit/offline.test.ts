import { describe, expect, it } from 'vitest';
import {
  cacheNames,
  isPagePath,
  isStaleCache,
  offlineManifestPath,
  pageKey,
  pageTitle,
  routeOfPath,
  savedCacheName,
  savedRoute,
} from '../../src/lib/offline-cache.ts';
import { offlineFiles } from '../../integrations/after-build/offline-files.ts';
import type { ModuleGraph } from '../../integrations/after-build/module-graph.ts';

describe('the address a page is cached under', () => {
  it.each([
    ['https://x.org/index/Chapter3', '/', 'https://x.org/index/Chapter3'],
    ['https://x.org/index/Chapter3/', '/', 'https://x.org/index/Chapter3'],
    ['https://x.org/index/Chapter3?q=water#box-1', '/', 'https://x.org/index/Chapter3'],
    ['https://x.org/index', '/', 'https://x.org/index'],
    ['https://x.org/', '/', 'https://x.org/'],
    ['https://x.org/book/', '/book/', 'https://x.org/book/'],
    ['https://x.org/book', '/book/', 'https://x.org/book/'],
    ['https://x.org/book/index/', '/book/', 'https://x.org/book/index'],
  ])('%s under base %s is %s', (url, base, key) => expect(pageKey(url, base)).toBe(key));

  it('keeps /index (the contents page) apart from the home page', () => {
    expect(pageKey('https://x.org/index', '/')).not.toBe(pageKey('https://x.org/', '/'));
  });
});

describe('isPagePath()', () => {
  it.each([
    ['/', '/', true],
    ['/index', '/', true],
    ['/index/Chapter3/BlockA', '/', true],
    ['/offline', '/', true],
    ['/book/index', '/book/', true],
    ['/index.html', '/', false],
    ['/_astro/BaseLayout.x1.css', '/', false],
    ['/_astro/chunk', '/', false],
    ['/pagefind/pagefind-entry.json', '/', false],
    ['/pagefind/fragment/en_1', '/', false],
    ['/figures/world-cities.svg', '/', false],
    ['/media/home-city.webm', '/', false],
    ['/book/offline-files/index/Chapter1.json', '/book/', false],
  ])('%s under base %s: %s', (path, base, expected) => expect(isPagePath(path, base)).toBe(expected));
});

describe('cache names', () => {
  it('name a saved chapter by its route, and read the route back', () => {
    expect(savedRoute(savedCacheName('/index/Chapter3'))).toBe('/index/Chapter3');
    expect(savedRoute(cacheNames.pages)).toBeUndefined();
  });

  it('let an older worker’s caches go, never a saved chapter or a current cache', () => {
    expect(isStaleCache('book-runtime-v0')).toBe(true);
    expect(isStaleCache(savedCacheName('/index/Chapter1'))).toBe(false);
    for (const name of Object.values(cacheNames)) expect(isStaleCache(name)).toBe(false);
    expect(isStaleCache('someone-else')).toBe(false);
  });

  it('put each page’s list of files at a path of its own', () => {
    expect(offlineManifestPath('/index/Chapter3/BlockA')).toBe('/offline-files/index/Chapter3/BlockA.json');
    expect(offlineManifestPath('/')).toBe('/offline-files/home.json');
    expect(routeOfPath('/book/index/Chapter3/', '/book/')).toBe('/index/Chapter3');
  });
});

describe('pageTitle()', () => {
  it.each([
    ['Public health in mega-slums | Book.', 'Public health in mega-slums'],
    ['Book.', 'Book.'],
    [' Water & sanitation | Book. ', 'Water & sanitation'],
    ['', undefined],
  ])('%j gives %s', (documentTitle, title) => expect(pageTitle(documentTitle, 'Book.')).toBe(title));
});

describe('the files a page needs offline', () => {
  const site: Record<string, string> = {
    '/book/index/Chapter1': `<html><head><link rel="stylesheet" href="/book/_astro/a.css"><link rel="icon" href="/book/favicon.svg">
      <meta property="og:image" content="https://x.org/book/_astro/share.png"></head><body>
      <img src="/book/_astro/p.svg" srcset="/book/_astro/p-400.webp 400w, /book/_astro/p-800.webp 800w" loading="lazy" alt="">
      <picture><source srcset="/book/_astro/w.avif" type="image/avif"><img src="/book/_astro/w.png" alt=""></picture>
      <astro-island component-url="/book/_astro/Box.js" renderer-url="/book/_astro/client.js" client="interaction"></astro-island>
      <iframe src="/book/slides/intro" title="Slides"></iframe><iframe src="https://www.youtube-nocookie.com/embed/x" title="Video"></iframe>
      <a href="/book/handouts/h.pdf" download>PDF</a><a href="/book/index/Chapter2">Next</a><a href="https://example.org/x.pdf">Other</a>
      <a href="/book/downloads/book-1.0.0.pdf" download>The whole book as a PDF</a></body></html>`,
    '/book/_astro/a.css': 'body{background:url(./bg.svg)} .x{background:url("data:image/png;base64,AA")}',
    '/book/_astro/bg.svg': '<svg/>',
    '/book/favicon.svg': '<svg/>',
    '/book/_astro/p.svg': '<svg/>',
    '/book/_astro/p-400.webp': 'x',
    '/book/_astro/p-800.webp': 'x',
    '/book/_astro/w.avif': 'x',
    '/book/_astro/w.png': 'x',
    '/book/_astro/Box.js': 'x',
    '/book/_astro/react.js': 'x',
    '/book/_astro/Dialog.js': 'x',
    '/book/_astro/dialog.css': 'x',
    '/book/_astro/Lazy.js': 'x',
    '/book/_astro/client.js': 'x',
    '/book/slides/intro': '<html><head><link rel="stylesheet" href="/book/_astro/slides.css"></head></html>',
    '/book/_astro/slides.css': 'h1{}',
    '/book/handouts/h.pdf': '%PDF',
    '/book/index/Chapter2': '<html></html>',
    '/book/downloads/book-1.0.0.pdf': '%PDF',
  };
  const read = (path: string) => (path in site ? new TextEncoder().encode(site[path]) : undefined);
  // As the client build recorded them (by file in the build folder, without the base path).
  const loads = (imports: string[], dynamicImports: string[] = [], css: string[] = []) => ({ imports, dynamicImports, css });
  const modules: ModuleGraph = {
    '_astro/Box.js': loads(['_astro/react.js'], ['_astro/Dialog.js']),
    '_astro/Dialog.js': loads([], ['_astro/Lazy.js'], ['_astro/dialog.css']),
    '_astro/client.js': loads(['_astro/react.js']),
  };
  const files = offlineFiles(site['/book/index/Chapter1']!, new URL('http://site/book/index/Chapter1'), { read, modules, base: '/book/' });

  it('starts with the page, then its styles with what they refer to, and its icon', () => {
    expect(files.slice(0, 4)).toEqual(['/book/index/Chapter1', '/book/_astro/a.css', '/book/_astro/bg.svg', '/book/favicon.svg']);
  });

  it('has every size of every picture, since the screen picks one', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '/book/_astro/p.svg',
        '/book/_astro/p-400.webp',
        '/book/_astro/p-800.webp',
        '/book/_astro/w.avif',
        '/book/_astro/w.png',
      ]),
    );
  });

  it('has every island script and all it may load, statically, with import() and their styles', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '/book/_astro/Box.js',
        '/book/_astro/react.js',
        '/book/_astro/Dialog.js',
        '/book/_astro/dialog.css',
        '/book/_astro/Lazy.js',
        '/book/_astro/client.js',
      ]),
    );
  });

  it('has the local pages and PDFs it frames or offers, with the framed pages’ own files', () => {
    expect(files).toEqual(expect.arrayContaining(['/book/slides/intro', '/book/_astro/slides.css', '/book/handouts/h.pdf']));
  });

  it('leaves out other pages it links to, the book to take away, other hosts, link-preview images and data URLs', () => {
    expect(files).not.toContain('/book/index/Chapter2');
    expect(files).not.toContain('/book/downloads/book-1.0.0.pdf');
    expect(
      files.some((path) => path.includes('youtube') || path.includes('example.org') || path.includes('share.png') || path.includes('data:')),
    ).toBe(false);
    expect(new Set(files).size).toBe(files.length);
  });
});
