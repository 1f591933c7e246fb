import { z } from 'astro/zod';
import { withHelp } from '../lib/troubleshooting.ts';
import { typeset } from '../lib/typography.ts';
import { emptyError, fieldError } from './messages.ts';

/** A field of text that must say something (a title): `fix` tells the author what to write. */
const requiredText = (field: string, fix: string) =>
  z
    .string({ error: fieldError(field, fix) })
    .trim()
    .min(1, emptyError(field, fix));

/** The words of a field, set as the Markdown is (curly quotes): what a reader sees of a title or a description. */
export const words = (field: string, fix: string) => requiredText(field, fix).transform(typeset);

/** One or two sentences for search engines and link previews (which cut them at about 160 characters); a default is written if absent. */
export const description = requiredText('description', 'Write one or two sentences, or remove the line.')
  .max(300, {
    error: (issue) =>
      withHelp(
        `"description" is ${String(issue.input).length} characters long: search engines and link previews show about the first 160. Keep it to one or two sentences, at most 300 characters; the text belongs on the page.`,
        'fieldNotValid',
      ),
  })
  .transform(typeset)
  .optional()
  .meta({
    description: 'One or two sentences for search engines and link previews; without it, a sentence naming the page is written.',
    examples: ['"How water, sewers and drains shape health in fast-growing cities."'],
  });
