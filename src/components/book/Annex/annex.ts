import { z } from 'astro/zod';
import { defineComponent, text, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    number: text('the annex number, such as "1.1"'),
    title: words('the heading shown after "Annex N"'),
  }),
  about: "A numbered annex for slides, handouts and news, under `## Annexes` at the chapter's end.",
  pictures: [
    {
      file: 'annex.png',
      alt: "The example's Annex 1.3: its heading and a button 'Read the UN DESA news release'.",
      show: ['.annex'],
    },
  ],
  holdsText: true,
  block: 'annex',
  numbered: { by: 'number', id: (number) => `annex-${number.replace(/\W+/g, '-')}`, name: (number) => `Annex ${number}` },
});
