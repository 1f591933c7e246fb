/**
 * The offline worker's address under the base path (with data saver on, it keeps only what the reader opened), and the
 * message every page sends it (sw.ts). A module of its own: every page's script imports it, and importing offline-cache.ts there would make Vite split that
 * module into a file every page fetches, as the offline page's script imports it too.
 */
export const workerUrl = (base: string, saver: boolean) => `${base}sw.js${saver ? '?saver=on' : ''}`;

/** The message a page sends the worker with the pages read in its tab, whose files (pictures, code, frames) it then keeps. */
export const keepPagesMessage = 'KEEP_PAGES';
