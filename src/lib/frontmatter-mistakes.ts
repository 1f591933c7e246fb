/**
 * A frontmatter mistake as an author reads it: one line per mistake, each starting with the file and the line,
 * in the build's output and in the dev server's overlay alike. The schema's own issues (Zod's structured list)
 * say what is wrong; `yaml`'s parser, with a line counter, says where it is written.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { AstroError } from 'astro/errors';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { closestField } from '../schemas/messages.ts';
import { type Entry, withHelp, type Help } from './troubleshooting.ts';
import { parserMistake, signedValue } from './yaml-mistakes.ts';

/** A collection's schema as content.config.ts gives it: a schema, or a function of Astro's image() helper. */
export type EntrySchema = z.ZodType | ((context: SchemaContext) => z.ZodType);

export interface FieldIssue {
  /** Dotted path of the field, e.g. image.alt; empty for the frontmatter as a whole. */
  field: string;
  /** The schema's message, possibly several lines long. */
  message: string;
  /** Where the field is written (1-based); none for a missing top-level field. */
  line?: number | undefined;
  column?: number | undefined;
}

/** A mistake an author made in a file: the error Astro prints (a build) or shows in its overlay (`astro dev`). */
export class BookMistake extends AstroError {
  /** The overlay's heading. */
  readonly title: string;
  /** The file (absolute) and the line at fault: the overlay shows that line, editors open it. */
  readonly loc: { file: string; line?: number | undefined; column?: number | undefined };

  constructor(title: string, message: string, hint: string, loc: BookMistake['loc']) {
    super(message, hint);
    this.title = title;
    this.loc = loc;
  }
}

/** A path as the author sees it in the project (chapters/02-second.mdx). */
export const shownPath = (root: string, path: string): string => relative(root, path).split(sep).join('/');

/**
 * The YAML of a file: an MDX file's frontmatter (between the --- lines at its top), or a whole YAML file, its
 * first line, and whether a frontmatter that opens is left without its closing line.
 */
export function yamlOf(source: string, file: string): { yaml: string; firstLine: number; unclosed?: boolean } {
  if (!file.endsWith('.mdx')) return { yaml: source, firstLine: 1 };
  const lines = source.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== '---') return { yaml: '', firstLine: 1 };
  const end = lines.findIndex((text, i) => i > 0 && text.trimEnd() === '---');
  if (end === -1) return { yaml: '', firstLine: 2, unclosed: true };
  return { yaml: lines.slice(1, end).join('\n'), firstLine: 2 };
}

/** Where a field is written: its line and column, or its nearest written parent's; nothing for a missing top-level field. */
export type Locate = (path: readonly PropertyKey[]) => { line?: number; column?: number };

/** Reads the YAML once, and answers where each field asked for is written. */
export function fieldLocator(yaml: string, firstLine: number): Locate {
  const lineCounter = new LineCounter();
  const contents = parseDocument(yaml, { lineCounter }).contents;
  return (path) => {
    let node: unknown = contents;
    let offset: number | undefined;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(key));
        if (!pair || !isScalar(pair.key)) break;
        offset = pair.key.range?.[0];
        node = pair.value;
      } else if (isSeq(node) && typeof key === 'number' && node.items[key]) {
        node = node.items[key];
        offset = (node as { range?: [number] }).range?.[0] ?? offset;
      } else break;
    }
    if (offset === undefined) return {};
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + firstLine - 1, column: col };
  };
}

/** An issue as written after its place: the field is named first where the message does not already name it. */
export function issueMessage({ field, message }: FieldIssue): string {
  // A list's item (bio.0) is named by its list.
  const namesField = field === '' || message.includes(`"${field}"`) || message.includes(`"${field.replace(/(\.\d+)+$/, '')}"`);
  return `${namesField ? '' : `"${field}": `}${message}`;
}

/** The issue as the build's error lists it, its further lines indented under it. */
const issueText = (issue: FieldIssue): string => issueMessage(issue).replaceAll('\n', '\n    ');

/** One line per issue, starting with the file and its line. */
export function describeFieldIssues(file: string, issues: FieldIssue[]): string {
  return issues.map((issue) => `${issue.line ? `${file}:${issue.line}` : file}: ${issueText(issue)}`).join('\n');
}

/** Zod's issues as an author reads them, each located in the file (an unknown field at its own line). */
function fieldIssues(issues: readonly z.core.$ZodIssue[], locate: Locate): FieldIssue[] {
  return issues.map((issue) => {
    const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const path = unknownKey === undefined ? issue.path : [...issue.path, unknownKey];
    return { field: issue.path.map(String).join('.'), message: issue.message, ...locate(path) };
  });
}

