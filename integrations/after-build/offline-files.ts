/**
 * Which files a built page needs to work offline, read from its HTML at build time: its styles and
 * icons, every size of every picture (the browser picks one by screen), every island's scripts (so
 * boxes, tips and dialogs still open), the pages and PDFs it frames, and what its CSS refers to.
 */
import { type ModuleGraph, moduleClosure } from './module-graph.ts';
import { type PageRefs, pageRefs } from './page-refs.ts';
import { downloadsFolder } from '../../src/lib/downloads.ts';

/** A site path (base included) to the file's text or bytes, or undefined if the build has no such file. */
type ReadFile = (sitePath: string) => Uint8Array | undefined;

/** Every URL of a srcset. */
const srcsetUrls = (srcset: string | undefined) => (srcset ?? '').split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []);

/** url(...) references in a stylesheet, data: URLs left out. */
const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].flatMap((match) => (match[1] && !match[1].startsWith('data:') ? [match[1]] : []));

/** The built site as offlineFiles reads it. */
export interface OfflineSite {
  read: ReadFile;
  /** The client build's modules (vite/client-modules.ts). */
  modules: ModuleGraph;
  /** The deployment's base path, '/' or '/book/'. */
  base: string;
  /** A page parsed already, by site path: framed pages are read through it. */
  refsOf?: (sitePath: string) => PageRefs | undefined;
}

/**
 * The site paths a page needs offline, the page's own address first, each once and only files of
 * this site. `pageUrl` is the page's address on any origin.
 */
export function offlineFiles(page: string | PageRefs, pageUrl: URL, site: OfflineSite, depth = 1): string[] {
  const { read, modules, base, refsOf } = site;
  const found = new Set<string>([pageUrl.pathname]);
  const text = (path: string) => {
    const bytes = read(path);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  };
  const add = (url: string | undefined, from: URL) => {
    if (!url) return undefined;
    const resolved = new URL(url, from);
    if (resolved.origin !== pageUrl.origin || found.has(resolved.pathname) || read(resolved.pathname) === undefined) return undefined;
    found.add(resolved.pathname);
    return resolved;
  };
  // A script with every module it may load: its imports, its import()s and their styles.
  const addScript = (url: string | undefined) => {
    const script = add(url, pageUrl);
    if (script) for (const path of moduleClosure([script.pathname], modules, base, { everything: true })) add(path, pageUrl);
  };
  // A page parsed already gives what it refers to; a framed page is read through refsOf too.
  const refs = typeof page === 'string' ? pageRefs(page) : page;
  for (const sheet of refs.stylesheets) {
    const css = add(sheet, pageUrl);
    const code = css && text(css.pathname);
    if (css && code !== undefined) for (const url of cssUrls(code)) add(url, css);
  }
  for (const icon of refs.icons) add(icon, pageUrl);
  for (const image of refs.images) {
    for (const url of [image.src, ...srcsetUrls(image.srcset), ...image.sources.flatMap((s) => srcsetUrls(s.srcset))]) add(url, pageUrl);
  }
  for (const script of [...refs.scripts, ...refs.eagerIslandEntries, ...refs.idleIslandEntries, ...refs.islandEntries]) addScript(script);
  // Framed local pages (slides) with their own files, and local PDFs, framed or linked for download.
  for (const frame of refs.frames) {
    const framed = add(frame, pageUrl);
    const framedPage =
      framed && depth > 0 && !/\.[a-z0-9]+$/i.test(framed.pathname) ? (refsOf?.(framed.pathname) ?? text(framed.pathname)) : undefined;
    if (framed && framedPage) for (const path of offlineFiles(framedPage, framed, site, depth - 1)) found.add(path);
  }
  for (const target of refs.links) {
    if (/\.pdf(?:[?#]|$)/i.test(target) && !new URL(target, pageUrl).pathname.startsWith(`${base}${downloadsFolder}/`)) add(target, pageUrl);
  }
  return [...found];
}
