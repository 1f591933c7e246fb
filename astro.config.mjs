// @ts-check
import { fileURLToPath } from 'node:url';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import postcssGlobalData from '@csstools/postcss-global-data';
import { defineConfig } from 'astro/config';
import postcssCustomMedia from 'postcss-custom-media';
import postcssDarkThemeClass from 'postcss-dark-theme-class';
import analytics from './src/integrations/analytics.ts';
import { bookMarkdown } from './src/integrations/book-markdown.ts';
import { compileThreads } from './src/integrations/compile-threads.ts';
import dataSaverSizes from './src/integrations/data-saver-sizes.ts';
import drafts from './src/integrations/drafts.ts';
import hostFiles from './src/integrations/host-files.ts';
import hydrateOnInteraction from './src/integrations/hydrate-on-interaction.ts';
import { pageRewrites } from './src/integrations/page-rewrites.ts';
import { mdxPictures } from './src/integrations/mdx-pictures.ts';
import { renderThreads } from './src/integrations/render-threads.ts';
import searchIndex from './src/integrations/search-index.ts';
import serviceWorker from './src/integrations/service-worker.ts';
import { bookConfig } from './src/book.config.ts';
import { href, isListedPage, paths } from './src/lib/routes.ts';

// The path the book is published under (e.g. BASE_PATH=/book/); href() and import.meta.env.BASE_URL follow it.
const base = process.env.BASE_PATH ?? '/';
const search = searchIndex();
// Data saver and offline reading rewrite the built pages in memory; each changed page is written once, after search has read it.
const pages = pageRewrites(search.pagesRead);
// Markdown and MDX: Sätteri, with a check of every book component a chapter uses.
const markdown = bookMarkdown();
const breakpoints = fileURLToPath(new URL('./src/styles/breakpoints.css', import.meta.url));

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  base,
  output: 'static',
  // Tests build other books (BOOK_CHAPTERS_DIR) with a cache of their own, so no content leaks between books.
  cacheDir: process.env.BOOK_CACHE_DIR ?? './node_modules/.astro',
  // Directory format keeps /index (the contents page) apart from /index.html (the home page). Eight pages render
  // at once, so one page's rendering fills the wait while another is written to disk, and the render threads
  // (below) always have a page waiting.
  build: { format: 'directory', concurrency: 8 },
  trailingSlash: 'ignore',
  integrations: [
    // Static Markdown compiles to HTML strings, not a call per element: smaller modules, a faster build and render.
    // Links stay elements, so bookComponents' `a` (Link) still renders them.
    mdx({ optimize: { ignoreElementNames: ['a'] } }),
    // In a build, chapters compile on every core (src/integrations/compile-threads.ts).
    compileThreads(markdown),
    react(),
    hydrateOnInteraction(),
    // Pages marked draft: true: shown by astro dev, left out of a build.
    drafts(),
    // Off unless PUBLIC_FIREBASE_* variables give a Firebase configuration; an incomplete one stops the build.
    analytics(),
    // Pages render on every core; as they are written, search indexes their text into dist/pagefind/
    // (see src/components/search/); search.finish, the last step, waits for it.
    renderThreads({ onPageRendered: search.pageRendered, onAllRendered: search.allRendered }),
    search.start,
    // Before any step that fingerprints the built HTML: it writes image sizes into the pages.
    dataSaverSizes(pages.site),
    sitemap({
      // Canonical addresses only, written as the pages' canonical links write them (no trailing slash).
      filter: (page) => isListedPage(new URL(page).pathname, base),
      serialize: (item) => {
        const url = new URL(item.url);
        // The home page's address is the base path itself, slash included (/book/, not /book).
        if (url.pathname !== href(paths.home, base)) url.pathname = url.pathname.replace(/\/$/, '');
        return { ...item, url: url.href };
      },
    }),
    // Offline reading: sw.js and the files each chapter needs offline, written after the pages.
    serviceWorker(pages.site),
    pages.write,
    // The headers and rewrites a host must apply: _headers and _redirects.
    hostFiles(),
    search.finish,
  ],
  // A wrong prop on a book component stops the build with the file, the line and the fix.
  // No syntax highlighting: chapters hold no code, and Shiki's inline styles would need style-src 'unsafe-inline'.
  markdown: { processor: markdown, syntaxHighlight: false },
  // Link previews need raster images, and chapter pictures are SVG files of this repository (trusted,
  // unlike SVG from strangers): they are rasterized only where a format is asked for (the share image).
  image: { dangerouslyProcessSVG: true },
  // A <meta> content security policy on every page: scripts and styles by hash (inline scripts: see
  // src/components/ContentSecurityPolicy.astro), frames only from embedHosts. Pagefind's search runs WebAssembly;
  // Radix and the islands set inline style attributes, which style-src-attr allows and nothing else.
  security: {
    csp: {
      directives: ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", `frame-src 'self' ${bookConfig.embedHosts.join(' ')}`],
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // Pages are prebuilt static files; prefetching would spend a reader's data on pages they may never open.
  prefetch: false,
  vite: {
    // Every chapter in one server chunk, not a chunk each: a build of a thousand chapters bundles a third faster and
    // renders faster, as each page no longer loads a module of its own (the pages are the same, byte for byte).
    environments: { prerender: { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'chapters', test: /\.mdx($|\?)/ }] } } } } } },
    // A picture missing from a chapter's text: the chapter's line and the fix, not the bundler's words.
    plugins: [mdxPictures()],
    resolve: {
      // Radix Dialog's scroll lock, without a run-time <style> (refused by a strict CSP) and 3 KB lighter.
      alias: [{ find: /^react-remove-scroll$/, replacement: fileURLToPath(new URL('./src/components/islands/scroll-lock.tsx', import.meta.url)) }],
    },
    build: {
      rollupOptions: {
        // Astro's own MDX head-injection marker trips a harmless bundler warning (withastro/astro#18087).
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('astro:head-inject')) return;
          warn(warning);
        },
      },
    },
    css: {
      postcss: {
        // One breakpoint table for every stylesheet: see src/styles/breakpoints.css. Each dark block
        // (prefers-color-scheme: dark) also answers the reader's own choice, <html data-theme="dark|light">.
        plugins: [
          postcssGlobalData({ files: [breakpoints] }),
          postcssCustomMedia(),
          postcssDarkThemeClass({ darkSelector: '[data-theme="dark"]', lightSelector: '[data-theme="light"]' }),
        ],
      },
    },
  },
});
