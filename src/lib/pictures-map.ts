/**
 * In `astro dev`, Astro writes its map of the pictures frontmatter names (.astro/content-assets.mjs) on a timer of its
 * own, just after the content store, whose write reloads the page. A page reloaded in between fails with "Local images
 * must be imported" and stays on it. The loader reloads the page once more when the map is written (dev-mistakes.ts).
 */
import { type FSWatcher, watch } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** An entry's frontmatter pictures, as one comparable string. */
export const picturesOf = (entry: { assetImports?: string[] } | undefined) => [...(entry?.assetImports ?? [])].sort().join('\n');

/** Astro's map of the pictures content entries import, in its .astro folder (ASSET_IMPORTS_FILE). */
const picturesMap = 'content-assets.mjs';
/** How long to wait for the map: Astro writes it half a second after a change, and not at all if it stays the same. */
const picturesMapPatience = 5_000;

/** Runs callbacks once Astro next writes its map of pictures, or drops them if it does not write it for a while. */
export function picturesMapWaiter(root: URL) {
  const dotAstroDir = fileURLToPath(new URL('.astro/', root));
  let pending: { watcher: FSWatcher; timer?: NodeJS.Timeout; callbacks: Set<() => void> } | undefined;
  const settle = (run: boolean) => {
    if (!pending) return;
    const { watcher, timer, callbacks } = pending;
    pending = undefined;
    watcher.close();
    clearTimeout(timer);
    if (run) for (const callback of callbacks) callback();
  };
  return (callback: () => void) => {
    // The folder, not the file: Astro replaces the file by renaming another onto it.
    pending ??= { watcher: watch(dotAstroDir, (_, name) => name === picturesMap && settle(true)).on('error', () => settle(true)), callbacks: new Set() };
    pending.callbacks.add(callback);
    // Each change gives Astro its own while to write the map.
    clearTimeout(pending.timer);
    pending.timer = setTimeout(() => settle(false), picturesMapPatience).unref();
  };
}
