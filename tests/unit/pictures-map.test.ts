/**
 * The dev server's guard against a stale map of frontmatter pictures (src/lib/pictures-map.ts): Astro's store is
 * stood in for by one that writes the map as Astro does (a temporary file renamed onto it), from its own entries.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { picturesMapKeeper, picturesOf } from '../../src/lib/pictures-map.ts';

const chapter = { id: 'chapter-1', data: {}, filePath: 'chapters/01-first.mdx', assetImports: ['./images/market.svg'] };
const line = (src: string, importer: string) => `import p from ${JSON.stringify(`${src}?astroContentImageFlag=&importer=${encodeURIComponent(importer)}`)};`;

function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'pictures-map-'));
  mkdirSync(join(root, '.astro'));
  const map = join(root, '.astro/content-assets.mjs');
  /** Writes the map as Astro does: another file renamed onto it. */
  const writeMap = (pictures: string[]) => {
    writeFileSync(`${map}.tmp`, pictures.map((src) => line(src, chapter.filePath)).join('\n'));
    renameSync(`${map}.tmp`, map);
  };
  writeMap(['./images/street.svg']);
  const asked: string[][] = [];
  let answered: () => void = () => {};
  const answer = new Promise<void>((resolve) => (answered = resolve));
  // Astro's store, asked to write the map again: it writes it from the entry as now stored.
  const store = {
    addAssetImports: (assets: string[]) => {
      asked.push(assets);
      writeMap(assets);
      answered();
    },
  } as unknown as Parameters<typeof picturesMapKeeper>[1];
  return { root: pathToFileURL(`${root}/`), map, writeMap, store, asked, answer };
}

describe("Astro's map of frontmatter pictures in npm run dev", () => {
  test('written stale (the older of two overlapping writes), it is written again with the new picture', async () => {
    const { root, map, writeMap, store, asked, answer } = setUp();
    picturesMapKeeper(root, store)(chapter);
    writeMap(['./images/street.svg']);
    await answer;
    expect(asked).toEqual([['./images/market.svg']]);
    expect(readFileSync(map, 'utf8')).toContain('./images/market.svg?astroContentImageFlag=&importer=chapters%2F01-first.mdx');
  });

  test("an entry's pictures compare in any order", () => {
    expect(picturesOf({ assetImports: ['./b.svg', './a.svg'] })).toBe(picturesOf({ assetImports: ['./a.svg', './b.svg'] }));
    expect(picturesOf(undefined)).toBe('');
  });
});
