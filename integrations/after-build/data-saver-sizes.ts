/**
 * Data saver, build side: every lazily loaded image and frame of a built page gets `data-size`, what fetching it
 * costs the reader ('44 KB'), read from the files themselves, so the placeholder that stands in for it can say so.
 */
import { gzipSync } from 'node:zlib';
import type { AstroIntegrationLogger } from 'astro';
import type { BuiltSite } from './built-site.ts';
import { attribute, type Element, inside, type ParsedPage, parsePage } from './html.ts';
import { chosenImage, viewports } from './image-choice.ts';
import { pageRefs } from './page-refs.ts';
import { formatSize } from '../../src/lib/file-size.ts';

/** Writes the sizes into every page. Runs before the offline worker's step, which fingerprints the pages. */
/** `pages` are the build's pages parsed, by their file. */
export function writeDataSaverSizes(site: BuiltSite, pages: Map<string, ParsedPage>, logger: AstroIntegrationLogger): void {
  const sizes = new Map<string, number | undefined>();
  const sizeOfPath = (path: string): number | undefined => {
    if (!sizes.has(path)) sizes.set(path, measure(path));
    return sizes.get(path);
  };
  // A page in a frame costs its HTML and what it loads with it (stylesheets, scripts, the pictures a phone fetches).
  const measure = (path: string): number | undefined => {
    const file = site.fileOf(path);
    const content = site.bytes(path);
    if (!file || !content) return undefined;
    if (!file.endsWith('.html')) return servedSize(file, content);
    const refs = pageRefs(pages.get(file)?.all ?? content.toString('utf8'));
    const page = new URL(path, 'http://site');
    const parts = [...refs.stylesheets, ...refs.scripts, ...refs.images.map((image) => chosenImage(image, viewports.phone))];
    const local = parts.flatMap((url) => (url ? [new URL(url, page)] : [])).filter((url) => url.origin === page.origin);
    return local.reduce((sum, url) => sum + (sizeOfPath(url.pathname) ?? 0), servedSize(file, content));
  };
  let annotated = 0;
  for (const page of pages.values()) {
    const url = new URL(page.path, 'http://site');
    const sized = lazyMediaSizes(page, (written) => {
      const target = new URL(written, url);
      return target.origin === url.origin ? sizeOfPath(target.pathname) : undefined;
    });
    if (sized > 0) annotated += 1;
  }
  logger.info(`sizes of lazily loaded images and frames worked out for ${annotated} pages`);
}

/** Bytes a host sends for a file: text is compressed (SVG too), raster images and PDFs already are (as `npm run budget` counts). */
export function servedSize(path: string, content: Uint8Array): number {
  return /\.(svg|html|css|js|mjs|json|txt|xml)$/i.test(path) ? gzipSync(content, { level: 9 }).length : content.byteLength;
}

/** Bytes of a URL as written in the page, or undefined when it is not a file of this build (another host). */
export type SizeOfUrl = (url: string) => number | undefined;

const isLazy = (element: Element) => attribute(element, 'loading')?.toLowerCase() === 'lazy';

/** The largest file a srcset (or src) can fetch: an upper bound where a srcset offers several widths. */
function candidatesSize(element: Element, sizeOf: SizeOfUrl): number | undefined {
  const srcset = attribute(element, 'srcset') ?? '';
  const urls = [...srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''), attribute(element, 'src') ?? ''].filter(Boolean);
  const sizes = urls.map(sizeOf);
  const known = sizes.filter((size) => size !== undefined);
  return urls.length > 0 && known.length === urls.length ? Math.max(...known) : undefined;
}

/** Whether the browser holds this element's fetch as a lazy one: a lazy <img> or <iframe>, or a <source> of a lazy <img>'s <picture>. */
function heldLazy(element: Element, all: Element[]): boolean {
  if (inside(element, 'noscript')) return false;
  if (element.tagName === 'img' || element.tagName === 'iframe') return isLazy(element);
  const picture = element.tagName === 'source' ? inside(element, 'picture') : undefined;
  const img = picture && all.find((other) => other.tagName === 'img' && other.parent === picture);
  return img !== undefined && isLazy(img);
}

/**
 * Adds `data-size` to every lazily loaded <img> and <iframe>, and to the <source>s of a <picture>
 * whose <img> is lazy (the browser picks one of them at run time, so each says its own size).
 * Pictures in <noscript> are its text while scripts run, never held: left as written.
 */
export function annotateLazyMedia(html: string, sizeOf: SizeOfUrl): string {
  const page = parsePage('', html);
  return lazyMediaSizes(page, sizeOf) === 0 ? html : page.edits.apply().html;
}

/** annotateLazyMedia() as edits of a parsed page; how many elements it sizes. */
function lazyMediaSizes({ all, edits }: ParsedPage, sizeOf: SizeOfUrl): number {
  let sized = 0;
  for (const element of all.filter((candidate) => heldLazy(candidate, all))) {
    const bytes = candidatesSize(element, sizeOf);
    if (bytes === undefined) continue;
    edits.setAttribute(element, 'data-size', formatSize(bytes));
    sized += 1;
  }
  return sized;
}
