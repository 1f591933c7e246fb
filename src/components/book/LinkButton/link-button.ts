import { z } from 'astro/zod';
import { address, defineComponent } from '../define.ts';

export default defineComponent({
  props: z.object({
    href: address('the address the button goes to'),
  }),
  about: "A link drawn as a large button, for a page's next step.",
  pictures: [
    {
      file: 'link-button.png',
      alt: "A button 'Continue to Chapter 2' with an arrow.",
      show: ['.link-button'],
    },
  ],
  block: 'button',
});
