import { describe, expect, it } from 'vitest';
import { type Heading, outline } from '../../src/lib/outline.ts';

const h = (depth: number, slug: string): Heading => ({ depth, slug, text: slug.toUpperCase() });
/** An outline written as slugs: an h2 alone, or [h2, [its h3s]]. */
const shape = (headings: Heading[]) => outline(headings).map((s) => (s.children.length ? [s.slug, s.children.map((c) => c.slug)] : s.slug));

describe("the 'On this page' outline", () => {
  it.each([
    ['h2s in order', [h(2, 'a'), h(2, 'b')], ['a', 'b']],
    [
      'h3s nested under the h2 before them',
      [h(2, 'a'), h(3, 'a1'), h(3, 'a2'), h(2, 'b'), h(3, 'b1')],
      [
        ['a', ['a1', 'a2']],
        ['b', ['b1']],
      ],
    ],
    ['an h3 before any h2, at the top', [h(3, 'intro'), h(2, 'a')], ['intro', 'a']],
    ['h1 and h4 to h6 left out', [h(1, 'title'), h(2, 'a'), h(4, 'deep'), h(5, 'deeper')], ['a']],
    ['no headings', [], []],
  ])('keeps %s', (_, headings, expected) => expect(shape(headings)).toEqual(expected));

  it('keeps each heading text for its link', () => {
    expect(outline([{ depth: 2, slug: 'where-the-worlds-cities-are', text: 'Where the world’s cities are' }])[0]?.text).toBe(
      'Where the world’s cities are',
    );
  });
});
