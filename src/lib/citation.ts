/** How to cite a chapter of the book, in the two styles readers ask for most. Pure: tests call it directly. */
export interface ChapterCitation {
  authors: string[];
  year: number;
  chapter: number;
  title: string;
  bookTitle: string;
  /** The chapter's canonical address, when the build knows the site's (SITE_URL). */
  url: string | undefined;
}

/** Authors as APA joins them: "A", "A & B", "A, B, & C". */
function apaAuthors(authors: string[]): string {
  if (authors.length < 2) return authors[0] ?? '';
  return `${authors.slice(0, -1).join(', ')}${authors.length > 2 ? ',' : ''} & ${authors.at(-1)}`;
}

/** APA 7 style for a chapter of an authored web book (plain text; the book title is italic where shown). */
export function apa(c: ChapterCitation): string {
  const title = /[.?!]$/.test(c.title) ? c.title : `${c.title}.`;
  return `${apaAuthors(c.authors)} (${c.year}). ${title} In ${c.bookTitle.replace(/\.$/, '')} (Chapter ${c.chapter}).${c.url ? ` ${c.url}` : ''}`;
}

/** BibTeX's special characters, escaped for a field value. */
const bibtexEscape = (text: string) => text.replace(/([{}%&$#_])/g, '\\$1');

/** A BibTeX @incollection entry; the key is stable (megacities-chapter1). */
export function bibtex(c: ChapterCitation): string {
  const fields: [string, string][] = [
    ['author', c.authors.map(bibtexEscape).join(' and ')],
    ['title', bibtexEscape(c.title)],
    ['booktitle', bibtexEscape(c.bookTitle.replace(/\.$/, ''))],
    ['chapter', String(c.chapter)],
    ['year', String(c.year)],
    ...(c.url ? [['url', c.url] as [string, string]] : []),
  ];
  return `@incollection{megacities-chapter${c.chapter},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}`;
}
