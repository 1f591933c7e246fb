import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtFile, builtPageFiles, normalBase, routeOfPageFile } from '../../integrations/after-build/built-site.ts';

describe.each([
  ['/', '/'],
  ['', '/'],
  ['book', '/book/'],
  ['/book', '/book/'],
  ['//book//', '/book/'],
])('normalBase(%j)', (given, expected) => {
  test(`is ${expected}`, () => expect(normalBase(given)).toBe(expected));
});

// A tiny build: the home page, the contents page (a folder: not /index.html, which is the home page) and a picture.
const dist = mkdtempSync(join(tmpdir(), 'built-site-'));
mkdirSync(join(dist, 'index'), { recursive: true });
mkdirSync(join(dist, '_astro'));
writeFileSync(join(dist, 'index.html'), 'home');
writeFileSync(join(dist, 'index', 'index.html'), 'contents');
writeFileSync(join(dist, '_astro', 'a b.svg'), '<svg/>');

describe.each([
  ['/', '/', 'index.html'],
  ['/', '/index', 'index/index.html'],
  ['/', '/index/', 'index/index.html'],
  ['/', '/index.html', 'index.html'],
  ['/', '/_astro/a%20b.svg', '_astro/a b.svg'],
  ['/', '/missing.png', undefined],
  ['/', '/_astro', undefined],
  ['/book/', '/book/', 'index.html'],
  ['/book/', '/book', 'index.html'],
  ['/book/', '/book/index', 'index/index.html'],
  ['/book/', '/index', undefined],
])('with base %s, %s', (base, sitePath, expected) => {
  test(`is served from ${expected ?? 'nothing'}`, () => {
    expect(builtFile(dist, base, sitePath)).toBe(expected === undefined ? undefined : join(dist, expected));
  });
});

describe('the pages of a build', () => {
  test('are every folder index.html, sorted, each with its route', () => {
    writeFileSync(join(dist, '404.html'), 'not found');
    expect(builtPageFiles(dist)).toEqual(['index.html', join('index', 'index.html')]);
    expect(builtPageFiles(dist).map(routeOfPageFile)).toEqual(['/', '/index']);
  });
});
