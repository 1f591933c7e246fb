/**
 * `npm start` after `npm run build:downloads`: its own build makes no book to take away, and offers the one
 * build:downloads made (npm test's, in .downloads/) rather than dropping it. The reasons and the dates are unit-tested
 * in tests/unit/kept-downloads.test.ts; here a whole build proves the pages offer the files.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { projectRoot } from '../../tools/common/scratch-project.ts';
import { buildBook, buildTimeout, outputRoot } from '../support/build-book.ts';
import { slowTier } from '../support/tiers.ts';

it(
  "npm start's build keeps offering the book to take away that npm run build:downloads made",
  async (context) => {
    slowTier(context, "npm start's build with the book to take away");
    const made = join(projectRoot, '.downloads');
    const listed = (JSON.parse(readFileSync(join(made, 'downloads.json'), 'utf8')) as { file: string }[]).map(({ file }) => file);
    // The book being replaced offered a book to take away, as one made by npm run build:downloads does.
    const lastGood = join(outputRoot, 'start-keeps-downloads-last-good');
    mkdirSync(join(lastGood, 'downloads'), { recursive: true });
    const { code, output, dist } = await buildBook('valid', {
      name: 'start-keeps-downloads',
      lastGood,
      args: ['--or-last-good'],
      edit: (root) => cpSync(made, join(root, '.downloads'), { recursive: true }),
      signal: context.signal,
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(/The book to take away is the one npm run build:downloads made on .*: run it again/);
    expect(readdirSync(join(dist, 'downloads')).sort()).toEqual(expect.arrayContaining(listed));
    expect(readFileSync(join(dist, 'index/index.html'), 'utf8')).toContain('Take the book away');
  },
  buildTimeout,
);
