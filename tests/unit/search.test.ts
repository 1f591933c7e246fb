import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { close, createIndex } from 'pagefind';
import { describe, expect, it } from 'vitest';
import { chunkUrl, setChunkFile } from '../../src/lib/lazy-chunks.ts';
import { bundleUrl, countMessage, literalGlob, type PagefindResultData, resultView } from '../../src/lib/search.ts';

describe('bundleUrl()', () => {
  it.each([
    ['/', '/pagefind/pagefind.js'],
    ['/book/', '/book/pagefind/pagefind.js'],
    ['/book', '/book/pagefind/pagefind.js'],
  ])('under base %s Pagefind is at %s', (base, expected) => expect(bundleUrl(base)).toBe(expected));
});

describe('chunkUrl()', () => {
  it('puts the base path before the file the browser build named', () => {
    setChunkFile('search-ui', '_astro/search-ui.abc123.js');
    expect(chunkUrl('search-ui', '/')).toBe('/_astro/search-ui.abc123.js');
    expect(chunkUrl('search-ui', '/book/')).toBe('/book/_astro/search-ui.abc123.js');
  });

  it('names the script when its integration did not build it', () => {
    expect(() => chunkUrl('never-built', '/')).toThrow('The script "never-built" was not built');
  });
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
        { title: 'Box 2: A planetary crisis', url: '/book/index/Chapter1/#box-2', excerpt: 'The <mark>Rockefeller</mark> Foundation', anchor: { id: 'box-2' } },
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

describe('literalGlob()', () => {
  // Folder names a page could be given, each with a sibling its glob must not match too.
  const names = ['a,b [1]', 'c{d}', 'e*f', 'g?h', '!i', 'a(b)', 't<u>', 'l', 'ü é'];

  it('escapes the characters globs give a meaning', () => {
    expect(literalGlob('x/a,b [1]/index.html')).toBe('x/a\\,b \\[1\\]/index.html');
    expect(literalGlob('plain/index.html')).toBe('plain/index.html');
  });

  it('gives no glob for a name with a backslash, which none can match', () => expect(literalGlob('j\\k/index.html')).toBeUndefined());

  it('makes Pagefind read that one page and no other, whatever its name', async () => {
    const site = mkdtempSync(join(tmpdir(), 'literal-glob-'));
    for (const name of [...names, 'ef', 'gxh', 'a', 'ab', 'tu']) {
      mkdirSync(join(site, name));
      writeFileSync(join(site, name, 'index.html'), `<html><body><main data-pagefind-body><h1>${name}</h1><p>Text.</p></main></body></html>`);
    }
    const { index } = await createIndex({ forceLanguage: 'en' });
    try {
      for (const name of names) {
        const added = await index?.addDirectory({ path: site, glob: `{${literalGlob(`${name}/index.html`)}}` });
        expect(added, name).toEqual({ errors: [], page_count: 1 });
      }
    } finally {
      await close();
    }
  });
});
