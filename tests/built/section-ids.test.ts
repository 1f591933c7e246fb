/**
 * The book as `npm run build:downloads` made it, before these tests in npm test: the author check's idea of each page's
 * section addresses (which links to a section are checked against) is the ids the build gives them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBook } from '../../integrations/check/source-files.ts';

const project = join(import.meta.dirname, '../..');

describe("the check's section addresses", () => {
  // The book as `npm run build` made it, before these tests in npm test: every heading ("Where the world's cities
  // are" is #where-the-worlds-cities-are), box, activity, figure and annex of every published page.
  it('are the ids the build gives the headings, boxes and activities of every page', () => {
    const pages = readBook(join(project, 'chapters')).filter((file) => file.routes.length > 0 && file.frontmatter.draft !== true);
    const checked = pages.flatMap((file) => {
      const html = readFileSync(join(project, 'dist', file.routes[0]!, 'index.html'), 'utf8');
      const built = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id));
      return [...file.ids].map((id) => ({ where: `${file.file}: #${id}`, built: built.has(id) }));
    });
    expect(checked.map(({ where }) => where)).toContain('chapters/01-introduction.mdx: #where-the-worlds-cities-are');
    expect(checked.filter((id) => !id.built)).toEqual([]);
  });
});
