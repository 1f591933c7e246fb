/** How to cite a chapter of the book, in the two styles readers ask for most, written by citation-js. Pure: tests call it directly. */
import { Cite, style } from './csl.ts';

export interface ChapterCitation {
  authors: string[];
  year: number;
  chapter: number;
  title: string;
  bookTitle: string;
  /** The chapter's canonical address, when the build knows the site's (SITE_URL). */
  url: string | undefined;
}

/** The chapter as a source in CSL-JSON, for the book's citation style. */
function asSource(c: ChapterCitation) {
  return {
    id: `megacities_chapter${c.chapter}`,
    'citation-key': `megacities_chapter${c.chapter}`,
    type: 'chapter',
    // The members' names as they give them: not split into given and family names.
    author: c.authors.map((name) => ({ literal: name })),
    title: c.title,
    'container-title': c.bookTitle.replace(/\.$/, ''),
    'chapter-number': String(c.chapter),
    issued: { 'date-parts': [[c.year]] },
    ...(c.url ? { URL: c.url } : {}),
  };
}

/**
 * APA 7 style for a chapter of an authored web book, as the book's style writes it: HTML, the book's title in italics.
 * The authors publish it themselves, so no publisher repeats them (APA 9.25).
 */
export function apa(c: ChapterCitation): string {
  const html = new Cite(asSource(c)).format('bibliography', { style, format: 'html' }) as string;
  return html
    .trim()
    .replace(/^<div[^>]*>\s*<div[^>]*>|<\/div>\s*<\/div>$/g, '')
    .trim();
}

/** A BibTeX entry, as citation-js writes it; the key is stable (megacities_chapter1). */
export function bibtex(c: ChapterCitation): string {
  return (new Cite(asSource(c)).format('bibtex') as string).trim();
}
