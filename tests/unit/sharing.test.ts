import { describe, expect, it } from 'vitest';
import { apa, bibtex } from '../../src/lib/cite-this-chapter.ts';
import { isListedPage } from '../../src/lib/routes.ts';
import { bookWithChapters, chapterOfBook, jsonLd } from '../../src/lib/structured-data.ts';

const citation = {
  authors: ['Ana Pérez', 'Ben Ode', 'Chen Li'],
  year: 2025,
  chapter: 3,
  title: 'Water, sanitation & health',
  bookTitle: 'Public health in mega-cities; the environmental dimension.',
  url: 'https://book.example/index/Chapter3',
  bookUrl: 'https://book.example/',
};

describe("'Cite this chapter', written by citation-js in the book's APA style", () => {
  // APA 10.3: a chapter of a book its authors wrote throughout is cited as the whole book, the chapter named in the text.
  it('names the whole book in the reference list: authors joined by "&", the year, the title in italics, its address (no publisher: the authors publish it)', () => {
    expect(apa(citation).reference).toBe(
      'Ana Pérez, Ben Ode, &#38; Chen Li. (2025). <i>Public health in mega-cities; the environmental dimension</i>. https://book.example/',
    );
    expect(apa({ ...citation, authors: ['Ana Pérez', 'Ben Ode'] }).reference).toMatch(/^Ana Pérez &#38; Ben Ode\. \(2025\)/);
    expect(apa({ ...citation, bookUrl: undefined }).reference).toMatch(/<\/i>\.$/);
    expect(apa(citation).reference).not.toContain('Water, sanitation');
  });

  it('names the chapter in the citation in the text, in brackets and in the sentence', () => {
    expect(apa(citation).parenthetical).toBe('(Ana Pérez et al., 2025, Chapter 3)');
    expect(apa(citation).narrative).toBe('Ana Pérez et al. (2025, Chapter 3)');
    expect(apa({ ...citation, authors: ['Ana Pérez', 'Ben Ode'], chapter: 10 }).parenthetical).toBe('(Ana Pérez & Ben Ode, 2025, Chapter 10)');
  });

  it('BibTeX escapes special characters and keeps a stable key', () => {
    const entry = bibtex(citation);
    expect(entry).toMatch(/^@inbook\{megacities_chapter3,\n/);
    expect(entry).toContain('title = {Water, sanitation \\& health}');
    expect(entry).toContain('author = {{Ana Pérez} and {Ben Ode} and {Chen Li}}');
    expect(entry).toContain('booktitle = {Public health in mega-cities; the environmental dimension}');
    expect(entry).toContain('chapter = {3}');
    expect(entry).toContain('url = {https://book.example/index/Chapter3}');
  });
});

describe('structured data', () => {
  const facts = {
    name: 'A book',
    description: 'About cities.',
    url: 'https://book.example/',
    authors: ['Ana Pérez'],
    year: 2025,
    licence: 'https://licence.example/by/4.0/',
    chapters: [
      { number: 1, title: 'Introduction', url: 'https://book.example/index/Chapter1' },
      { number: 2, title: 'Slums', url: 'https://book.example/index/Chapter2' },
    ],
  };

  it('describes the book with its chapters in order', () => {
    expect(bookWithChapters(facts)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Book',
      author: [{ '@type': 'Person', name: 'Ana Pérez' }],
      license: 'https://licence.example/by/4.0/',
      hasPart: [
        { '@type': 'Chapter', position: 1, name: 'Introduction' },
        { '@type': 'Chapter', position: 2, name: 'Slums' },
      ],
    });
  });

  it('describes a chapter as part of the book, which it names (home and contents describe the book whole)', () => {
    expect(chapterOfBook(facts, 2)).toMatchObject({
      '@type': 'Chapter',
      position: 2,
      url: 'https://book.example/index/Chapter2',
      license: 'https://licence.example/by/4.0/',
      isPartOf: { '@type': 'Book', name: 'A book' },
    });
    expect(Object.keys(chapterOfBook(facts, 2).isPartOf)).toEqual(['@type', 'name', 'url']);
    expect(() => chapterOfBook(facts, 9)).toThrow('The book has no chapter 9.');
  });

  it('cannot close its script element early', () => {
    expect(jsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});

describe('the sitemap lists', () => {
  it('canonical pages, not the second address of Chapter 1 or the embedded slides', () => {
    expect(['/', '/index', '/index/Chapter1', '/members', '/index/Chapter3/BlockA/'].every((path) => isListedPage(path, '/'))).toBe(true);
    expect(isListedPage('/Introduction/', '/')).toBe(false);
    expect(isListedPage('/book/slides/introduction/', '/book/')).toBe(false);
    expect(isListedPage('/offline/', '/')).toBe(false);
  });
});
