import type { Plugin } from 'vite';
import { setChunkFile } from '../lib/lazy-chunks.ts';

/**
 * Builds `entry` as a hashed file of its own (no page imports it, so Astro would not build it) and
 * records its name as `name` (src/lib/lazy-chunks.ts), for a tiny page script to import it on use.
 * In dev, the dev server serves the source itself.
 */
export function lazyChunk(name: string, entry: string, command: 'dev' | 'build' | 'preview' | 'sync'): Plugin {
  if (command === 'dev') setChunkFile(name, `@fs${entry}`);
  return {
    name: `book:lazy-chunk:${name}`,
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      this.emitFile({ type: 'chunk', id: entry, name });
    },
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === entry);
      if (chunk) setChunkFile(name, chunk.fileName);
    },
  };
}
