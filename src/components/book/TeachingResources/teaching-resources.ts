import { z } from 'astro/zod';
import { defineComponent } from '../define.ts';

export default defineComponent({
  props: z.object({}),
  about: "A sentence linking to the authors' earlier teaching resources.",
  pictures: [
    {
      file: 'teaching-resources.png',
      alt: 'The sentence about the earlier course overview and teaching resources, its last words a link.',
      show: ['p'],
    },
  ],
  block: 'list',
});
