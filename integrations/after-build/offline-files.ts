/**
 * Which files a built page needs to work offline, read from its HTML at build time: its styles and
 * icons, every size of every picture (the browser picks one by screen), every island's scripts (so
 * boxes, tips and dialogs still open), the pages and PDFs it frames, and what its CSS refers to.
 */
import { type PageRefs, pageRefs } from './page-refs.ts';
import { downloadsFolder } from '../../src/lib/downloads.ts';

/** A site path (base included) to the file's text or bytes, or undefined if the build has no such file. */
export type ReadFile = (sitePath: string) => Uint8Array | undefined;

/** Every URL of a srcset. */
const srcsetUrls = (srcset: string | undefined) => (srcset ?? '').split(',').flatMap((candidate) => candidate.trim().split(/\s+/)[0] || []);

/** Module specifiers a built chunk loads: static imports, dynamic import() and the preload lists bundlers write. */
export function chunkReferences(code: string): string[] {
  const found = [
    ...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g),
    ...code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g),
    ...code.matchAll(/["'](\.{0,2}\/?_astro\/[\w.-]+\.(?:js|css))["']/g),
    ...code.matchAll(/["'](\.\/[\w.-]+\.(?:js|css))["']/g),
  ];
  return [...new Set(found.map((match) => match[1] ?? ''))];
}

// Pages share their chunks: a reader that hands back the same bytes for a file gets each chunk parsed once per build.
const parsedChunks = new WeakMap<Uint8Array, string[]>();
const referencesOf = (bytes: Uint8Array): string[] => {
  let references = parsedChunks.get(bytes);
  if (!references) parsedChunks.set(bytes, (references = chunkReferences(new TextDecoder().decode(bytes))));
  return references;
};

/** url(...) references in a stylesheet, data: URLs left out. */
const cssUrls = (css: string) =>
  [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].flatMap((match) => (match[1] && !match[1].startsWith('data:') ? [match[1]] : []));

/**
 * The site paths a page needs offline, the page's own address first, each once and only files of
 * this site. `pageUrl` is the page's address on any origin; `base` the deployment's base path, against
 * which bundlers' preload lists ("_astro/x.js") are written.
 */
export function offlineFiles(
  page: string | PageRefs,
  pageUrl: URL,
  read: ReadFile,
  base = '/',
  depth = 1,
  refsOf?: (sitePath: string) => PageRefs | undefined,
): string[] {
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
  const addScript = (url: string | undefined, from: URL) => {
    const script = add(url, from);
    const bytes = script && read(script.pathname);
    const root = new URL(base, pageUrl);
    if (script && bytes) for (const spec of referencesOf(bytes)) addScript(spec, spec.startsWith('_astro/') ? root : script);
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
  for (const script of [...refs.scripts, ...refs.eagerIslandEntries, ...refs.idleIslandEntries, ...refs.islandEntries]) addScript(script, pageUrl);
  // Framed local pages (slides) with their own files, and local PDFs, framed or linked for download.
  for (const frame of refs.frames) {
    const framed = add(frame, pageUrl);
    const framedPage =
      framed && depth > 0 && !/\.[a-z0-9]+$/i.test(framed.pathname) ? (refsOf?.(framed.pathname) ?? text(framed.pathname)) : undefined;
    if (framed && framedPage) for (const path of offlineFiles(framedPage, framed, read, base, depth - 1, refsOf)) found.add(path);
  }
  for (const target of refs.links) {
    if (/\.pdf(?:[?#]|$)/i.test(target) && !new URL(target, pageUrl).pathname.startsWith(`${base}${downloadsFolder}/`)) add(target, pageUrl);
  }
  return [...found];
}
