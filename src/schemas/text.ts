import { z } from 'astro/zod';
import { fieldError } from './messages.ts';

/** A field of text that must say something (a title): `fix` tells the author what to write. */
export const requiredText = (field: string, fix: string) =>
  z
    .string({ error: fieldError(field, fix) })
    .trim()
    .min(1, `"${field}" is empty. ${fix}`);

/** One or two sentences for search engines and link previews; a default is written if absent. */
export const description = requiredText('description', 'Write one or two sentences, or remove the line.').optional();
