import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { markdownToHtml } from 'satteri';
import { describe, expect, it } from 'vitest';
import { pictureSizes } from '../../integrations/picture-sizes.ts';
import { formatSize, servedSize } from '../../src/lib/file-size.ts';

// A chapter in a folder of its own, with a picture beside it; public/ is the project's.
const folder = mkdtempSync(join(tmpdir(), 'picture-sizes-'));
mkdirSync(join(folder, 'images'));
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(300)}</svg>`;
writeFileSync(join(folder, 'images', 'a map.svg'), svg);
const sizeOf = (markdown: string) => {
  const { html } = markdownToHtml(markdown, { mdastPlugins: [pictureSizes], fileURL: pathToFileURL(join(folder, 'chapter.mdx')) });
  return /data-size="([^"]*)"/.exec(html)?.[1];
};

describe('the data-saver size of a Markdown picture', () => {
  const mapSize = formatSize(servedSize('a.svg', svg));
  it.each([
    ['a path from its folder', '![A map](./images/a%20map.svg)', mapSize],
    ['a path without ./', '![A map](<images/a map.svg>)', mapSize],
    [
      'a path from the project, a file of public/',
      '![The icon](/favicon.svg)',
      formatSize(servedSize('favicon.svg', readFileSync('public/favicon.svg'))),
    ],
    ['a picture on another site (not this book’s to size)', '![A map](https://example.org/map.svg)', undefined],
    ['a picture that is not there (the check names it; the page is not stopped here)', '![A map](./images/none.svg)', undefined],
  ])('%s', (_, markdown, expected) => {
    expect(sizeOf(markdown)).toBe(expected);
  });
});
