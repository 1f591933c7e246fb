/**
 * Data saver, build side: every lazily loaded image and frame of a built page gets `data-size`, what
 * fetching it costs the reader ('44 KB'), so the placeholder that stands in for it can say so.
 * Pure functions over HTML; integrations/after-build/data-saver-sizes.ts runs them on dist/ after the build.
 */
import { gzipSync } from 'node:zlib';
import { attr, startTag } from './page-refs.ts';
import { formatSize } from '../../src/lib/file-size.ts';

/** Bytes a host sends for a file: text is compressed (SVG too), raster images and PDFs already are (as `npm run budget` counts). */
export function servedSize(path: string, content: Uint8Array): number {
  return /\.(svg|html|css|js|mjs|json|txt|xml)$/i.test(path) ? gzipSync(content, { level: 9 }).length : content.byteLength;
}

/** Bytes of a URL as written in the page, or undefined when it is not a file of this build (another host). */
export type SizeOfUrl = (url: string) => number | undefined;

const isLazy = (tag: string) => attr(tag, 'loading')?.toLowerCase() === 'lazy';

/** The largest file a srcset (or src) can fetch: an upper bound where a srcset offers several widths. */
function candidatesSize(tag: string, sizeOf: SizeOfUrl): number | undefined {
  const srcset = attr(tag, 'srcset') ?? '';
  const urls = [...srcset.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''), attr(tag, 'src') ?? ''].filter(Boolean);
  const sizes = urls.map(sizeOf);
  const known = sizes.filter((size) => size !== undefined);
  return urls.length > 0 && known.length === urls.length ? Math.max(...known) : undefined;
}

/** The start tag with `data-size` added (or replaced). */
function withSize(tag: string, bytes: number | undefined): string {
  if (bytes === undefined) return tag;
  const bare = tag.replace(/\sdata-size=(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '');
  return bare.replace(/\s*\/?>$/, (end) => ` data-size="${formatSize(bytes)}"${end}`);
}

/**
 * Adds `data-size` to every lazily loaded <img> and <iframe>, and to the <source>s of a <picture>
 * whose <img> is lazy (the browser picks one of them at run time, so each says its own size).
 */
export function annotateLazyMedia(html: string, sizeOf: SizeOfUrl): string {
  // <noscript> content is text when scripts run, and pictures there are never held: left as written.
  const pattern = new RegExp(`<noscript\\b[\\s\\S]*?</noscript>|<picture\\b[\\s\\S]*?</picture>|${startTag('img')}|${startTag('iframe')}`, 'gi');
  return html.replace(pattern, (block) => {
    if (/^<noscript/i.test(block)) return block;
    if (!/^<picture/i.test(block)) return isLazy(block) ? withSize(block, candidatesSize(block, sizeOf)) : block;
    const img = new RegExp(startTag('img'), 'i').exec(block)?.[0];
    if (!img || !isLazy(img)) return block;
    return block.replace(new RegExp(`${startTag('source')}|${startTag('img')}`, 'gi'), (tag) => withSize(tag, candidatesSize(tag, sizeOf)));
  });
}
