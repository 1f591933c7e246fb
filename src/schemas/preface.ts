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
      funding: z
        .string({ error: fieldError('funding', 'Say how the book was paid for: funding: "This book received no external funds."') })
        .trim()
        .min(1, emptyError('funding', 'Say how the book was paid for: funding: "This book received no external funds."'))
        .meta({
          description: 'Who paid for the book, or that no one did: shown at the foot of the home page.',
          examples: ['"This book received no external funds."'],
        }),
    },
    { error: unknownFieldError('preface', ['signature', 'funding']) },
  );
