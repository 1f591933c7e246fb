/**
 * In `astro dev`, Astro writes its map of the pictures frontmatter names (.astro/content-assets.mjs) on a timer of its
 * own, and reloads the page when it changes. But when two writes of the map overlap, Astro writes the older one again
 * (withastro/astro#15672): the map then lacks a picture until the next change, and the page shows "Local images must be
 * imported" however often it is reloaded. The loader (dev-mistakes.ts) hands each entry whose pictures changed to
 * `picturesMapKeeper`, which reads the map each time Astro writes it, and asks Astro to write it again while it lacks
 * the entry's pictures; Astro's write of the right map reloads the page.
 */
import { type FSWatcher, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

type Store = LoaderContext['store'];
type Entry = NonNullable<ReturnType<Store['get']>>;
/** Asks Astro to write the map again from its entries (a method of Astro's store that its DataStore type leaves out). */
type MapWriter = { addAssetImports?: (assets: string[], filePath?: string) => void };

/** An entry's frontmatter pictures, as one comparable string. */
export const picturesOf = (entry: { assetImports?: string[] } | undefined) => [...(entry?.assetImports ?? [])].sort().join('\n');

/** The map's file name, in Astro's .astro folder (ASSET_IMPORTS_FILE). */
const picturesMap = 'content-assets.mjs';
/** How long to wait for a write of the map before asking for one: Astro writes it half a second after a change. */
const patience = 5_000;
/** How many times to ask Astro to write the map again for one change before giving up. */
const maxAsks = 3;

/** The specifier Astro's map imports an entry's picture by (imageSrcToImportId in astro/dist/assets/utils/resolveImports.js). */
const importId = (src: string, filePath: string) => `${src}?${new URLSearchParams({ astroContentImageFlag: '', importer: filePath })}`;

/** Watches Astro's map of pictures for the entries handed to it, until it has their pictures (see above). */
export function picturesMapKeeper(root: URL, store: Store) {
  const dotAstroDir = fileURLToPath(new URL('.astro/', root));
  /** Entries whose pictures the map lacks, by file, with how many times Astro was asked to write it again. */
  const lacking = new Map<string, { entry: Entry & { filePath: string }; asked: number }>();
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;

  const readMap = () => {
    try {
      return readFileSync(join(dotAstroDir, picturesMap), 'utf8');
    } catch {
      return ''; // Not written yet.
    }
  };
  const lacks = ({ filePath, assetImports = [] }: Entry & { filePath: string }, map: string) =>
    assetImports.some((src) => !map.includes(JSON.stringify(importId(src, filePath))));
  const writeMapAgain = (store as MapWriter).addAssetImports;
  const stop = () => {
    watcher?.close();
    watcher = undefined;
    clearTimeout(timer);
  };
  const wait = () => {
    // The folder, not the file: Astro replaces the file by renaming another onto it.
    watcher ??= watch(dotAstroDir, (_, name) => name === picturesMap && check()).on('error', stop);
    clearTimeout(timer);
    timer = setTimeout(check, patience).unref();
  };
  const check = () => {
    const map = readMap();
    for (const [file, waiting] of lacking) {
      if (!lacks(waiting.entry, map)) {
        lacking.delete(file);
      } else if (writeMapAgain && waiting.asked < maxAsks) {
        waiting.asked++;
        writeMapAgain(waiting.entry.assetImports ?? [], waiting.entry.filePath);
      } else {
        lacking.delete(file);
      }
    }
    if (lacking.size > 0) wait();
    else stop();
  };

  /** The entry as just stored: its pictures changed. */
  return (entry: Entry | undefined) => {
    if (!entry?.filePath || !entry.assetImports?.length) return;
    const stored = { ...entry, filePath: entry.filePath };
    if (!lacks(stored, readMap())) return;
    lacking.set(entry.filePath, { entry: stored, asked: 0 });
    wait();
  };
}
