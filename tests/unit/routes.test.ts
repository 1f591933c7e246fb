import { describe, expect, it } from 'vitest';
import { currentState, href, paths, routeOf, siteNav } from '../../src/lib/routes.ts';
import { caseless, pagesLinkedInAnotherCase } from '../../src/lib/address-case.ts';

describe('the route table', () => {
  it.each([
    [paths.home, '/'],
    [paths.members, '/members'],
    [paths.contents, '/index'],
    [paths.introduction, '/Introduction'],
    [paths.chapter(1), '/index/Chapter1'],
    [paths.chapter(10), '/index/Chapter10'],
    [paths.subpage(3, 'BlockA'), '/index/Chapter3/BlockA'],
  ])('%s is the specified address %s', (actual, expected) => expect(actual).toBe(expected));

  it('puts Home, Index and Members in the top bar, in that order', () => {
    expect(siteNav.map((item) => item.path)).toEqual(['/', '/index', '/members']);
  });
});

describe('href() and routeOf() with a base path', () => {
  it.each([
    ['/', '/', '/'],
    ['/index', '/', '/index'],
    ['/', '/book/', '/book/'],
    ['/index/Chapter2', '/book/', '/book/index/Chapter2'],
    ['/index/Chapter2', '/book', '/book/index/Chapter2'],
  ])('href(%s) under base %s is %s', (path, base, expected) => expect(href(path, base)).toBe(expected));

  it.each([
    ['/', '/', '/'],
    ['/members/', '/', '/members'],
    ['/book/', '/book/', '/'],
    ['/book/index/Chapter3/BlockA/', '/book/', '/index/Chapter3/BlockA'],
  ])('routeOf(%s) under base %s is %s', (pathname, base, expected) => expect(routeOf(pathname, base)).toBe(expected));
});

describe('currentState() marks the current page for aria-current', () => {
  it.each([
    ['/', '/', 'page'],
    ['/', '/members', undefined],
    ['/members', '/members', 'page'],
    ['/index', '/index', 'page'],
    ['/index', '/index/Chapter4', 'true'],
    ['/index', '/index/Chapter3/BlockB', 'true'],
    ['/index', '/Introduction', 'true'],
    ['/members', '/index/Chapter4', undefined],
  ] as const)('item %s on page %s is %s', (item, current, expected) => expect(currentState(item, current)).toBe(expected));
});

describe('addresses in another letter case', () => {
  const pages = ['/', '/members', '/index', '/Introduction', '/index/Chapter2', '/index/Chapter3/BlockA'];

  it('are one address without their case and trailing slash', () => {
    expect(caseless('/Index/Chapter2/')).toBe(caseless('/index/chapter2'));
    expect(caseless('/')).toBe('/');
  });

  it('are found in the links an MDX source makes, as an element or in Markdown', () => {
    const source = [
      '<LinkButton href="/Index/Chapter2">Continue to Chapter 2</LinkButton>',
      'See [Block A](/index/chapter3/blocka#pipes) and [the contents](/index).',
      "<a href='/MEMBERS/'>the authors</a>, [a site](https://example.org/Index/Chapter2)",
    ].join('\n');
    expect(pagesLinkedInAnotherCase([source], pages).sort()).toEqual(['/index/Chapter2', '/index/Chapter3/BlockA', '/members']);
  });

  it('leave out links in the right case and links to no page', () => {
    expect(pagesLinkedInAnotherCase(['[Chapter 2](/index/Chapter2/) [nowhere](/Index/Chapter99)'], pages)).toEqual([]);
  });
});
