import { z } from 'astro/zod';
import { day } from './date.ts';
import { draft } from './draft.ts';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';
import { description, requiredText } from './text.ts';

const fields = ['chapter', 'order', 'title', 'description', 'lastUpdated', 'draft'] as const;
const writeChapter = 'Write the number of the parent chapter: chapter: 3';
const writeOrder = "Write the page's position among its chapter's sub-pages: order: 1";

/** Frontmatter of a sub-page: an MDX file in a chapter's folder, e.g. chapters/03-water/BlockA.mdx. */
const schema = z.strictObject(
  {
    /** Number of the chapter this page belongs to; that chapter must exist. */
    chapter: z
      .number({ error: fieldError('chapter', writeChapter) })
      .int({ error: ruleError('chapter', 'a whole number', writeChapter) })
      .positive({ error: ruleError('chapter', '1 or more', writeChapter) }),
    /** Position among the chapter's sub-pages, counting from 1. */
    order: z
      .number({ error: fieldError('order', writeOrder) })
      .int({ error: ruleError('order', 'a whole number', writeOrder) })
      .positive({ error: ruleError('order', '1 or more', writeOrder) }),
    /** The sub-page's title. */
    title: requiredText('title', 'Add the page\'s title: title: "Block A: …"'),
    /** One or two sentences for search engines and link previews; a default is written if absent. */
    description,
    /** The day the text last changed, shown under the title; without it, the day of the file's last git commit. */
    lastUpdated: day('lastUpdated').optional(),
    /** true while the page is being written: shown by `npm run dev`, left out of the built book. */
    draft: draft('page'),
  },
  { error: unknownFieldError('sub-page', fields) },
);

/** The sub-page schema, built once: Astro asks for it once per sub-page. */
export const subpageSchema = () => schema;

export type SubpageData = z.infer<ReturnType<typeof subpageSchema>>;
