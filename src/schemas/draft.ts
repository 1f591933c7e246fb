import { z } from 'astro/zod';
import { fieldError } from './messages.ts';

/** `draft: true` keeps a page out of the built book while `npm run dev` still shows it; `where` is 'chapter' or 'page'. */
export const draft = (where: string) =>
  z
    .boolean({ error: fieldError('draft', `Write draft: true to keep the ${where} out of the built book, or remove the line to publish it.`) })
    .optional()
    .meta({ description: `true while the ${where} is being written: \`npm run dev\` shows it, the built book leaves it out.`, examples: ['true'] });
