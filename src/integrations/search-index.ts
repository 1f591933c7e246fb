import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { searchUiChunk } from '../lib/search.ts';
import { lazyChunk } from './lazy-chunk.ts';
import type { IndexerMessage, IndexerReply } from './search-index-worker.ts';

// The search dialog's code: built as a file of its own, fetched only when a reader opens search.
const uiEntry = fileURLToPath(new URL('../components/search/search-ui.ts', import.meta.url));

/**
 * Full-text search with Pagefind: indexes the text of every page that marks it with data-pagefind-body
 * (the chapters and sub-pages) into `<outDir>/pagefind/`, a static index the browser fetches in small
 * pieces. Pagefind runs in a thread of its own from the first page rendered (`pageRendered`), and
 * reads the pages as they are written; `pagesRead` settles once it has read every page (steps
 * that rewrite pages, though no text the index reads, write them after it), and `finish`, listed last,
 * waits for the index. Every `pagesPerScan` pages rendered, Pagefind reads those written since its last read.
 */
export default function searchIndex({ pagesPerScan = 100 } = {}): {
  start: AstroIntegration;
  pageRendered: () => void;
  allRendered: () => void;
  pagesRead: () => Promise<void>;
  finish: AstroIntegration;
} {
  let indexer: ReturnType<typeof startIndexer> | undefined;
  let outDir: URL | undefined;
  let rendered = 0;
  return {
    start: {
      name: 'book:search',
      hooks: {
        'astro:config:setup': ({ command, updateConfig }) => {
          // In dev there is no index: search says it needs a build.
          updateConfig({ vite: { plugins: [lazyChunk(searchUiChunk, uiEntry, command)] } });
        },
        'astro:config:done': ({ config }) => {
          outDir = config.outDir;
        },
        'astro:build:done': ({ dir }) => {
          indexer ??= startIndexer(dir);
          indexer.finish();
        },
      },
    },
    // Called by the renderer (render-threads.ts) for each page rendered: the indexer starts with the first.
    pageRendered: () => {
      if (outDir) indexer ??= startIndexer(outDir);
      if (++rendered % pagesPerScan === 0) indexer?.post({ scan: true });
    },
    // Called by the renderer once every page is written: Pagefind reads the last ones and writes the index
    // while Astro makes the pictures and the steps after it run.
    allRendered: () => indexer?.finish(),
    pagesRead: () => indexer?.read ?? Promise.resolve(),
    finish: {
      name: 'book:search-written',
      hooks: {
        'astro:build:done': async ({ logger }) => {
          const report = indexer?.indexed;
          indexer = undefined;
          rendered = 0;
          if (report) logger.info(await report);
        },
      },
    },
  };
}

/** The indexing thread (search-index-worker.ts) for a build's output folder, and what it has told. */
function startIndexer(dir: URL) {
  const worker = new Worker(new URL('./search-index-worker.ts', import.meta.url), { workerData: { site: fileURLToPath(dir) } });
  let allRead: () => void = () => {};
  const read = new Promise<void>((resolve) => (allRead = resolve));
  const indexed = new Promise<string>((resolve, reject) => {
    worker.on('message', (reply: IndexerReply) => {
      if ('read' in reply) allRead();
      else if ('error' in reply) reject(new Error(reply.error));
      else resolve(reply.report);
    });
    worker.once('error', reject);
  });
  // Reported by `finish`; until then a failure must not count as unhandled.
  indexed.catch(() => undefined);
  let finished = false;
  const post = (message: IndexerMessage) => worker.postMessage(message);
  return {
    post,
    /** Every page is written: read the rest, then write the index (once). */
    finish: () => {
      if (!finished) post({ done: true });
      finished = true;
    },
    // Pages may change once Pagefind has read them all (or failed).
    read: Promise.race([read, indexed.then(() => undefined, () => undefined)]),
    indexed,
  };
}
