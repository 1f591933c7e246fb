import type { Entry } from '../../src/lib/troubleshooting.ts';
import type { Finding } from './findings.ts';
import type { SourceFile } from './source-files.ts';

/**
 * One kind of mistake the author check finds in a file of the book, one module each in rules/ (listed in
 * rules/index.ts): what it finds, in an author's words, its entry on the troubleshooting page, and examples of what it
 * refuses and lets be, which tests/unit/check-rules.test.ts runs in memory and the troubleshooting page shows.
 */
export interface FileRule {
  help: Entry;
  check: (file: SourceFile) => Finding[];
  /** It reads a file the other rules cannot (not UTF-8, its frontmatter unreadable), which they leave to it. */
  everyFile?: boolean;
  examples: {
    /** A chapter's text (or its bytes as saved) the rule refuses, and the start of what it says: one finding each. */
    refused: [text: string | Uint8Array, says: string][];
    /** Text it lets be. */
    accepted: (string | Uint8Array)[];
  };
}

export const defineRule = (rule: FileRule) => rule;
