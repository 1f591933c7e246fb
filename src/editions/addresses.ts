/**
 * Where a link of the book leads in an edition to take away: a page printed in the same document is a place in it
 * (#chapter-3--box-1); any other page of the book is its published address (SITE_URL); without one, nowhere.
 */
import { caseless } from '../lib/address-case.ts';
import { isBookPath, isExternal } from '../lib/links.ts';
import { href, paths, routeOf } from '../lib/routes.ts';

/** The id of a printed page's article, and the prefix of every id inside it: /index/Chapter3/BlockA → chapter-3-blocka. */
export function pageId(route: string): string {
  const [, chapter, page] = /^\/index\/Chapter(\d+)(?:\/([^/]+))?$/i.exec(route) ?? [];
  if (!chapter) throw new Error(`${route} is not a page of a chapter`);
  return page ? `chapter-${chapter}-${page.toLowerCase()}` : `chapter-${chapter}`;
}

/** The id an element of a printed page has in the whole document. */
export const placeId = (route: string, id: string) => `${pageId(route)}--${id}`;

/** A chapter's number from a route of its pages: /index/Chapter3/BlockA → 3; /Introduction is Chapter 1. */
export function chapterOf(route: string): number | undefined {
  if (caseless(route) === caseless(paths.introduction)) return 1;
  const number = /^\/index\/Chapter(\d+)(?:\/|$)/i.exec(route)?.[1];
  return number ? Number(number) : undefined;
}

export interface Document {
  /** Whether a chapter's pages are in this document (every chapter's in the whole book, one chapter's in its PDF). */
  holds: (chapter: number) => boolean;
  /** The published book's address (SITE_URL), when it is known. */
  site: URL | undefined;
}

/** Where a link written as `url` in a chapter leads in this document; undefined when it can lead nowhere. */
export function editionHref(url: string, { holds, site }: Document): string | undefined {
  if (isExternal(url) || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('#')) return url;
  if (!isBookPath(url)) return undefined;
  const [address = '', fragment] = url.split('#', 2) as [string, string | undefined];
  const route = routeOf(address.split('?')[0] ?? '', '/');
  const chapter = chapterOf(route);
  if (chapter !== undefined && holds(chapter)) {
    const page = caseless(route) === caseless(paths.introduction) ? paths.chapter(1) : route;
    return `#${fragment ? placeId(page, fragment) : pageId(page)}`;
  }
  return site ? new URL(href(address) + (fragment ? `#${fragment}` : ''), site).href : undefined;
}

/** The document a page of an edition is: /edition/print holds the whole book, /edition/print/3 Chapter 3. */
export function documentOf(url: URL, site: URL | undefined): Document {
  const only = /\/edition\/print\/(\d+)\/?$/.exec(url.pathname)?.[1];
  return { holds: (chapter) => only === undefined || Number(only) === chapter, site };
}
