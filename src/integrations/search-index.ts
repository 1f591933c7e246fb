import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import { bundleDir, searchUiChunk } from '../lib/search.ts';
import { lazyChunk } from './lazy-chunk.ts';

// Pagefind also writes its own interfaces, a web worker (search-ui.ts sets noWorker) and a wasm for
// pages without a language: the book uses none of them, so they are not deployed.
const unused = [
  'pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js',
  'pagefind-component-ui.css', 'pagefind-highlight.js', 'pagefind-worker.js', 'wasm.unknown.pagefind',
];

// The search dialog's code: built as a file of its own, fetched only when a reader opens search.
const uiEntry = fileURLToPath(new URL('../components/search/search-ui.ts', import.meta.url));

/**
 * Full-text search with Pagefind: after the build, indexes the text of every page that marks it
 * with data-pagefind-body (the chapters and sub-pages) into `<outDir>/pagefind/`, a static index
 * the browser fetches in small pieces.
 */
export default function searchIndex(): AstroIntegration {
  return {
    name: 'book:search',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        // In dev there is no index: search says it cannot load.
        updateConfig({ vite: { plugins: [lazyChunk(searchUiChunk, uiEntry, command)] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const output = join(site, bundleDir);
        const { index, errors } = await createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: site });
        const written = await index.writeFiles({ outputPath: output });
        await close();
        const problems = [...errors, ...added.errors, ...written.errors];
        if (problems.length > 0) throw new Error(`Pagefind could not index the book: ${problems.join('; ')}`);
        await Promise.all(unused.map((file) => rm(join(output, file), { force: true })));
        const entry = JSON.parse(await readFile(join(output, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
        logger.info(`Indexed ${entry.languages['en']?.page_count ?? 0} of ${added.page_count} pages for search in ${bundleDir}/`);
      },
    },
  };
}
