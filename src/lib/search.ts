/**
 * Pure helpers of the book's search (src/components/search/): where Pagefind's bundle lives and how
 * one of its results becomes what the dialog shows. No DOM here, so Vitest can check them.
 */

/** The subset of Pagefind's result data (`await result.data()`) the dialog uses. */
export interface PagefindResultData {
  url: string;
  /** Safe HTML: entities encoded, matches wrapped in <mark>. */
  excerpt: string;
  meta: Record<string, string | undefined>;
  sub_results?: { title: string; url: string; excerpt: string; anchor?: { id: string } }[];
}

/** One page of the book in the results: its chapter label, title and the sections that match. */
export interface ResultView {
  chapter: string;
  title: string;
  sections: { href: string; heading: string; excerpt: string }[];
}

/** The folder Pagefind's bundle is written to, relative to the site's root. */
export const bundleDir = 'pagefind';

/** Address of Pagefind's script under the site's base path ('/' or '/book/'). */
export function bundleUrl(base: string): string {
  return `${base.replace(/\/*$/, '/')}${bundleDir}/pagefind.js`;
}

/**
 * A page's address as the book writes it (/index/Chapter1#box-2): Pagefind names each page by its folder (/index/Chapter1/),
 * which is another address, so following a result to the page already open would load it again.
 */
const pageAddress = (url: string, base: string) =>
  url.replace(/^([^#]*?)\/(?=#|$)/, (path, folder: string) => (`${folder}/` === base || folder === '' ? path : folder));

/**
 * What the dialog shows for one page: the chapter label and title from the page's metadata, and
 * up to `maxSections` matching sections, each linking to its heading (or to the page itself when
 * the match is above the first heading). `base` is the site's base path.
 */
export function resultView(data: PagefindResultData, base = '/', maxSections = 3): ResultView {
  const title = data.meta['title'] ?? '';
  const subResults = data.sub_results?.length ? data.sub_results : [{ title, url: data.url, excerpt: data.excerpt }];
  return {
    chapter: data.meta['chapter'] ?? '',
    title,
    sections: subResults.slice(0, maxSections).map((sub) => ({ href: pageAddress(sub.url, base), heading: sub.title, excerpt: sub.excerpt })),
  };
}

/** The live region's sentence for a finished search: the templates' {count} and {query} are filled in. */
export function countMessage(count: number, query: string, templates: { none: string; one: string; many: string }): string {
  const template = count === 0 ? templates.none : count === 1 ? templates.one : templates.many;
  return template.replaceAll('{count}', String(count)).replaceAll('{query}', query);
}
