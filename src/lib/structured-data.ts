/** schema.org descriptions of the book and its chapters, as JSON-LD for search engines. Pure. */
export interface BookFacts {
  name: string;
  description: string;
  /** Absolute addresses, known only when the build has the site's address (SITE_URL). */
  url: string | undefined;
  authors: string[];
  year: number;
  /** The address of the book's licence (schema.org's license takes it). */
  licence: string;
  chapters: { number: number; title: string; url: string | undefined }[];
}

const book = (facts: BookFacts) => ({
  '@type': 'Book',
  name: facts.name,
  url: facts.url,
  inLanguage: 'en',
  isAccessibleForFree: true,
  copyrightYear: facts.year,
  license: facts.licence,
  author: facts.authors.map((name) => ({ '@type': 'Person', name })),
});

/** The whole book with its chapters in order (home and contents pages). */
export function bookWithChapters(facts: BookFacts) {
  return {
    '@context': 'https://schema.org',
    ...book(facts),
    description: facts.description,
    hasPart: facts.chapters.map((c) => ({ '@type': 'Chapter', position: c.number, name: c.title, url: c.url })),
  };
}

/** One chapter, as part of the book (chapter pages), named by its title and address: home and contents describe it whole. */
export function chapterOfBook(facts: BookFacts, number: number) {
  const chapter = facts.chapters.find((c) => c.number === number);
  if (!chapter) throw new Error(`The book has no chapter ${number}.`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Chapter',
    position: number,
    name: chapter.title,
    url: chapter.url,
    license: facts.licence,
    isPartOf: { '@type': 'Book', name: facts.name, url: facts.url },
  };
}

/** JSON for a <script type="application/ld+json">: "</script>" inside a string cannot end the element. */
export const jsonLd = (data: unknown) => JSON.stringify(data).replaceAll('<', '\\u003c');
