/**
 * A frontmatter mistake stops a build. `astro dev` keeps running instead, and every page shows the mistake in
 * the dev server's error overlay until the file is fixed: the loader records it here the moment the file is
 * saved (devMistakes), and the pages throw it (throwDevMistake). The loader and the pages load their own copies
 * of this module (Vite's `astro` and `ssr` environments, one process): a registered symbol makes them share it.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoaderContext, ParseDataOptions } from 'astro/loaders';
import { type Mistake, mistakeError } from './frontmatter-errors.ts';
import { imagesMistake, missingImages } from './missing-images.ts';
import { picturesMapKeeper, picturesOf } from './pictures-map.ts';

const registryKey = Symbol.for('book.devMistakes');
/** The mistake in each file (absolute path) as last saved. */
const waiting = ((globalThis as unknown as Record<symbol, Map<string, Mistake> | undefined>)[registryKey] ??= new Map());

/** A field no schema allows, so no author can write it. */
const keptField = '__devMistake';

/** In `astro dev`: throws the first mistake waiting for a fix, or carried by one of these entries. */
export function throwDevMistake(entries: readonly { data: object }[]): void {
  const [recorded] = waiting.values();
  const kept = entries.map(({ data }) => (data as Record<string, Mistake | undefined>)[keptField]).find(Boolean);
  const mistake = recorded ?? kept;
  if (mistake) throw mistakeError(mistake);
}

export type DevMistakes = ReturnType<typeof devMistakes>;

/**
 * The loader's side: records each mistake as soon as the file is saved, while the store keeps the file's last
 * valid entry, which the pages show again once it is fixed.
 */
export function devMistakes(context: LoaderContext) {
  let loaded = false;
  const root = fileURLToPath(context.config.root);
  // Any change to the store makes the dev server reload the browser: the page then shows what was just recorded.
  const reloadBrowser = () => context.meta.set('dev-mistakes', String(Date.now()));
  const record = (file: string, mistake: Mistake) => {
    waiting.set(file, mistake);
    reloadBrowser();
  };
  /** Files fixed but not yet stored again: the browser reloads once the fixed entry is in the store, not before. */
  const fixedFiles = new Set<string>();
  context.watcher?.on('unlink', (file) => waiting.delete(file) && reloadBrowser());
  const keepPicturesMap = picturesMapKeeper(context.config.root, context.store);

  /** Stores the entry, checked for missing images at once, on the first load and on every save. */
  const setEntry = (entry: Parameters<LoaderContext['store']['set']>[0]) => {
    const changed = context.store.set(entry);
    const stored = context.store.get(entry.id);
    const missing = stored ? missingImages(root, [stored]) : [];
    const file = stored?.filePath ? resolve(root, stored.filePath) : undefined;
    const justFixed = file !== undefined && fixedFiles.delete(file);
    if (!stored || !file || missing.length === 0) {
      if (justFixed) reloadBrowser();
      return changed;
    }
    const mistake = imagesMistake(root, missing);
    record(file, mistake);
    context.logger.error(mistake.message);
    // Stored without the missing pictures' imports, which would fail every page before it could show the mistake.
    const { digest: _, assetImports = [], imageImports = [], ...rest } = stored;
    const written = new Set(missing.map(({ ref }) => ref.written));
    const fields = new Set(missing.map(({ ref }) => ref.field));
    return context.store.set({
      ...rest,
      assetImports: assetImports.filter((path) => !written.has(path)),
      imageImports: imageImports.filter((path) => !fields.has(path.join('.'))),
    });
  };

  return {
    /** The store the glob loader writes to. */
    store: {
      ...context.store,
      // A file with a mistake is parsed again when saved, even if it is back to its stored version (an undo).
      get: ((id: string) => {
        const entry = context.store.get(id);
        if (!entry?.filePath || !waiting.has(resolve(root, entry.filePath))) return entry;
        const { digest: _, ...undigested } = entry;
        return undigested;
      }) as LoaderContext['store']['get'],
      // Astro's map of pictures must come to have an entry's new pictures (see pictures-map.ts).
      set: (entry: Parameters<LoaderContext['store']['set']>[0]) => {
        const before = picturesOf(context.store.get(entry.id));
        const changed = setEntry(entry);
        const stored = context.store.get(entry.id);
        if (loaded && picturesOf(stored) !== before) keepPicturesMap(stored);
        return changed;
      },
    },
    /** The file (absolute path) was saved without a frontmatter mistake. */
    fixed(file: string) {
      if (waiting.delete(file)) fixedFiles.add(file);
    },
    /** What parseData returns, or throws, for an entry with a mistake. */
    mistake<Data extends Record<string, unknown>>({ data, filePath = '' }: ParseDataOptions<Data>, mistake: Mistake): Data {
      record(filePath, mistake);
      // The glob loader writes this in the terminal and keeps the last valid entry.
      if (loaded) throw mistakeError(mistake);
      // On the first load a throw would stop the dev server: the entry is stored as written, carrying its mistake.
      context.logger.error(mistake.message);
      return { ...data, [keptField]: mistake };
    },
    /** The first load is done. */
    loaded() {
      loaded = true;
    },
  };
}
