// @ts-check
// First: .env's settings (SITE_URL, BASE_PATH, BOOK_…) must be in place before anything reads them.
import './integrations/load-env.ts';
import { defineConfig } from 'astro/config';
import book, { buildsEditions } from './integrations/book.ts';
import { bookConfig } from './src/book.config.ts';

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  // The address the book is published at, and the path under it (e.g. BASE_PATH=/book/). Without SITE_URL the pages
  // name no address of their own (no canonical links, sitemap or addresses in citations): never a localhost one.
  ...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
  base: process.env.BASE_PATH ?? '/',
  output: 'static',
  // Tests build other books (BOOK_CHAPTERS_DIR) with a cache of their own, so no content leaks between books.
  cacheDir: process.env.BOOK_CACHE_DIR ?? './node_modules/.astro',
  // Directory format keeps /index (the contents page) apart from /index.html (the home page).
  // Styles in cached files, not in every page (a reader pays for a page's <style> again on each page).
  build: { format: 'directory', inlineStylesheets: 'never' },
  trailingSlash: 'ignore',
  // Pages are prebuilt static files; prefetching would spend a reader's data on pages they may never open.
  prefetch: false,
  integrations: [book()],
  // No syntax highlighting: chapters hold no code, and Shiki's inline styles would need style-src 'unsafe-inline'.
  markdown: { syntaxHighlight: false },
  // A <meta> policy on every page: scripts and styles by hash, frames only from embedHosts. Pagefind runs
  // WebAssembly; Radix and the islands set inline style
  // attributes, which style-src-attr allows; stylesheets and <style> elements come from the site or by hash (style-src-elem).
  // The editions to take away run no script, and their readers (Kiwix, e-readers, a PDF printer) bring their own.
  security: buildsEditions
    ? {}
    : {
        csp: {
          directives: [
            "default-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            `frame-src 'self' ${bookConfig.embedHosts.join(' ')}`,
          ],
          scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
          styleDirective: {
            resources: [
              { resource: "'self'", kind: 'element' },
              { resource: "'unsafe-inline'", kind: 'attribute' },
            ],
          },
        },
      },
});
