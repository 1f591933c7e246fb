import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { bundleDir } from '../../src/lib/search.ts';

// Pagefind's own interfaces, its web worker (search-ui.ts sets noWorker) and the wasm for pages without a
// language: the book uses none of them, so they are not deployed.
const unused = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
  'pagefind-worker.js',
  'wasm.unknown.pagefind',
];

/**
 * Full-text search: Pagefind indexes the text of every page marked data-pagefind-body (chapters and
 * sub-pages) into `<dir>/pagefind/`, a static index the browser fetches in small pieces (src/components/search/).
 */
export async function writeSearchIndex(dir: URL, logger: AstroIntegrationLogger): Promise<void> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(errors.join('; '));
    const added = await index.addDirectory({ path: fileURLToPath(dir) });
    const output = fileURLToPath(new URL(`${bundleDir}/`, dir));
    const written = await index.writeFiles({ outputPath: output });
    const problems = [...errors, ...added.errors, ...written.errors];
    if (problems.length > 0) throw new Error(problems.join('; '));
    await Promise.all(unused.map((file) => rm(new URL(`${bundleDir}/${file}`, dir), { force: true })));
    logger.info(`${added.page_count} pages indexed for search in ${bundleDir}/`);
  } catch (error) {
    throw new Error(`Pagefind could not index the book: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    await pagefind.close();
  }
}
