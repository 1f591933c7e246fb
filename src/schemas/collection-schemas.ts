import { chapterSchema } from './chapter.ts';
import { memberSchema } from './member.ts';
import { prefaceSchema } from './preface.ts';
import { slidesSchema } from './slides.ts';
import { subpageSchema } from './subpage.ts';

/** Each collection's schema, by the collection's name: content.config.ts builds the collections from it, the dev check reads it. */
export const collectionSchemas = {
  chapters: chapterSchema,
  subpages: subpageSchema,
  members: memberSchema,
  preface: prefaceSchema,
  slides: slidesSchema,
};
