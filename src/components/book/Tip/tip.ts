import { z } from 'astro/zod';
import { defineComponent, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    label: words('the kind of tip, such as "Suggested reading"'),
  }),
  about: "A small round button at the end of a sentence that shows the tip, such as a suggested reading. Write it on the paragraph's last line.",
  pictures: [
    {
      file: 'tip.png',
      alt: "The example's sentence with its round tip button, and the open tip above it: 'Suggested reading: Szreter S. …'.",
      show: ['p:has(.tip__trigger)'],
      over: ['.tip__bubble'],
      before: 'focus',
    },
  ],
  holdsText: true,
  popup: 'tip',
});
