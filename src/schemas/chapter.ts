import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { lastUpdated } from './date.ts';
import { draft } from './draft.ts';
import { creditedImage } from './image.ts';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';
import { description, words } from './text.ts';

const fields = ['number', 'title', 'description', 'image', 'lastUpdated', 'inPreparation', 'draft'] as const;
const writeNumber = "Write the chapter's position as a whole number: number: 2";

/**
 * The fields written the same way in every chapter, built once: Astro calls the schema below for each
 * chapter (its picture is read relative to that chapter's file), and a book may have a thousand.
 */
const fieldsBeforeImage = {
  number: z
    .number({ error: fieldError('number', writeNumber) })
    .int({ error: ruleError('number', 'a whole number', writeNumber) })
    .positive({ error: ruleError('number', '1 or more', 'The first chapter is number: 1') })
    .meta({ description: 'Position in the book, counting from 1 with no gaps; gives the address /index/ChapterN.', examples: ['2'] }),
  title: words('title', 'Add the chapter\'s title: title: "Public health in mega-slums"').meta({
    description: "The chapter's title, shown on its card, its page and in the browser tab.",
    examples: ['"Public health in mega-slums"'],
  }),
  description,
};

/** The same, after the picture (fields are checked, and their mistakes listed, in the order authors write them). */
const fieldsAfterImage = {
  lastUpdated,
  inPreparation: z
    .boolean({
      error: fieldError('inPreparation', 'Write inPreparation: true while the chapter is an outline, or remove the line once it is written.'),
    })
    .optional()
    .meta({ description: 'true while only an outline is published: the contents card says the chapter is in preparation.', examples: ['true'] }),
  draft: draft('chapter'),
};

/** Frontmatter of a chapter file in chapters/ (one MDX file per chapter). */
export const chapterSchema = (context: SchemaContext) =>
  z.strictObject(
    {
      ...fieldsBeforeImage,
      image: creditedImage(context, 'image').meta({
        description: "The chapter's picture on the contents page, with its text alternative and its credit.",
      }),
      ...fieldsAfterImage,
    },
    { error: unknownFieldError('chapter', fields) },
  );
