import { describe, expect, it } from 'vitest';
import { servedSize } from '../../src/lib/file-size.ts';

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
