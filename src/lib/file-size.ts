import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A size as readers say it: 870 bytes, 24 KB, 1.3 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The size of a file this site serves from public/ (e.g. /handouts/x.pdf); the build stops if it is missing. */
export function publicFileSize(path: string): number {
  const file = join(process.cwd(), 'public', path.split(/[?#]/)[0] ?? path);
  try {
    return statSync(file).size;
  } catch {
    throw new Error(`${path} is not in public/. Put the file at public${path}, or correct the address.`);
  }
}

/** Bytes a host sends for a file: text is compressed (SVG too), raster images and PDFs already are (as `npm run budget` counts). */
export function servedSize(name: string, content: Uint8Array | string): number {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return /\.(svg|html|css|js|mjs|json|txt|xml|mdx?)$/i.test(name) ? gzipSync(bytes, { level: 9 }).length : bytes.byteLength;
}

/** An address with a scheme (https:, data:) or a host (//): not a file of this book. */
const elsewhere = /^([a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * What fetching a picture a file names costs, as written there: from / a file of public/ (as Astro serves it), any
 * other path from the file's folder. Undefined for another site's picture, or one that is not there (the check names it).
 */
export function pictureSize(namedIn: string, written: string): number | undefined {
  if (elsewhere.test(written)) return undefined;
  try {
    const path = decodeURI(written.split(/[?#]/)[0] ?? '');
    return servedSize(path, readFileSync(path.startsWith('/') ? join(process.cwd(), 'public', path) : resolve(dirname(namedIn), path)));
  } catch {
    return undefined;
  }
}

/** The pictures a Markdown text names by path (![…](./images/x.svg)), as written. */
export const markdownPictures = (text: string): string[] => [...text.matchAll(/!\[[^\]]*\]\((\.{1,2}\/[^)\s]+)/g)].map(([, path]) => path ?? '');
