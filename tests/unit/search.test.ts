import { describe, expect, it } from 'vitest';
import { bundleUrl, countMessage, type PagefindResultData, resultView } from '../../src/lib/search.ts';

describe('bundleUrl()', () => {
  it.each([
    ['/', '/pagefind/pagefind.js'],
    ['/book/', '/book/pagefind/pagefind.js'],
    ['/book', '/book/pagefind/pagefind.js'],
  ])('under base %s Pagefind is at %s', (base, expected) => expect(bundleUrl(base)).toBe(expected));
});

const page: PagefindResultData = {
  url: '/book/index/Chapter1/',
  excerpt: 'page <mark>word</mark>',
  meta: { title: 'Introduction', chapter: 'Chapter 1' },
};

describe('resultView()', () => {
  it('gives the chapter label, the title and a link per matching section, heading anchors included', () => {
    const view = resultView(
      {
        ...page,
        sub_results: [
          {
            title: 'Box 2: A planetary crisis',
            url: '/book/index/Chapter1/#box-2',
            excerpt: 'The <mark>Rockefeller</mark> Foundation',
            anchor: { id: 'box-2' },
          },
          { title: 'References', url: '/book/index/Chapter1/#references', excerpt: '<mark>Rockefeller</mark>', anchor: { id: 'references' } },
        ],
      },
      '/book/',
    );
    expect(view).toEqual({
      chapter: 'Chapter 1',
      title: 'Introduction',
      sections: [
        { href: '/book/index/Chapter1#box-2', heading: 'Box 2: A planetary crisis', excerpt: 'The <mark>Rockefeller</mark> Foundation' },
        { href: '/book/index/Chapter1#references', heading: 'References', excerpt: '<mark>Rockefeller</mark>' },
      ],
    });
  });

  it('keeps at most the asked number of sections', () => {
    const sub = (n: number) => ({ title: `S${n}`, url: `/p/#s${n}`, excerpt: '' });
    expect(resultView({ ...page, sub_results: [1, 2, 3, 4, 5].map(sub) }, '/', 2).sections.map((s) => s.heading)).toEqual(['S1', 'S2']);
  });

  it('links to the page itself when Pagefind gives no sections', () => {
    expect(resultView(page, '/book/').sections).toEqual([
      { href: '/book/index/Chapter1', heading: 'Introduction', excerpt: 'page <mark>word</mark>' },
    ]);
  });

  it("links each page by the book's own address, not its folder's, and keeps the home page's", () => {
    const at = (url: string, base: string) => resultView({ ...page, sub_results: [{ title: 'S', url, excerpt: '' }] }, base).sections[0]!.href;
    expect(at('/members/', '/')).toBe('/members');
    expect(at('/members/#list', '/')).toBe('/members#list');
    expect(at('/', '/')).toBe('/');
    expect(at('/#preface', '/')).toBe('/#preface');
    expect(at('/book/', '/book/')).toBe('/book/');
    expect(at('/book/#preface', '/book/')).toBe('/book/#preface');
    expect(at('/book/index/', '/book/')).toBe('/book/index');
  });

  it('copes with a page that lacks the chapter label', () => {
    expect(resultView({ ...page, meta: { title: 'Members' } }).chapter).toBe('');
  });
});

describe('countMessage()', () => {
  const templates = { none: 'No results for “{query}”.', one: '1 result for “{query}”.', many: '{count} results for “{query}”.' };
  it.each([
    [0, 'No results for “slum”.'],
    [1, '1 result for “slum”.'],
    [7, '7 results for “slum”.'],
  ])('%i results read "%s"', (count, expected) => expect(countMessage(count, 'slum', templates)).toBe(expected));
});
