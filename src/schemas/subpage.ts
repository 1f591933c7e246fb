import { z } from 'astro/zod';
import { fieldError, unknownFieldError } from './messages.ts';

const fields = ['chapter', 'order', 'title', 'description'] as const;

/** Frontmatter of a sub-page: an MDX file in a chapter's folder, e.g. chapters/03-water/BlockA.mdx. */
export const subpageSchema = () =>
  z.strictObject(
    {
      /** Number of the chapter this page belongs to; that chapter must exist. */
      chapter: z
        .number({ error: fieldError('chapter', 'Write the number of the parent chapter: chapter: 3') })
        .int('"chapter" must be a whole number such as 3.')
        .positive('"chapter" must be 1 or more.'),
      /** Position among the chapter's sub-pages, counting from 1. */
      order: z
        .number({ error: fieldError('order', 'Write the page\'s position among its chapter\'s sub-pages: order: 1') })
        .int('"order" must be a whole number such as 1.')
        .positive('"order" must be 1 or more.'),
      /** The sub-page's title. */
      title: z
        .string({ error: fieldError('title', 'Add the page\'s title: title: "Block A: …"') })
        .trim()
        .min(1, '"title" is empty. Add the page\'s title: title: "Block A: …"'),
      /** One or two sentences for search engines and link previews; a default is written if absent. */
      description: z.string().trim().min(1, '"description" is empty. Write one or two sentences, or remove the line.').optional(),
    },
    { error: unknownFieldError('sub-page', fields) },
  );

export type SubpageData = z.infer<ReturnType<typeof subpageSchema>>;
