import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Help } from '../../src/lib/troubleshooting.ts';
import { type Finding, formatFinding } from './findings.ts';
import { type BookMap, bookMap } from './book-map.ts';
import { type SourceFile, sourceFile } from './source-files.ts';

/**
 * One kind of mistake the author check finds in a file of the book, one module each in rules/ (listed in
 * rules/index.ts): what it finds, in an author's words with the troubleshooting entry each finding links to, and
 * examples of what it refuses and lets be, which tests/unit/check-rules.test.ts runs in memory, each in a chapter, and
 * the troubleshooting page shows.
 */
export interface FileRule {
  /** `book`: what a file's rules may ask of the book it is in (whether the file is a draft, or in a draft chapter). */
  check: (file: SourceFile, book: Pick<BookMap, 'draftOf'>) => Finding[];
  /** It reads a file the other rules cannot (not UTF-8, its frontmatter unreadable), which they leave to it. */
  everyFile?: boolean;
  /** What the troubleshooting page says under the entries its messages link to (beside what other modules say there). */
  help?: Help;
  examples: {
    /**
     * A chapter's text after its frontmatter (or, starting with ---, a whole chapter; or a file's bytes as saved) the
     * rule refuses, and the start of what it says: one finding each, and none from the other rules.
     */
    refused: [text: string | Uint8Array, says: string][];
    /** Text it lets be. */
    accepted: (string | Uint8Array)[];
  };
}

/** What a rule that reads the whole book at once is given. */
export interface Book {
  /** The chapters, sub-pages and other texts the rules can read. */
  files: SourceFile[];
  /** Every one of them read, those the rules cannot read too (not UTF-8, their frontmatter not there or not closed). */
  all: SourceFile[];
  /** The chapters' folder. */
  dir: string;
  /** Every text of the book is among them (the project's own chapters, with book/): what none cites is cited nowhere. */
  whole: boolean;
  /** The project's folder: public/ and the styles are read from it. */
  project: string;
  /** A file's bytes, undefined where there is none: in memory for an example's chapters/, from disk for the book. */
  read: (path: string) => Buffer | undefined;
  /** The names in a folder, [] where there is none. */
  list: (dir: string) => string[];
  /** Its pages and files, with every file read (those the rules cannot read too). */
  map: BookMap;
}

/**
 * A book of examples: its files by their path from chapters/ (`02-second.mdx`, `references.bib`, or elsewhere in the
 * project, `../book/members/member-4.yaml`), a chapter's text as for a FileRule.
 */
type ExampleFiles = Record<string, string | Uint8Array>;

/** One kind of mistake the check finds across the book's files (citations against the bibliography), one module in rules/ too. */
export interface BookRule {
  checkBook: (book: Book) => Finding[] | Promise<Finding[]>;
  /** As a FileRule's. */
  help?: Help;
  examples: {
    /** A book the rule refuses, and the start of what it says: one finding each, and none from the other rules. */
    refused: [files: ExampleFiles, says: string][];
    /** Books it lets be. */
    accepted: ExampleFiles[];
  };
}

export type Rule = FileRule | BookRule;

export const defineRule = (rule: FileRule) => rule;
export const defineBookRule = (rule: BookRule) => rule;

/** The project the examples are books of, wherever the check runs from. */
const project = join(import.meta.dirname, '../..');

/** An example chapter's frontmatter: its fields, then the picture every example book holds (images/cover.svg). */
export const exampleFrontmatter = (fields: string) => `---\n${fields}\nimage:\n  src: ./images/cover.svg\n  alt: "Three yellow buildings."\n---\n\n`;

/** A chapter's text in an example, with a frontmatter unless it has its own. */
const withFrontmatter = (text: string) => (text.startsWith('---\n') ? text : `${exampleFrontmatter('number: 2\ntitle: "A second chapter"')}${text}`);

/** The chapter before every example's, unless the example gives its own. */
const firstChapter = `${exampleFrontmatter('number: 1\ntitle: "A first chapter"')}Cities grow faster than the health services they need.\n`;

/** The picture every example chapter's frontmatter names. */
const cover = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 12 6"><rect width="12" height="6"/></svg>';

/** A file rule's example as the check reads it: the second chapter (its frontmatter added, unless it has one) of a book of examples with `files`. */
export function exampleChapter(text: string | Uint8Array, files: ExampleFiles = {}): { file: SourceFile; book: Book } {
  const book = exampleBookOf({ ...files, '02-second.mdx': text });
  return { file: book.all.find((page) => page.path === join(book.dir, '02-second.mdx'))!, book };
}

/** A book's pictures as a field's schema looks for them (frontmatterIssues): a file there, or a folder. */
export const picturesOf = ({ read, list }: Pick<Book, 'read' | 'list'>) => ({
  exists: (path: string) => read(path) !== undefined,
  isFolder: (path: string) => read(path) === undefined && list(dirname(path)).includes(basename(path)),
});

/** The project's files as the check reads them from disk: a file's bytes, a folder's names. */
export const onDisk = {
  read: (path: string) => (statSync(path, { throwIfNoEntry: false })?.isFile() ? readFileSync(path) : undefined),
  list: (dir: string) => (statSync(dir, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(dir) : []),
};

/**
 * A book rule's example as the check reads a book: its files in chapters/ in memory alone; its files elsewhere in the
 * project (book/members/…) beside those on disk; every other file of the project on disk.
 */
export function exampleBookOf(files: ExampleFiles): Book {
  const dir = join(project, 'chapters');
  const bytes = new Map(
    Object.entries({ 'images/cover.svg': cover, '01-first.mdx': firstChapter, ...files }).map(([name, text]) => [
      join(dir, name),
      Buffer.from(typeof text === 'string' && name.endsWith('.mdx') ? withFrontmatter(text) : text),
    ]),
  );
  const pages = [...bytes]
    .filter(([path]) => path.startsWith(`${dir}/`) && path.endsWith('.mdx'))
    .map(([path, text]) => sourceFile(path, text, path.slice(dir.length + 1).includes('/') ? 'subpage' : 'chapter'));
  const inChapters = (path: string) => path === dir || path.startsWith(`${dir}/`);
  // The files and folders directly in a folder, as a listing of the disk gives them.
  const names = (folder: string) => [
    ...new Set([...bytes.keys()].filter((path) => path.startsWith(`${folder}/`)).map((path) => path.slice(folder.length + 1).split('/')[0]!)),
  ];
  return {
    files: pages,
    all: pages,
    dir,
    project,
    whole: true,
    read: (path) => bytes.get(path) ?? (inChapters(path) ? undefined : onDisk.read(path)),
    list: (folder) => [...new Set([...names(folder), ...(inChapters(folder) ? [] : onDisk.list(folder))])].sort(),
    map: bookMap(pages, project),
  };
}

/** What a rule finds in its Nth refused example (from 1). */
export async function exampleFindings(rule: Rule, example: number): Promise<Finding[]> {
  if (!rule.examples.refused[example - 1]) throw new Error(`The rule has no refused example ${example}.`);
  if ('check' in rule) {
    const { file, book } = exampleChapter(rule.examples.refused[example - 1]![0]);
    return rule.check(file, book.map);
  }
  return rule.checkBook(exampleBookOf(rule.examples.refused[example - 1]![0]));
}

/** The first line the check prints for a rule's Nth refused example, as the troubleshooting page shows it. */
export async function printedExample(rule: Rule, example: number): Promise<string> {
  const [printed = ''] = (await exampleFindings(rule, example)).map(formatFinding);
  return printed.split('\n')[0] ?? '';
}
