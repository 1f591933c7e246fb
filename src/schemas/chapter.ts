import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { day } from './date.ts';
import { draft } from './draft.ts';
import { creditedImage } from './image.ts';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';
import { description, requiredText } from './text.ts';

const fields = ['number', 'title', 'description', 'image', 'lastUpdated', 'inPreparation', 'draft'] as const;
const writeNumber = "Write the chapter's position as a whole number: number: 2";

/**
 * The fields written the same way in every chapter, built once: Astro calls the schema below for each
 * chapter (its picture is read relative to that chapter's file), and a book may have a thousand.
 */
const fieldsBeforeImage = {
  /** Position in the book, counting from 1 with no gaps; gives the address /index/ChapterN. */
  number: z
    .number({ error: fieldError('number', writeNumber) })
    .int({ error: ruleError('number', 'a whole number', writeNumber) })
    .positive({ error: ruleError('number', '1 or more', 'The first chapter is number: 1') }),
  /** The chapter's title, shown on its card, its page and in the browser tab. */
  title: requiredText('title', 'Add the chapter\'s title: title: "Public health in mega-slums"'),
  /** One or two sentences for search engines and link previews; a default is written if absent. */
  description,
};

/** The same, after the picture (fields are checked, and their mistakes listed, in the order authors write them). */
const fieldsAfterImage = {
  /** The day the text last changed, shown under the title; without it, the day of the file's last git commit. */
  lastUpdated: day('lastUpdated').optional(),
  /** true while only an outline is published: the contents card says the chapter is in preparation. */
  inPreparation: z
    .boolean({
      error: fieldError('inPreparation', 'Write inPreparation: true while the chapter is an outline, or remove the line once it is written.'),
    })
    .optional(),
  /** true while the chapter is being written: shown by `npm run dev`, left out of the built book. */
  draft: draft('chapter'),
};

/** Frontmatter of a chapter file in chapters/ (one MDX file per chapter). */
export const chapterSchema = (context: SchemaContext) =>
  z.strictObject(
    {
      ...fieldsBeforeImage,
      /** The chapter's picture on the contents page, with its text alternative and its credit. */
      image: creditedImage(context, 'image'),
      ...fieldsAfterImage,
    },
    { error: unknownFieldError('chapter', fields) },
  );

export type ChapterData = z.infer<ReturnType<typeof chapterSchema>>;
