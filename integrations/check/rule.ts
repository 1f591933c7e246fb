import { resolve } from 'node:path';
import type { Help } from '../../src/lib/troubleshooting.ts';
import type { Finding } from './findings.ts';
import type { BookMap } from './link-check.ts';
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
  /** What the troubleshooting page says under the entries its messages link to, where no other module says it. */
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

export const defineRule = (rule: FileRule) => rule;

/** An example as the check reads it: the second chapter of a book in chapters/ (its frontmatter added, unless it has one). */
export const exampleChapter = (text: string | Uint8Array): SourceFile =>
  sourceFile(
    resolve('chapters/02-second.mdx'),
    typeof text !== 'string' ? text : Buffer.from(text.startsWith('---\n') ? text : `---\nnumber: 2\ntitle: "A second chapter"\n---\n\n${text}`),
    'chapter',
  );

/** The book an example is in: its only chapter, a draft if its frontmatter says so. */
export const exampleBook = { draftOf: (file: SourceFile) => (file.frontmatter['draft'] === true ? file : undefined) };