/** Where a picture a field names is looked for: the disk, unless the check gives its own reader. */
export interface PictureFiles {
  exists: (path: string) => boolean;
  isFolder: (path: string) => boolean;
}
const onDisk: PictureFiles = {
  exists: (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false,
  isFolder: (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false,
};

/**
 * Checks an entry's data against its collection's schema, with pictures that must exist beside the file:
 * each issue located in the file, or none. `file` is absolute; `source` the file's text; `files`, where pictures are.
 */
export function frontmatterIssues(
  root: string,
  file: string,
  source: string,
  data: unknown,
  schema: EntrySchema,
  files: PictureFiles = onDisk,
): FieldIssue[] {
  const existing = z
    .string()
    .refine((path) => !/^[a-z][a-z\d+.-]*:/i.test(path) && !path.includes('\\'), {
      error: (issue) =>
        withHelp(
          /^https?:/i.test(String(issue.input))
            ? `${String(issue.input)} is on another site: the book shows only its own pictures. Save the picture (if its licence allows) in the images folder beside this file and write src: ./images/its-name.`
            : `${String(issue.input)} is a place on your own computer, which the build cannot read. Copy the picture into the images folder beside this file and write src: ./images/${String(issue.input).split(/[\\/]/).pop()}.`,
          'imageMissing',
        ),
      abort: true,
    })
    .refine((path) => !path.startsWith('/'), {
      error: (issue) =>
        withHelp(
          `${String(issue.input)} starts with /, which the build reads from the project's root, not from this file's folder. Write it from this file: .${String(issue.input)}`,
          'imageMissing',
        ),
      abort: true,
    })
    .refine((path) => !files.isFolder(join(dirname(file), path)), {
      error: (issue) =>
        withHelp(
          `${String(issue.input)} is a folder, not a picture. Write the picture's own file after it, as ${String(issue.input).replace(/\/?$/, '/')}its-name.jpg.`,
          'imageMissing',
        ),
      abort: true,
    })
    .refine((path) => files.exists(join(dirname(file), path)), {
      error: (issue) =>
        withHelp(
          `the image ${String(issue.input)} does not exist (looked for ${shownPath(root, join(dirname(file), String(issue.input)))}). Put the image file at that path, or correct the path; it is relative to the file that names it.`,
          'imageMissing',
        ),
    });
  // Astro's image() reads a path and records it for the build; the check needs only the path, and that it exists.
  const pictures = { image: () => existing } as unknown as SchemaContext;
  const result = (typeof schema === 'function' ? schema(pictures) : schema).safeParse(data);
  if (result.success) return [];
  const { yaml, firstLine } = yamlOf(source, file);
  return fieldIssues(oneIssueEach(result.error.issues, data), fieldLocator(yaml, firstLine));
}

/**
 * One mistake, one issue: a field whose name is misspelt (titel: for title:) is both an unknown field and a missing
 * one; only the unknown field is kept, since its message names the field meant.
 */
function oneIssueEach(issues: readonly z.core.$ZodIssue[], data: unknown): z.core.$ZodIssue[] {
  const valueAt = (path: readonly PropertyKey[]) =>
    path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), data);
  const parentOf = (path: readonly PropertyKey[]) => path.slice(0, -1).map(String).join('.');
  const missing = issues.filter((issue) => issue.code === 'invalid_type' && issue.path.length > 0 && valueAt(issue.path) === undefined);
  const meant = new Set(
    issues.flatMap((unknown) =>
      unknown.code !== 'unrecognized_keys'
        ? []
        : unknown.keys.flatMap((key) => {
            const siblings = missing.filter((issue) => parentOf(issue.path) === unknown.path.map(String).join('.'));
            const field = closestField(
              key,
              siblings.map((issue) => String(issue.path.at(-1))),
            );
            return siblings.filter((issue) => String(issue.path.at(-1)) === field);
          }),
    ),
  );
  // alt: written at the left edge under image: is read as a field of its own, and image.alt as missing: one mistake.
  const misplaced = new Map<z.core.$ZodIssue, z.core.$ZodIssue>();
  for (const unknown of issues) {
    if (unknown.code !== 'unrecognized_keys' || unknown.keys.length !== 1) continue;
    const key = unknown.keys[0]!;
    const under = missing.find((issue) => issue.path.length === unknown.path.length + 2 && String(issue.path.at(-1)) === key && !meant.has(issue));
    if (!under) continue;
    const parent = String(under.path.at(-2));
    meant.add(under);
    const message = `"${key}" belongs under ${parent}:, but it starts further left, so it is read as a field of its own. Indent it like the other lines under ${parent}: (two spaces).`;
    misplaced.set(unknown, { ...unknown, message: withHelp(message, 'unreadable') });
  }
  return issues.filter((issue) => !meant.has(issue)).map((issue) => misplaced.get(issue) ?? issue);
}

