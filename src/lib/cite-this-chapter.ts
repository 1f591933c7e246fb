/** How to cite a chapter of the book, in the two styles readers ask for most, written by citation-js. Pure: tests call it directly. */
import { narrative, parenthetical, references } from './apa.ts';
import type { CslItem } from './bibliography-loader.ts';
import { Cite } from './csl.ts';

export interface ChapterCitation {
  authors: string[];
  year: number;
  chapter: number;
  title: string;
  bookTitle: string;
  /** The chapter's canonical address, when the build knows the site's (SITE_URL). */
  url: string | undefined;
  /** The book's address (its home page), likewise. */
  bookUrl: string | undefined;
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

/** The whole book as a source in CSL-JSON: its authors wrote every chapter, and publish it themselves (no publisher, 9.29). */
const bookSource = (c: ChapterCitation): CslItem => ({
  id: 'megacities',
  type: 'book',
  author: c.authors.map((name) => ({ literal: name })),
  title: c.bookTitle.replace(/\.$/, ''),
  issued: { 'date-parts': [[c.year]] },
  ...(c.bookUrl ? { URL: c.bookUrl } : {}),
});

/**
 * A chapter in APA 7, as the Publication Manual has a chapter of an authored book cited (10.3): the reference list names
 * the whole book, and the citation in the text names the chapter. `reference` is HTML (the title in italics) with the
 * book's address after it; `parenthetical` and `narrative` are plain text.
 */
export function apa(c: ChapterCitation): { reference: string; parenthetical: string; narrative: string } {
  const book = bookSource(c);
  const [{ html, link } = { html: '' }] = references([book]);
  const chapter = `chapter ${c.chapter}`;
  return { reference: link ? `${html} ${link}` : html, parenthetical: `(${parenthetical(book, chapter)})`, narrative: narrative(book, chapter) };
}

/** A BibTeX entry, as citation-js writes it; the key is stable (megacities_chapter1). */
export function bibtex(c: ChapterCitation): string {
  return (new Cite(asSource(c)).format('bibtex') as string).trim();
}
