/**
 * The search index, written in a thread of its own (see search-index.ts): Pagefind indexes the built site
 * given as workerData.site into its pagefind/ folder. The thread posts { read: true } once Pagefind has read
 * every page (from then on the pages may change), then { report } or { error }.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { close, createIndex } from 'pagefind';
import { bundleDir } from '../lib/search.ts';

// Pagefind also writes its own interfaces, a web worker (search-ui.ts sets noWorker) and a wasm for
// pages without a language: the book uses none of them, so they are not deployed.
const unused = [
  'pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js',
  'pagefind-component-ui.css', 'pagefind-highlight.js', 'pagefind-worker.js', 'wasm.unknown.pagefind',
];

async function writeIndex(site: string): Promise<string> {
  const output = join(site, bundleDir);
  const { index, errors } = await createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: site });
  parentPort?.postMessage({ read: true });
  const written = await index.writeFiles({ outputPath: output });
  await close();
  const problems = [...errors, ...added.errors, ...written.errors];
  if (problems.length > 0) throw new Error(`Pagefind could not index the book: ${problems.join('; ')}`);
  await Promise.all(unused.map((file) => rm(join(output, file), { force: true })));
  const entry = JSON.parse(await readFile(join(output, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  return `Indexed ${entry.languages['en']?.page_count ?? 0} of ${added.page_count} pages for search in ${bundleDir}/`;
}

const { site } = workerData as { site: string };
parentPort?.postMessage(await writeIndex(site).then((report) => ({ report }), (error: unknown) => ({ error: String(error instanceof Error ? error.message : error) })));
