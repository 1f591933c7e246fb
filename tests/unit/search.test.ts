import { describe, expect, it } from 'vitest';
import { bundleUrl, countMessage, type PagefindResultData, resultView } from '../../src/lib/search.ts';
import { parsePage } from '../../integrations/after-build/html.ts';
import { dropSearchMarks } from '../../integrations/after-build/search-index.ts';

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
    const view = resultView({
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
    });
    expect(view).toEqual({
      chapter: 'Chapter 1',
      title: 'Introduction',
      sections: [
        { href: '/book/index/Chapter1/#box-2', heading: 'Box 2: A planetary crisis', excerpt: 'The <mark>Rockefeller</mark> Foundation' },
        { href: '/book/index/Chapter1/#references', heading: 'References', excerpt: '<mark>Rockefeller</mark>' },
      ],
    });
  });

  it('keeps at most the asked number of sections', () => {
    const sub = (n: number) => ({ title: `S${n}`, url: `/p/#s${n}`, excerpt: '' });
    expect(resultView({ ...page, sub_results: [1, 2, 3, 4, 5].map(sub) }, 2).sections.map((s) => s.heading)).toEqual(['S1', 'S2']);
  });

  it('links to the page itself when Pagefind gives no sections', () => {
    expect(resultView(page).sections).toEqual([{ href: '/book/index/Chapter1/', heading: 'Introduction', excerpt: 'page <mark>word</mark>' }]);
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

describe("Pagefind's marks, once the index is written", () => {
  const page = [
    '<main><article data-pagefind-body><h1 data-pagefind-meta="title" class="t">Water &amp; cities</h1>',
    '<nav data-pagefind-ignore="all" aria-label="Steps"><svg viewBox="0 0 1 1"><path d="M0 0" data-pagefind-ignore/></svg></nav>',
    '<p title="&quot;as said&quot;">Text</p></article></main>',
  ].join('');
  const parsed = parsePage('/index.html', page);
  dropSearchMarks([parsed]);
  const { html } = parsed.edits.apply();

  it('are gone from the page, every other attribute and all the text kept as written', () => {
    expect(html).toBe(
      [
        '<main><article><h1 class="t">Water &amp; cities</h1>',
        '<nav aria-label="Steps"><svg viewBox="0 0 1 1"><path d="M0 0"/></svg></nav>',
        '<p title="&quot;as said&quot;">Text</p></article></main>',
      ].join(''),
    );
  });
});
