import { describe, expect, it } from 'vitest';
import { currentState, href, paths, routeOf, siteNav } from '../../src/lib/routes.ts';

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
