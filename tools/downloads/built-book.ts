/**
 * The book as `npm run build` left it in dist/: its facts (the home page's structured data) and its pages in
 * reading order (the "Next" links from the first chapter), each parsed once. The downloads are made from what
 * readers get, never from the sources again.
 */
import type { Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { BuiltSite } from '../../integrations/after-build/built-site.ts';
import { caseless } from '../../src/lib/address-case.ts';
import { paths } from '../../src/lib/routes.ts';
import { classesOf } from './static-page.ts';

export interface BookFacts {
  title: string;
  description: string;
  /** The language of the pages (the html element's lang). */
  language: string;
  authors: string[];
  year: number;
  /** The book's address, when it was built with SITE_URL; undefined otherwise. */
  url: string | undefined;
}

export interface BookPage {
  /** The page's route: /index/Chapter3/BlockA. */
  route: string;
  /** "Chapter 3" for a chapter, the chapter's title for a sub-page: the line above the title. */
  pre: string;
  title: string;
  /** Whether it is a chapter (a sub-page otherwise). */
  chapter: boolean;
  document: Document;
}

export interface BuiltBook {
  site: BuiltSite;
  facts: BookFacts;
  pages: BookPage[];
}

const byClass = (name: string) => (element: Element) => classesOf(element).includes(name);
export const findOne = (test: (element: Element) => boolean, root: Document | Element): Element | null => DomUtils.findOne(test, root.children, true);
const text = (element: Element | null): string => (element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '');

/** Reads the built book in `dist`, served under `base`. */
export function readBuiltBook(dist: string, base: string): BuiltBook {
  const site = new BuiltSite(dist, base);
  const home = site.text(site.sitePath(paths.home));
  if (home === undefined) throw new Error(`There is no built book in ${dist}: run npm run build first.`);
  const homeDocument = parseDocument(home);
  const data = findOne((element) => element.name === 'script' && element.attribs.type === 'application/ld+json', homeDocument);
  const book = JSON.parse(data ? DomUtils.textContent(data) : '{}') as {
    name: string;
    description: string;
    inLanguage: string;
    copyrightYear: number;
    url?: string;
    author: { name: string }[];
  };
  const facts: BookFacts = {
    title: book.name,
    description: book.description,
    language: findOne((element) => element.name === 'html', homeDocument)?.attribs.lang ?? book.inLanguage,
    authors: book.author.map((author) => author.name),
    year: book.copyrightYear,
    url: book.url,
  };

  const routes = new Map(site.routes().map((route) => [caseless(route), route]));
  const pages: BookPage[] = [];
  const visited = new Set<string>();
  let route: string | undefined = paths.chapter(1);
  while (route !== undefined && !visited.has(route)) {
    visited.add(route);
    const html = site.text(site.sitePath(route));
    if (html === undefined) throw new Error(`The built book has no page ${route}, which the reading order leads to.`);
    const document = parseDocument(html);
    const header = findOne(byClass('chapter__header'), document);
    pages.push({
      route,
      pre: text(header && findOne(byClass('chapter__pre'), header)),
      title: text(header && findOne((element) => element.name === 'h1', header)),
      chapter: /^\/index\/Chapter\d+$/.test(route),
      document,
    });
    const next = findOne((element) => element.name === 'a' && element.attribs.rel === 'next', document)?.attribs.href;
    route = next === undefined ? undefined : routes.get(caseless(next.slice(site.base.length - 1)));
  }
  return { site, facts, pages };
}

export { byClass, text };
