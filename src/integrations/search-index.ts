import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { searchUiChunk } from '../lib/search.ts';
import { lazyChunk } from './lazy-chunk.ts';

// The search dialog's code: built as a file of its own, fetched only when a reader opens search.
const uiEntry = fileURLToPath(new URL('../components/search/search-ui.ts', import.meta.url));

/**
 * Full-text search with Pagefind: after the build, indexes the text of every page that marks it
 * with data-pagefind-body (the chapters and sub-pages) into `<outDir>/pagefind/`, a static index
 * the browser fetches in small pieces. `start` runs it in a thread of its own and returns once Pagefind has
 * read every page; the next after-build steps (which rewrite pages, but no text the index reads) run while
 * it writes the index, and `finish`, listed after them, waits for it.
 */
export default function searchIndex(): { start: AstroIntegration; finish: AstroIntegration } {
  let indexing: Promise<string> | undefined;
  return {
    start: {
      name: 'book:search',
      hooks: {
        'astro:config:setup': ({ command, updateConfig }) => {
          // In dev there is no index: search says it needs a build.
          updateConfig({ vite: { plugins: [lazyChunk(searchUiChunk, uiEntry, command)] } });
        },
        'astro:build:done': async ({ dir }) => {
          // A thread of its own: once Pagefind has read the pages, it writes the index while the next steps run.
          const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), { workerData: { site: fileURLToPath(dir) } });
          let pagesRead: () => void = () => {};
          const read = new Promise<void>((resolve) => (pagesRead = resolve));
          indexing = new Promise<string>((resolve, reject) => {
            worker.on('message', (result: { read?: true; report?: string; error?: string }) => {
              if (result.read) pagesRead();
              else if (result.error) reject(new Error(result.error));
              else resolve(result.report ?? '');
            });
            worker.once('error', reject);
          });
          // Reported by `finish`; until then a failure must not count as unhandled.
          indexing.catch(() => undefined);
          // The next steps rewrite pages: they wait until Pagefind has read them all (or failed).
          await Promise.race([read, indexing.then(() => undefined, () => undefined)]);
        },
      },
    },
    finish: {
      name: 'book:search-written',
      hooks: {
        'astro:build:done': async ({ logger }) => {
          if (indexing) logger.info(await indexing);
        },
      },
    },
  };
}
