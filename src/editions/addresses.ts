/**
 * Where a link of the book leads in an edition to take away: in a printed document, a page printed in it is a place in
 * it (#chapter-3--box-1); in an e-book or a ZIM, a page is a file of it (chapter-03.xhtml#box-1); any other page of the
 * book is its published address (SITE_URL); without one, nowhere.
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
const placeId = (route: string, id: string) => `${pageId(route)}--${id}`;

/** A chapter's number from a route of its pages: /index/Chapter3/BlockA → 3; /Introduction is Chapter 1. */
export function chapterOf(route: string): number | undefined {
  if (caseless(route) === caseless(paths.introduction)) return 1;
  const number = /^\/index\/Chapter(\d+)(?:\/|$)/i.exec(route)?.[1];
  return number ? Number(number) : undefined;
}

/** A page's file in an e-book or a ZIM, without its extension: /index/Chapter3/BlockA → chapter-03-blocka. */
export function pageFile(route: string): string {
  const [, chapter, page] = /^\/index\/Chapter(\d+)(?:\/([^/]+))?$/i.exec(route) ?? [];
  if (!chapter) throw new Error(`${route} is not a page of a chapter`);
  return `chapter-${chapter.padStart(2, '0')}${page ? `-${page.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}`;
}

/** The files before the chapters: the title page, the e-book's contents (the ZIM's are on its title page), the preface. */
export const frontFiles = { epub: ['title', 'contents', 'preface'], zim: ['title', 'preface'] } as const;

/** The editions whose pages are files of their own, and their files' extension. */
export const fileEditions = { epub: 'xhtml', zim: 'html' } as const;
export type FileEdition = keyof typeof fileEditions;

export interface Document {
  /** What the document is: printed (a PDF), or a file of an e-book or a ZIM, whose links a reader follows. */
  medium: 'print' | FileEdition;
  /** Where a page of the book (and a place on it) is in this document; undefined when the document does not hold it. */
  placeOf: (route: string, fragment: string | undefined) => string | undefined;
  /** The published book's address (SITE_URL), when it is known. */
  site: URL | undefined;
}

/** Where a link written as `url` in a chapter leads in this document; undefined when it can lead nowhere. */
export function editionHref(url: string, { medium, placeOf, site }: Document): string | undefined {
  if (isExternal(url) || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('#')) return url;
  if (!isBookPath(url)) return undefined;
  const [address = '', fragment] = url.split('#', 2) as [string, string | undefined];
  const route = routeOf(address.split('?')[0] ?? '', '/');
  // A ZIM carries the book's files too (the handout): a reader offline opens them from it.
  if (medium === 'zim' && /\.\w+$/.test(route)) return href(address) + (fragment ? `#${fragment}` : '');
  const page = caseless(route) === caseless(paths.introduction) ? paths.chapter(1) : route;
  const place = chapterOf(route) === undefined ? undefined : placeOf(page, fragment);
  if (place !== undefined) return place;
  // The page's own spelling (/index/Chapter2, not /Index/Chapter2), which needs no redirect.
  const canonical = chapterOf(route) === undefined ? address : address.replace(/^\/index(?=\/|$)/i, '/index');
  return site ? new URL(href(canonical) + (fragment ? `#${fragment}` : ''), site).href : undefined;
}

/**
 * The document a page of an edition is part of: /edition/print holds the whole book, /edition/print/3 Chapter 3;
 * /edition/epub/… and /edition/zim/… are files of one e-book or ZIM, which holds every page.
 */
export function documentOf(url: URL, site: URL | undefined): Document {
  const edition = /\/edition\/(epub|zim)\//.exec(url.pathname)?.[1] as FileEdition | undefined;
  if (edition)
    return { medium: edition, placeOf: (route, fragment) => `${pageFile(route)}.${fileEditions[edition]}${fragment ? `#${fragment}` : ''}`, site };
  const only = /\/edition\/print\/(\d+)\/?$/.exec(url.pathname)?.[1];
  return {
    medium: 'print',
    placeOf: (route, fragment) =>
      only === undefined || Number(only) === chapterOf(route) ? `#${fragment ? placeId(route, fragment) : pageId(route)}` : undefined,
    site,
  };
}
