import { z } from 'astro/zod';
import { emptyError, fieldError } from './messages.ts';

/** A field of text that must say something (a title): `fix` tells the author what to write. */
export const requiredText = (field: string, fix: string) =>
  z
    .string({ error: fieldError(field, fix) })
    .trim()
    .min(1, emptyError(field, fix));

/** One or two sentences for search engines and link previews; a default is written if absent. */
export const description = requiredText('description', 'Write one or two sentences, or remove the line.')
  .optional()
  .meta({
    description: 'One or two sentences for search engines and link previews; without it, a sentence naming the page is written.',
    examples: ['"How water, sewers and drains shape health in fast-growing cities."'],
  });
