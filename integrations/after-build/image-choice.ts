/**
 * Which file a browser fetches for an image at a given window width: its <picture>'s sources, their media and
 * types, and the largest candidate of a srcset. Used by the data-saver sizes and the bench.
 */

/** The viewport widths the report measures and the browser tests use (tests/playwright.config.ts). */
export const viewports = { phone: 375, desktop: 1280 } as const;
export type Viewport = keyof typeof viewports;

/** One image of a page: its <img> and, inside a <picture>, the <source>s a browser weighs first. */
export interface ImageRef {
  src: string | undefined;
  srcset: string | undefined;
  sources: { srcset: string; media: string | undefined; type: string | undefined }[];
}

// Image types a current browser decodes; a <source> of any other type is passed over, as a browser would.
const decodable = /^image\/(avif|webp|png|jpeg|gif|svg\+xml)$/i;

/**
 * The file a browser this wide fetches for an image: the first <source> whose type it decodes and
 * whose media matches, else the <img>. Of a srcset it counts the largest candidate, what a
 * high-density screen fetches: an upper bound. Lazy images count as fetched: an upper bound too.
 */
export function chosenImage(image: ImageRef, width: number): string | undefined {
  const source = image.sources.find(
    (s) => (s.type === undefined || decodable.test(s.type)) && (s.media === undefined || mediaMatches(s.media, width)),
  );
  return largestCandidate(source?.srcset ?? image.srcset ?? '') ?? image.src;
}

/** The URL of a srcset's largest candidate (by its w or x descriptor), or undefined for an empty srcset. */
export function largestCandidate(srcset: string): string | undefined {
  const candidates = srcset.split(',').flatMap((candidate) => {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    return url ? [{ url, scale: Number.parseFloat(descriptor) }] : [];
  });
  return candidates.sort((a, b) => b.scale - a.scale)[0]?.url;
}

/** Whether a media query holds at this viewport width. Only width conditions are read; any other counts as true. */
export function mediaMatches(query: string, width: number): boolean {
  return query.split(',').some((part) => [...part.matchAll(/\(([^()]*)\)/g)].every(([, condition = '']) => widthHolds(condition, width)));
}

const px = (length: string) => Number.parseFloat(length) * (/r?em$/i.test(length) ? 16 : 1);

const compare: Record<string, (width: number, limit: number) => boolean> = {
  '>=': (width, limit) => width >= limit,
  '<=': (width, limit) => width <= limit,
  '>': (width, limit) => width > limit,
  '<': (width, limit) => width < limit,
  '=': (width, limit) => width === limit,
};

/** One condition in parentheses: `width >= 75rem`, `min-width: 1200px`, `max-width: 40em`; any other holds. */
function widthHolds(condition: string, width: number): boolean {
  const range = /^\s*width\s*(>=|<=|>|<|=)\s*([\d.]+[a-z]*)\s*$/i.exec(condition);
  const minMax = /^\s*(min|max)-width\s*:\s*([\d.]+[a-z]*)\s*$/i.exec(condition);
  const operator = range?.[1] ?? (minMax ? (minMax[1]?.toLowerCase() === 'min' ? '>=' : '<=') : '');
  return compare[operator]?.(width, px(range?.[2] ?? minMax?.[2] ?? '')) ?? true;
}
