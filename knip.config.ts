import type { KnipConfig } from 'knip';

/** knip (in npm run lint): no unused file, export or dependency, and every imported package listed. */
export default {
  entry: [
    // Command-line code run by path by another tool (the npm scripts' own are entries already).
    'tools/bench/analytics-weight.ts',
    'tools/bench/dev-start-time.ts',
    'tools/bench/largest-paint.ts',
    'tools/bench/reading-session.ts',
    // Loaded by path from the book() integration: its client directive, an alias, injected routes, bundled workers.
    'src/directives/interaction.ts',
    'src/components/islands/scroll-lock.tsx',
    'src/editions/print/print-book.astro',
    'src/editions/print/print-chapter.astro',
    'src/editions/files/file-page.astro',
    'src/editions/files/book.json.ts',
    'src/service-worker/sw.ts',
    'src/components/offline/save-offline.ts',
    // Fetched on use (integrations/vite/script-on-use.ts): the search dialog's code and the analytics SDK's.
    'src/components/search/search-ui.ts',
    'src/components/analytics/firebase.ts',
    // The book's text, read by the content collections' loaders.
    '{chapters,book}/**/*.mdx',
    // Read by Puppeteer when @daisy/ace-cli starts it.
    '.puppeteerrc.cjs',
  ],
  project: ['src/**/*.{ts,tsx,astro,js}', '{chapters,book}/**/*.mdx', 'integrations/**/*.ts', 'tools/**/*.ts', 'tests/**/*.ts', '*.{js,mjs,cjs,ts}'],
  // Packages the code reaches by their files' paths (the PDF step's Paged.js, the W3C checker's jar, Ace's command).
  ignoreDependencies: ['pagedjs', 'vnu-jar', '@daisy/ace-cli'],
} satisfies KnipConfig;
