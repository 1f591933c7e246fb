import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteRanges, rangeStillApplies } from '../../tools/server/range.ts';
import { resolve, resolveUnderBase, type SiteFiles } from '../../tools/server/resolve.ts';

// A built site in miniature: the home page, the contents page at /index, a chapter and an asset.
const tree: Record<string, string[]> = {
  '': ['index.html', '404.html', 'index', 'members', '_astro'],
  index: ['index.html', 'Chapter2'],
  'index/Chapter2': ['index.html'],
  members: ['index.html'],
  _astro: ['app.css'],
};
const files: SiteFiles = {
  isFile: (path) => {
    const parts = path.split('/');
    const name = parts.pop() ?? '';
    return (tree[parts.join('/')] ?? []).includes(name) && !(path in tree);
  },
  list: (dir) => tree[dir] ?? [],
};

describe('the static host', () => {
  it.each([
    ['/', 'index.html'],
    ['/index', 'index/index.html'],
    ['/index/', 'index/index.html'],
    ['/index.html', 'index.html'],
    ['/members', 'members/index.html'],
    ['/members/', 'members/index.html'],
    ['/index/Chapter2', 'index/Chapter2/index.html'],
    ['/_astro/app.css', '_astro/app.css'],
  ])('serves %s from %s', (path, file) => expect(resolve(path, files)).toEqual({ kind: 'file', file, status: 200 }));

  it.each([
    ['/Index/Chapter2', '/index/Chapter2'],
    ['/INDEX/chapter2/', '/index/Chapter2/'],
    ['/Members', '/members'],
    ['/_ASTRO/App.css', '/_astro/app.css'],
  ])('redirects %s to its real spelling %s', (path, location) => expect(resolve(path, files)).toEqual({ kind: 'redirect', location, status: 301 }));

  it.each([
    '/nowhere',
    '/404.html',
    '/index/Chapter9',
    '/members.html',
    '/../etc/passwd',
    '/%2e%2e/x',
    '/%E0%A4%A',
    '/_astro/app.css/',
    '/_ASTRO/app.css/',
  ])('answers %s with the not-found page', (path) => expect(resolve(path, files)).toEqual({ kind: 'not-found', file: '404.html', status: 404 }));
});

describe('the static host under a base path (/book/)', () => {
  it.each([
    ['/book/', 'index.html'],
    ['/book/index', 'index/index.html'],
    ['/book/index/Chapter2/', 'index/Chapter2/index.html'],
    ['/book/_astro/app.css', '_astro/app.css'],
  ])('serves %s from %s', (path, file) => expect(resolveUnderBase(path, '/book/', files)).toEqual({ kind: 'file', file, status: 200 }));

  it.each([
    ['/book', '/book/'],
    ['/book/Index/Chapter2', '/book/index/Chapter2'],
    ['/book/MEMBERS/', '/book/members/'],
  ])('redirects %s to %s', (path, location) => expect(resolveUnderBase(path, '/book/', files)).toEqual({ kind: 'redirect', location, status: 301 }));

  it.each(['/', '/index', '/_astro/app.css', '/bookish', '/books/index', '/Book/', '/book/nowhere', '/book/../index'])(
    'answers %s with the not-found page',
    (path) => expect(resolveUnderBase(path, '/book/', files)).toEqual({ kind: 'not-found', file: '404.html', status: 404 }),
  );

  it('with the base / is the plain table', () => {
    for (const path of ['/', '/index', '/Members', '/nowhere']) expect(resolveUnderBase(path, '/', files)).toEqual(resolve(path, files));
  });
});

describe('the Range header, as RFC 9110 (14.1-14.2) reads it, for a file of 1,000 bytes', () => {
  it.each([
    ['bytes=-100', 'bytes=-100'],
    ['bytes=0-99', 'bytes=0-99'],
    ['Bytes=10-', 'bytes=10-'],
    ['bytes= 0-1 ,\t5-9', 'bytes=0-1,5-9'],
    ['bytes=0-1,,5-9,', 'bytes=0-1,5-9'],
    ['bytes=3-3', 'bytes=3-3'],
    ['bytes=999999999999999999999-', 'bytes=999999999999999999999-'],
    // A suffix longer than the file is the whole file (14.1.3), not an unsatisfiable range.
    ['bytes=-1000', 'bytes=0-'],
    ['bytes=-999999', 'bytes=0-'],
    ['bytes=0-0,-999999', 'bytes=0-0,0-'],
  ])('sends %s on as %s', (header, ranges) => expect(byteRanges(header, 1000)).toBe(ranges));

  it.each([
    undefined,
    '',
    'bytes=5-1',
    'bytes=abc',
    'bytes=',
    'bytes=,',
    'items=0-1',
    'bytes=1-2,x',
    'bytes=--1',
    'bytes=1.5-2',
    'bytes=0x10-',
    'bytes 0-1',
  ])('ignores %s: the whole file is sent', (header) => expect(byteRanges(header, 1000)).toBeUndefined());

  it('reads any header without throwing, and passes on only well-formed byte ranges', () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((text) => `bytes=${text}`),
        ),
        fc.nat(),
        (header, size) => {
          const ranges = byteRanges(header, size);
          return ranges === undefined || /^bytes=(\d+-\d*|-\d+)(,(\d+-\d*|-\d+))*$/.test(ranges);
        },
      ),
    ));
});

describe('If-Range, compared strongly (RFC 9110 13.1.5)', () => {
  const modified = new Date('2026-11-26T03:17:25.123Z');
  it.each([
    [undefined, true],
    ['Thu, 26 Nov 2026 03:17:25 GMT', true],
    ['Thu, 26 Nov 2026 03:17:26 GMT', false],
    ['Fri, 31 Dec 2099 23:59:59 GMT', false],
    ['W/"1a-2b"', false],
    ['"1a-2b"', false],
    ['yesterday', false],
  ])('If-Range: %s applies the range: %s', (ifRange, applies) => expect(rangeStillApplies(ifRange, modified)).toBe(applies));
});
