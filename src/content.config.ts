import { z } from 'astro/zod';
import { defineCollection } from 'astro:content';
import { chapterPatterns, chaptersFolder } from './lib/chapter-files.ts';
import { bibliographyLoader } from './lib/bibliography-loader.ts';
import { checkedGlob } from './lib/loaders.ts';
import { collectionSchemas } from './schemas/collection-schemas.ts';

const { chapters, subpages, members, preface, slides } = collectionSchemas;

// Authors keep chapters outside src/; tests and benchmarks point BOOK_CHAPTERS_DIR at other books.
const chaptersDir = chaptersFolder();

// Ids keep the file's own spelling (BlockA stays BlockA): sub-page addresses come from file names.
const idFromPath = ({ entry }: { entry: string }) => entry.replace(/\.mdx?$/, '');

export const collections = {
  chapters: defineCollection({
    loader: checkedGlob({ pattern: chapterPatterns.chapters, base: chaptersDir, generateId: idFromPath }, chapters),
    schema: chapters,
  }),
  subpages: defineCollection({
    loader: checkedGlob({ pattern: chapterPatterns.subpages, base: chaptersDir, generateId: idFromPath }, subpages),
    schema: subpages,
  }),
  members: defineCollection({ loader: checkedGlob({ pattern: '*.yaml', base: './book/members' }, members), schema: members }),
  // The authors' words on the home page, outside the code.
  preface: defineCollection({ loader: checkedGlob({ pattern: 'preface.mdx', base: './book', generateId: idFromPath }, preface), schema: preface }),
  // The bibliography every [@key] citation comes from: one BibTeX file, beside the chapters.
  references: defineCollection({
    loader: bibliographyLoader(`${chaptersDir}/references.bib`),
    schema: z.looseObject({ id: z.string(), type: z.string() }),
  }),
  // Slide decks, shown at /slides/<name> (src/pages/slides/[deck].astro) and in a chapter by <Embed kind="slides">.
  slides: defineCollection({ loader: checkedGlob({ pattern: '*.mdx', base: './book/slides', generateId: idFromPath }, slides), schema: slides }),
};
