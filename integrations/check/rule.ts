import type { Finding } from './findings.ts';
import type { BookMap } from './link-check.ts';
import type { SourceFile } from './source-files.ts';

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
