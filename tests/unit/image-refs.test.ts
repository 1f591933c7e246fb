import { expect, it } from 'vitest';
import { imageRefs } from '../../src/lib/image-refs.ts';

it('finds the fields that hold image imports, resolved beside the entry', () => {
  const data = { title: 'x', image: { src: './images/a.svg', alt: 'A' }, gallery: [{ src: '../b.png' }] };
  expect(imageRefs(data, 'chapters/01-intro.mdx', ['./images/a.svg', '../b.png'])).toEqual([
    { field: 'image.src', written: './images/a.svg', resolved: 'chapters/images/a.svg' },
    { field: 'gallery.0.src', written: '../b.png', resolved: 'b.png' },
  ]);
});

it('ignores strings that are not image imports', () => {
  expect(imageRefs({ title: './images/a.svg' }, 'chapters/x.mdx', [])).toEqual([]);
});
