import { z } from 'astro/zod';
import { defineComponent, wholeNumber, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    number: wholeNumber('the box number, as in number={1}'),
    title: words('the heading shown after "Box N"'),
  }),
  about: "Background material in a box, closed until the reader opens it. Number a chapter's boxes 1, 2, 3 …",
  pictures: [
    {
      file: 'box.png',
      alt: "The example's box, open: 'Box 1', its title about ancient Maya cities and its paragraph.",
      show: ['.box__item'],
      cutBelow: '.box__content p',
      before: 'open',
    },
  ],
  holdsText: true,
  block: 'box',
  hides: 'box a reader has not opened',
  numbered: { by: 'number', id: (number) => `box-${number}`, name: (number) => `Box ${number}` },
});
