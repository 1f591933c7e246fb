import { z } from 'astro/zod';
import { defineComponent, wholeNumber, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    number: wholeNumber('the slide number, as in number={1}; the title slide before it has none'),
    title: words('the heading of the slide'),
    source: words('where its facts come from, shown small at its foot').optional(),
  }),
  about: 'One slide of a deck in `book/slides/`, after the title slide its [frontmatter](frontmatter.md#slide-decks) makes. Keep slides short.',
  pictures: [
    {
      file: 'slide.png',
      alt: "The example slide: 'An urban world', a bar chart of the urban share and one point.",
      show: ['.slide:has(#slide-1)'],
      // As an annex frames a deck: 0.595 as high as wide.
      viewport: { width: 760, height: 452 },
    },
  ],
  block: 'slide',
  decks: true,
  numbered: { by: 'number', id: (number) => `slide-${number}`, name: (number) => `Slide ${number}` },
});
