import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { typeset } from '../lib/typography.ts';
import { emptyError, fieldError, unknownFieldError } from './messages.ts';

type ImageFunction = SchemaContext['image'];

/** image() is typed by what it gives (image metadata) though it reads a path; piping text into it needs that said. */
const readsPath = (image: ImageFunction) => image() as unknown as z.ZodType<z.output<ReturnType<ImageFunction>>, string>;

/** Who made a picture, or where it is from, as the page credits it: "a drawing made for this book". */
const credit = (field: string) =>
  z
    .string({ error: fieldError(`${field}.credit`, `Say who made the picture or where it is from: credit: "a drawing made for this book".`) })
    .trim()
    .min(1, emptyError(`${field}.credit`, 'Say who made the picture or where it is from: credit: "a drawing made for this book".'))
    .optional()
    .meta({ description: 'Who made the picture or where it is from, shown beside it.', examples: ['"a drawing made for this book"'] });

/** An image with its text alternative, as authors write it: `{ src: ./images/x.svg, alt: "…" }`. */
export const imageWithAlt = (context: SchemaContext, field: string) => imageObject(context, field, {});

/** The same, with who made the picture or where it is from (`credit: "…"`), which the page shows beside it. */
export const creditedImage = (context: SchemaContext, field: string) => imageObject(context, field, { credit: credit(field) });

function imageObject<Extra extends z.ZodRawShape>({ image }: SchemaContext, field: string, extra: Extra) {
  // A member's photo lives in book/members/photos/, a chapter's picture in chapters/images/.
  const example = field === 'photo' ? './photos/author-one.jpg' : './images/street.svg';
  const described = field === 'photo' ? '"A woman with short grey hair, smiling, in front of a bookshelf"' : '"A crowded street market"';
  return z.strictObject(
    {
      // Checked as text first, so a missing path gets a plain message.
      src: z
        .string({ error: fieldError(`${field}.src`, `Write the path of the picture: src: ${example}`) })
        .pipe(readsPath(image))
        .meta({
          description: 'The picture file (SVG, PNG, JPEG or WebP), its path starting from the folder of the file that names it.',
          examples: [example],
        }),
      alt: z
        .string({ error: fieldError(`${field}.alt`, `Describe the image in a short sentence: alt: "A crowded street market".`) })
        .trim()
        .min(1, emptyError(`${field}.alt`, 'Describe the image in a short sentence: alt: "A crowded street market".'))
        .transform(typeset)
        .meta({
          description: 'What the picture shows, in a sentence, for readers who cannot see it. Never empty.',
          examples: [described],
        }),
      ...extra,
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? fieldError(field, `Give the picture and its description:\n${field}:\n  src: ${example}\n  alt: ${described}`)(issue)
          : unknownFieldError(field, ['src', 'alt', ...Object.keys(extra)])(issue),
    },
  );
}
