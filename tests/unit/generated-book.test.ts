import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBook, reportOf } from '../../integrations/check/author-check.ts';
import { writeGeneratedBook } from '../../tools/bench/generated-book.ts';
import { projectRoot } from '../../tools/common/scratch-project.ts';

describe("the benchmark's generated book (npm run bench:scale)", () => {
  it('is a book the build accepts: copies of the Introduction pass the author check, their sources and words with them', async () => {
    const dir = writeGeneratedBook(join(projectRoot, 'tests/.output/generated-book'), 3);
    const { lines, failed } = reportOf(await checkBook({ dir, project: projectRoot, external: false }));
    expect(failed, lines.join('\n')).toBe(false);
    expect(lines.at(-1)).toMatch(/^Author check: 3 chapter files, no problems/);
  });
});
