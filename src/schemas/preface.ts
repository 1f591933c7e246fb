import { z } from 'astro/zod';
import { emptyError, fieldError, unknownFieldError } from './messages.ts';

/** Frontmatter of the home page's preface (book/preface.mdx): the authors' words, outside the code. */
export const prefaceSchema = () =>
  z.strictObject(
    {
      signature: z
        .string({ error: fieldError('signature', 'Say where and when the preface was written: signature: "Queens, NYC, May 2025"') })
        .trim()
        .min(1, emptyError('signature', 'Say where and when the preface was written: signature: "Queens, NYC, May 2025"'))
        .meta({ description: 'Shown under the preface, in italics: where and when it was written.', examples: ['"Queens, NYC, May 2025"'] }),
    },
    { error: unknownFieldError('preface', ['signature']) },
  );
