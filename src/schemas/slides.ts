import { z } from 'astro/zod';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';
import { words } from './text.ts';

const writeChapter = 'Write the number of the chapter the slides belong to: chapter: 1';

/** Frontmatter of a slide deck (book/slides/<name>.mdx, shown at /slides/<name>): its slides are <Slide> components. */
export const slidesSchema = () =>
  z.strictObject(
    {
      title: words('title', 'Give the deck its title: title: "Urban health: an introduction"').meta({
        description: "The deck's title, on its first slide and in the browser tab.",
        examples: ['"Urban health in rapidly growing cities: an introduction"'],
      }),
      chapter: z
        .number({ error: fieldError('chapter', writeChapter) })
        .int({ error: ruleError('chapter', 'a whole number', writeChapter) })
        .positive({ error: ruleError('chapter', '1 or more', writeChapter) })
        .meta({ description: 'The chapter the deck belongs to, named on its first slide.', examples: ['1'] }),
    },
    { error: unknownFieldError('slides', ['title', 'chapter']) },
  );
