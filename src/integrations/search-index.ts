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
 * the browser fetches in small pieces. `start` sets it going, in a thread of its own, before the other
 * after-build steps, and `finish`, listed after them, waits for it: on two cores the index is written
 * alongside their work. (They rewrite pages in one step, and change no text the index reads.)
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
        'astro:build:done': ({ dir }) => {
          // A thread of its own: the steps after this one keep the main thread busy without a pause.
          const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), { workerData: { site: fileURLToPath(dir) } });
          indexing = new Promise<string>((resolve, reject) => {
            worker.once('message', (result: { report?: string; error?: string }) => (result.error ? reject(new Error(result.error)) : resolve(result.report ?? '')));
            worker.once('error', reject);
          });
          // Reported by `finish`; until then a failure must not count as unhandled.
          indexing.catch(() => undefined);
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
