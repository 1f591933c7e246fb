/**
 * `npm run check`: the author check over the chapters (BOOK_CHAPTERS_DIR, or chapters/).
 * Usage: node tools/check/check-book.ts [--offline]
 * Prints one line per finding (file:line:column: what is wrong, and the fix), then a summary;
 * exits with 1 if there is a problem. Warnings (links to other sites that fail) never fail it.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBook, reportOf } from '../../integrations/check/author-check.ts';
import { chaptersFolder } from '../../src/lib/chapter-files.ts';

const { values } = parseArgs({ options: { offline: { type: 'boolean', default: false } } });
const project = join(import.meta.dirname, '../..');

const dir = chaptersFolder();

const result = await checkBook({ dir, project, external: !values.offline });
if (result.fileCount === 0) {
  console.log(
    `Author check: there are no chapter files (*.mdx) in ${dir}. Run it from the project's folder, or set BOOK_CHAPTERS_DIR to the chapters' folder.`,
  );
  process.exit(1);
}
const { lines, failed } = reportOf(result);
for (const line of lines) console.log(line);
process.exitCode = failed ? 1 : 0;
