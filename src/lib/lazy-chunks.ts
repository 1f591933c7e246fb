/**
 * Scripts fetched only on use (search's dialog, analytics after idle) are built as hashed files of their
 * own by src/integrations/lazy-chunk.ts. The pages, rendered after the browser build in the same process,
 * read each file's name here (a registered symbol, so every bundled copy of this module agrees).
 */
const registryKey = Symbol.for('book.lazyChunks');
const registry = ((globalThis as unknown as Record<symbol, Map<string, string> | undefined>)[registryKey] ??= new Map());

/** Records the path of the chunk called `name`, relative to the site's root (or a dev server path). */
export function setChunkFile(name: string, file: string): void {
  registry.set(name, file);
}

/** The address of the chunk called `name` under the base path ('/' or '/book/'). */
export function chunkUrl(name: string, base: string): string {
  const file = registry.get(name);
  if (!file) throw new Error(`The script "${name}" was not built: is its integration in astro.config.mjs?`);
  return `${base.replace(/\/*$/, '/')}${file}`;
}
