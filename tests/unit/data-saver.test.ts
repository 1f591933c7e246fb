import { describe, expect, it } from 'vitest';
import { annotateLazyMedia, servedSize } from '../../integrations/after-build/data-saver-sizes.ts';

const sizes: Record<string, number> = {
  '/a.svg': 44_352,
  '/b.png': 900,
  '/wide.svg': 2_154,
  '/narrow.svg': 458,
  '/x-400.webp': 10_000,
  '/x-800.webp': 30_000,
  '/doc.pdf': 5_783,
};
const sizeOf = (url: string) => sizes[url];

describe('annotateLazyMedia()', () => {
  it.each([
    [
      'a lazy image gets its served size',
      '<img src="/a.svg" alt="Map" loading="lazy">',
      '<img src="/a.svg" alt="Map" loading="lazy" data-size="44 KB">',
    ],
    [
      'a self-closing tag keeps its slash',
      '<img src="/b.png" alt="" loading="lazy" />',
      '<img src="/b.png" alt="" loading="lazy" data-size="900 bytes" />',
    ],
    [
      'an eager image is left alone (it loads with the first screen)',
      '<img src="/a.svg" alt="Map" loading="eager" fetchpriority="high">',
      '<img src="/a.svg" alt="Map" loading="eager" fetchpriority="high">',
    ],
    ['an image without loading is left alone', '<img src="/a.svg" alt="Map">', '<img src="/a.svg" alt="Map">'],
    [
      'a srcset counts its largest candidate (an upper bound)',
      '<img src="/x-400.webp" srcset="/x-400.webp 400w, /x-800.webp 800w" alt="X" loading="lazy">',
      '<img src="/x-400.webp" srcset="/x-400.webp 400w, /x-800.webp 800w" alt="X" loading="lazy" data-size="30 KB">',
    ],
    [
      'an image from another host has no size',
      '<img src="https://example.org/a.svg" alt="A" loading="lazy">',
      '<img src="https://example.org/a.svg" alt="A" loading="lazy">',
    ],
    [
      'a lazy frame gets the size of what it shows',
      '<iframe src="/doc.pdf" title="Handout" loading="lazy"></iframe>',
      '<iframe src="/doc.pdf" title="Handout" loading="lazy" data-size="6 KB"></iframe>',
    ],
    [
      'a size written before is replaced',
      '<img src="/a.svg" alt="" loading="lazy" data-size="1 KB">',
      '<img src="/a.svg" alt="" loading="lazy" data-size="44 KB">',
    ],
    [
      'pictures inside <noscript> stay as written',
      '<noscript><img src="/a.svg" alt="" loading="lazy"></noscript>',
      '<noscript><img src="/a.svg" alt="" loading="lazy"></noscript>',
    ],
  ])('%s', (_, html, expected) => {
    expect(annotateLazyMedia(html, (url) => sizeOf(url.startsWith('/') ? url : '?'))).toBe(expected);
  });

  it('gives each <source> of a lazy <picture> its own size, even with a ">" in its media', () => {
    const html = '<picture><source media="(width >= 1200px)" srcset="/wide.svg"><img src="/narrow.svg" alt="" loading="lazy"></picture>';
    expect(annotateLazyMedia(html, sizeOf)).toBe(
      '<picture><source media="(width >= 1200px)" srcset="/wide.svg" data-size="2 KB"><img src="/narrow.svg" alt="" loading="lazy" data-size="458 bytes"></picture>',
    );
  });

  it('leaves the <source>s of an eager <picture> alone', () => {
    const html = '<picture><source srcset="/wide.svg"><img src="/narrow.svg" alt=""></picture>';
    expect(annotateLazyMedia(html, sizeOf)).toBe(html);
  });
});

describe('servedSize()', () => {
  const svg = new TextEncoder().encode('<svg>' + '<circle r="1"/>'.repeat(500) + '</svg>');
  it('counts text files as a host sends them, compressed', () => {
    expect(servedSize('/a.svg', svg)).toBeLessThan(svg.byteLength / 10);
  });
  it('counts raster images and PDFs as they are', () => {
    expect(servedSize('/a.png', svg)).toBe(svg.byteLength);
    expect(servedSize('/a.pdf', svg)).toBe(svg.byteLength);
  });
});
