import { z } from 'astro/zod';
import { lastUpdated } from './date.ts';
import { draft } from './draft.ts';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';
import { description, words } from './text.ts';

const fields = ['chapter', 'order', 'title', 'description', 'lastUpdated', 'draft'] as const;
const writeChapter = 'Write the number of the parent chapter: chapter: 3';
const writeOrder = "Write the page's position among its chapter's sub-pages: order: 1";

/** Frontmatter of a sub-page: an MDX file in a chapter's folder, e.g. chapters/03-water/BlockA.mdx. */
const schema = z.strictObject(
  {
    chapter: z
      .number({ error: fieldError('chapter', writeChapter) })
      .int({ error: ruleError('chapter', 'a whole number', writeChapter) })
      .positive({ error: ruleError('chapter', '1 or more', writeChapter) })
      .meta({ description: 'Number of the chapter this page belongs to; that chapter must exist.', examples: ['3'] }),
    order: z
      .number({ error: fieldError('order', writeOrder) })
      .int({ error: ruleError('order', 'a whole number', writeOrder) })
      .positive({ error: ruleError('order', '1 or more', writeOrder) })
      .meta({ description: "Position among the chapter's sub-pages, counting from 1.", examples: ['1'] }),
    title: words('title', 'Add the page\'s title: title: "Block A: …"').meta({
      description: "The sub-page's title, shown on its page, in the chapter's list of sub-pages and in the browser tab.",
      examples: ['"Block A: Water and sanitation"'],
    }),
    description,
    lastUpdated,
    draft: draft('page'),
  },
  { error: unknownFieldError('sub-page', fields) },
);

/** The sub-page schema, built once: Astro asks for it once per sub-page. */
export const subpageSchema = () => schema;
