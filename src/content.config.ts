import { defineCollection } from 'astro:content';
import { checkedGlob } from './lib/loaders.ts';
import { chapterSchema } from './schemas/chapter.ts';
import { memberSchema } from './schemas/member.ts';
import { subpageSchema } from './schemas/subpage.ts';

// Authors keep chapters outside src/; tests and benchmarks point BOOK_CHAPTERS_DIR at other books.
const chaptersDir = process.env.BOOK_CHAPTERS_DIR ?? './chapters';

// Ids keep the file's own spelling (BlockA stays BlockA): sub-page addresses come from file names.
const idFromPath = ({ entry }: { entry: string }) => entry.replace(/\.mdx?$/, '');

export const collections = {
  chapters: defineCollection({
    loader: checkedGlob({ pattern: '*.mdx', base: chaptersDir, generateId: idFromPath }, chapterSchema),
    schema: chapterSchema,
  }),
  subpages: defineCollection({
    loader: checkedGlob({ pattern: '*/*.mdx', base: chaptersDir, generateId: idFromPath }, subpageSchema),
    schema: subpageSchema,
  }),
  members: defineCollection({ loader: checkedGlob({ pattern: '*.yaml', base: './src/data/members' }, memberSchema), schema: memberSchema }),
};
