/**
 * docs/authoring/frontmatter.md: every field of every file an author writes, read from the schemas the build
 * checks them with (src/schemas): whether it is required, what it is for and an example, from each field's meta.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { chapterSchema } from '../../../src/schemas/chapter.ts';
import { memberSchema } from '../../../src/schemas/member.ts';
import { prefaceSchema } from '../../../src/schemas/preface.ts';
import { slidesSchema } from '../../../src/schemas/slides.ts';
import { subpageSchema } from '../../../src/schemas/subpage.ts';

// Astro's image() resolves a picture file; for the reference a path is text.
const context = { image: () => z.string() } as unknown as SchemaContext;

interface Kind {
  heading: string;
  /** Where the files are, and what the page shows of them. */
  intro: string[];
  schema: z.ZodObject;
  pictures?: [file: string, alt: string][];
}

/** The files authors write, in the order a book is written. */
const frontmatterKinds: Kind[] = [
  {
    heading: 'Chapters',
    intro: [
      'A chapter is a file in `chapters/`, named with its number in two digits and a short name: `chapters/02-mega-slums.mdx`',
      'is at `/index/Chapter2`. Its picture and title make its card on the contents page:',
    ],
    schema: chapterSchema(context),
    pictures: [
      ['chapter-card.png', "The contents page's card for Chapter 2: its drawing of houses on a hillside, 'Chapter 2' and its title."],
      ['chapter-header.png', "The top of Chapter 1: 'Chapter 1', the title 'Introduction', the reading time and 'Last updated'."],
    ],
  },
  {
    heading: 'Sub-pages',
    intro: [
      "A sub-page is a file in a folder named as its chapter's file: `chapters/03-water-sanitation/BlockA.mdx` is at",
      '`/index/Chapter3/BlockA`. It has no picture.',
    ],
    schema: subpageSchema(),
  },
  {
    heading: 'The preface',
    intro: ["The home page's preface, `book/preface.mdx`, is Markdown under this frontmatter."],
    schema: prefaceSchema(),
  },
  {
    heading: 'Slide decks',
    intro: [
      'A deck is a file in `book/slides/`: `book/slides/introduction.mdx` is at `/slides/introduction`. Its frontmatter',
      'makes the title slide; each [Slide](components.md#slide) after it is one more. A deck cites in words, as',
      '"Barton and Grant (2006)" in a `source` or "(United Nations, 2023)" in its text, and its last slide, titled',
      '"Sources", lists each source it cites as a chapter\'s reference list writes it: titles in `*italics*`, the DOI or',
      'address last. The unit tests compare every entry with what the book writes for chapters/references.bib.',
    ],
    schema: slidesSchema(),
  },
  {
    heading: 'Members',
    intro: [
      'Each card of the members page is a file `book/members/<name>.yaml` (fields only, no `---` lines), its portrait in',
      '`book/members/photos/`.',
    ],
    schema: memberSchema(context),
  },
];

interface Field {
  name: string;
  required: boolean;
  description: string;
  example?: string | undefined;
  nested: Field[];
}

/** Each field of a schema, in the order authors write them, with its meta. */
export function fieldsOf(schema: z.ZodObject): Field[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const type = field as z.ZodType;
    const meta = type.meta() ?? {};
    const [example] = (meta.examples ?? []) as string[];
    return {
      name,
      required: !type.safeParse(undefined).success,
      description: meta.description ?? '',
      example,
      nested: type instanceof z.ZodObject ? fieldsOf(type) : [],
    };
  });
}

/** A field as YAML: `name: value`, or its nested fields or list on the lines below. */
function yamlOf(field: Field, indent = ''): string[] {
  if (field.nested.length > 0) return [`${indent}${field.name}:`, ...field.nested.flatMap((inner) => yamlOf(inner, `${indent}  `))];
  if (field.example?.startsWith('- ')) return [`${indent}${field.name}:`, `${indent}  ${field.example}`];
  return [`${indent}${field.name}: ${field.example ?? ''}`];
}

/** An example file's fields: the required ones, as a new file starts. */
function exampleOf(kind: Kind): string {
  const lines = fieldsOf(kind.schema)
    .filter((field) => field.required)
    .flatMap((field) => yamlOf({ ...field, nested: field.nested.filter((inner) => inner.required) }));
  return kind.heading === 'Members' ? lines.join('\n') : ['---', ...lines, '---'].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The frontmatter reference, as Markdown. */
export function frontmatterReference(): string {
  const parts = [
    '# Frontmatter',
    '',
    '<!-- Written by npm run make:authoring-reference from the schemas in src/schemas: edit those, not this file. -->',
    '',
    'The frontmatter is the lines between the two `---` at the top of a file: a field name, a colon, a space and a',
    'value. Put text in straight double quotes (`"…"`), or a colon or a ` #` in it breaks the line. Lines starting',
    'with `#` are notes the book ignores. `npm run check` names each mistake with its line and its fix (see',
    '[Troubleshooting](troubleshooting.md#mistakes-in-the-frontmatter)).',
  ];
  for (const kind of frontmatterKinds) {
    parts.push('', `## ${kind.heading}`, '', ...kind.intro, '', '```yaml', exampleOf(kind), '```');
    parts.push('', '| Field | Required | What it is for | Example |', '| :-- | :-- | :-- | :-- |');
    const rows = (field: Field, prefix = ''): string[] => [
      `| \`${prefix}${field.name}\` | ${field.required ? 'yes' : 'no'} | ${cell(field.description)} | ${field.example ? `\`${cell(field.example)}\`` : 'its fields below'} |`,
      ...field.nested.flatMap((inner) => rows(inner, `${prefix}${field.name}.`)),
    ];
    parts.push(...fieldsOf(kind.schema).flatMap((field) => rows(field)));
    for (const [file, alt] of kind.pictures ?? []) parts.push('', `![${alt}](pictures/${file})`);
  }
  return `${parts.join('\n')}\n`;
}
