/** What a built page's parts weigh, raw and gzipped, for the bench's reports and budgets. */
import { gzipSync } from 'node:zlib';
import { elements } from '../../integrations/after-build/html.ts';

export interface Size {
  raw: number;
  gzip: number;
}

export const sizeOf = (content: string | Uint8Array): Size => ({
  raw: Buffer.byteLength(content),
  gzip: gzipSync(content, { level: 9 }).length,
});

/** What comes again with every page besides its own text: the page with its <main> emptied. */
export function furnitureOf(html: string): string {
  const main = elements(html).find((element) => element.tagName === 'main');
  const end = html.lastIndexOf('</main>');
  return main && end > main.end ? html.slice(0, main.end) + html.slice(end) : html;
}

export const addSizes = (sizes: Size[]): Size => sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });

/**
 * A page's inline scripts, gzipped together: they reach the reader inside one compressed HTML
 * stream, so gzipping each alone would count a header and a fresh dictionary per script.
 */
export const inlineScriptsSize = (scripts: string[]): Size => sizeOf(scripts.join(''));

/**
 * The inline scripts only one page runs, from each page's inline scripts: that page's own (kept in it, where a file
 * would cache nothing), not the shared ones the inline budget counts.
 */
export function onePageScripts(scriptsByPage: Iterable<string[]>): Set<string> {
  const pages = new Map<string, number>();
  for (const scripts of scriptsByPage) for (const code of new Set(scripts)) pages.set(code, (pages.get(code) ?? 0) + 1);
  return new Set([...pages].flatMap(([code, count]) => (count === 1 ? [code] : [])));
}

/** What an inline script is, for reports: Astro's island runtime, a client directive, or the page's own. */
export function inlineScriptKind(code: string): string {
  if (/customElements\.define\(["'`]astro-island/.test(code)) return 'Astro island runtime';
  const directive = /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)(?:\.([\w$]+)|\["([^"]+)"\])=/.exec(code);
  if (directive) return `client:${directive[1] ?? directive[2]} directive`;
  const start = code.trim().replace(/\s+/g, ' ');
  return `page script "${start.length > 40 ? `${start.slice(0, 40)}…` : start}"`;
}
