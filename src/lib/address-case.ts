/**
 * Addresses that differ only in letter case. Hosts with redirect rules send /Index/Chapter2 to /index/Chapter2;
 * on a host without them (GitHub Pages) the not-found page does it (src/pages/404.astro).
 */
import { routeOf } from './routes.ts';

/** An address without its trailing slash (routeOf's form), or its letter case: /Index/Chapter2/ and /index/chapter2 are one. */
export const caseless = (path: string): string => routeOf(path, '/').toLowerCase();

/** Root-relative link targets in MDX or Markdown: href="/…" and ](/…), without a fragment or query. */
const linkTargets = /(?:\bhref=["']|\]\()(\/[^"')\s#?]*)/g;

/** The pages that `sources` link to in another letter case than their own address (the Introduction's /Index/Chapter2). */
export function pagesLinkedInAnotherCase(sources: string[], pagePaths: string[]): string[] {
  const byCaseless = new Map(pagePaths.map((path) => [caseless(path), path]));
  const found = new Set<string>();
  for (const source of sources) {
    for (const [, target] of source.matchAll(linkTargets)) {
      const page = byCaseless.get(caseless(target!));
      if (page !== undefined && page !== routeOf(target!, '/')) found.add(page);
    }
  }
  return [...found];
}
