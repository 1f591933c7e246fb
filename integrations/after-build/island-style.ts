import type { BuiltSite } from './built-site.ts';
import { elements, inside } from './html.ts';

/** The rule Astro writes beside a page's first island, in <body>, where HTML allows no <style> (the W3C checker says so). */
const islandRule = 'astro-island,astro-slot,astro-static-slot{display:contents}';

/** Moves Astro's island <style> from the body to the end of the head: the same rule, the same hash, valid HTML. */
export function moveIslandStyleToHead(html: string): string {
  const style = elements(html).find((element) => element.tagName === 'style' && element.text === islandRule && inside(element, 'body'));
  const headEnd = html.indexOf('</head>');
  if (!style || headEnd < 0) return html;
  const end = html.indexOf('</style>', style.end) + '</style>'.length;
  const tag = html.slice(style.start, end);
  return html.slice(0, headEnd) + tag + html.slice(headEnd, style.start) + html.slice(end);
}

/** moveIslandStyleToHead() on every page of the build. */
export function writeIslandStylesInHead(site: BuiltSite): void {
  for (const path of site.htmlFiles()) site.rewrite(path, moveIslandStyleToHead(site.text(path) ?? ''));
}
