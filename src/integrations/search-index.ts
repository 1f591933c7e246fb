import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';
import type { Plugin } from 'vite';
import { bundleDir, setSearchUiFile } from '../lib/search.ts';

// Pagefind also writes its own interfaces, a web worker (search-ui.ts sets noWorker) and a wasm for
// pages without a language: the book uses none of them, so they are not deployed.
const unused = [
  'pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js',
  'pagefind-component-ui.css', 'pagefind-highlight.js', 'pagefind-worker.js', 'wasm.unknown.pagefind',
];

// The search dialog's code: built as a chunk of its own, fetched only when a reader opens search.
const uiEntry = fileURLToPath(new URL('../components/search/search-ui.ts', import.meta.url));

/**
 * Builds the search dialog's script as its own hashed file (no page imports it, so Astro would not
 * build it) and tells the pages its name, for the tiny inline script that imports it on demand.
 */
function searchUiChunk(): Plugin {
  return {
    name: 'book:search-ui-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      this.emitFile({ type: 'chunk', id: uiEntry, name: 'search-ui' });
    },
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === uiEntry);
      if (chunk) setSearchUiFile(chunk.fileName);
    },
  };
}

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
        // The dev server serves the source itself (there is no index in dev: search says it cannot load).
        if (command === 'dev') setSearchUiFile(`@fs${uiEntry}`);
        updateConfig({ vite: { plugins: [searchUiChunk()] } });
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
