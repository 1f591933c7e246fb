import { z } from 'astro/zod';
import { fieldError, unknownFieldError } from './messages.ts';

/** Frontmatter of the home page's preface (book/preface.mdx): the authors' words, outside the code. */
export const prefaceSchema = () =>
  z.strictObject(
    {
      /** Shown under the preface, in italics: where and when it was written. */
      signature: z
        .string({ error: fieldError('signature', 'Say where and when the preface was written: signature: "Queens, NYC, May 2025"') })
        .trim()
        .min(1, '"signature" is empty. Say where and when the preface was written: signature: "Queens, NYC, May 2025"'),
    },
    { error: unknownFieldError('preface', ['signature']) },
  );