/** The mistake to throw for an entry whose data its schema refuses (see frontmatterIssues), or undefined. */
export function frontmatterMistake(root: string, file: string, source: string, data: unknown, schema: EntrySchema): BookMistake | undefined {
  const issues = frontmatterIssues(root, file, source, data, schema);
  if (issues.length === 0) return undefined;
  const shown = shownPath(root, file);
  const at = issues.find((issue) => issue.line) ?? { line: 1, column: 1 };
  return new BookMistake(
    'A mistake in the frontmatter.',
    `The frontmatter of ${shown} has ${issues.length === 1 ? 'a mistake' : `${issues.length} mistakes`}:\n${describeFieldIssues(shown, issues)}`,
    'The frontmatter is the lines between the two --- at the top of the file. Change them as described above and save the file: npm run dev shows the page again, npm run build builds it.',
    { file, line: at.line, column: at.column },
  );
}

/** The line a field is written on in a file (field: image.alt), when the file can be read; or in its text, given. */
export function lineOfField(file: string, field: string, source?: string): number | undefined {
  if (source === undefined && !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const { yaml, firstLine } = yamlOf(source ?? readFileSync(file, 'utf8'), file);
  return fieldLocator(yaml, firstLine)(field.split('.')).line;
}

/** A frontmatter that cannot be read at all: where, what is wrong, and the fix. */
export interface Unreadable {
  line: number;
  column: number;
  message: string;
  fix: string;
  /** Its entry in the authors' troubleshooting page. */
  help: Entry;
}

/** A frontmatter that opens but never closes, so none of its fields are read. */
function unclosed(source: string, file: string): Unreadable | undefined {
  if (!yamlOf(source, file).unclosed) return undefined;
  return {
    line: 1,
    column: 1,
    message: 'the frontmatter has no closing --- line, so none of its fields can be read.',
    fix: 'The frontmatter starts and ends with a line of exactly three hyphens (---): add the second one under its last field.',
    help: 'noClosingLine',
  };
}

/** A file's frontmatter (or whole YAML file) read once: its data, or why it cannot be read and where. */
export function readYaml(file: string, source: string): { data: unknown; unreadable?: undefined } | { unreadable: Unreadable } {
  const open = unclosed(source, file);
  if (open) return { unreadable: open };
  const { yaml, firstLine } = yamlOf(source, file);
  const lineCounter = new LineCounter();
  const document = parseDocument(yaml, { lineCounter });
  const [error] = document.errors;
  const place = error && lineCounter.linePos(error.pos[0]);
  const known = place ? parserMistake(yaml, { code: error.code, line: place.line }, firstLine) : undefined;
  const mistake = known ?? signedValue(yaml);
  if (!mistake && !place) return { data: document.toJS() ?? {} };
  const what = file.endsWith('.mdx') ? 'the frontmatter' : 'this file';
  const { line, column, message, fix } = mistake
    ? { ...mistake, message: `${what} cannot be read: ${mistake.message}` }
    : {
        line: place?.line ?? 1,
        column: place?.col ?? 1,
        message: `${what} cannot be read from column ${place?.col ?? 1} of this line.`,
        fix: file.endsWith('.mdx')
          ? 'A value with a colon in it must be in double quotes: title: "Water: a human right". Lines under image: are indented by two spaces.'
          : 'A value with a colon in it must be in double quotes: name: "Ana Silva: editor". Lines under photo: and bio: are indented by two spaces.',
      };
  return { unreadable: { line: line + firstLine - 1, column, message, fix, help: 'unreadable' } };
}

const unreadableMistake = (root: string, file: string, { line, column, message, fix, help }: Unreadable) =>
  new BookMistake('A mistake in the frontmatter.', withHelp(`${shownPath(root, file)}:${line}: ${message}`, help), fix, { file, line, column });

/** A frontmatter that opens but never closes, as the mistake to throw; undefined for any other. */
export function unclosedMistake(root: string, file: string, source: string): BookMistake | undefined {
  const open = unclosed(source, file);
  return open && unreadableMistake(root, file, open);
}

/** A file's frontmatter (or whole YAML file) read once: its data, or the mistake that stops it being read, with its line. */
export function readFrontmatter(root: string, file: string, source: string): { data: unknown; mistake?: undefined } | { mistake: BookMistake } {
  const read = readYaml(file, source);
  return read.unreadable ? { mistake: unreadableMistake(root, file, read.unreadable) } : { data: read.data };
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  noClosingLine: {
    shows: [{ build: 'unclosed-frontmatter' }],
  },
  unreadable: {
    shows: [{ build: 'colon-in-title' }],
  },
  imageMissing: {
    shows: [{ build: 'missing-image-file' }],
  },
};
