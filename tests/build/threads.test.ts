/**
 * Chapters compile and pages render on every core: a compile thread (src/integrations/compile-threads.ts)
 * builds the book's MDX processor and compiles the chapters; a render thread (render-threads.ts) loads the
 * bundle Astro built and renders a share of the pages. What they make must be what Astro's own thread makes:
 * the same book built both ways gives the same files, byte for byte, pictures and the offline lists included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, buildBook } from './build-book.ts';

/** Every file of a built site, by path. Pagefind's index is left out: it numbers pages in the order it reads them. */
function builtFiles(dist: string): Map<string, Buffer> {
  const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => !file.startsWith(join(dist, 'pagefind')))
      .map((file) => [file.slice(dist.length + 1), readFileSync(file)]),
  );
}

let threaded: BuildResult & { files: Map<string, Buffer> };
let single: BuildResult & { files: Map<string, Buffer> };
// One after the other in the same folder: an island's id hashes its component's path.
const build = async (threads: string) => {
  const result = await buildBook('valid', { name: 'threads', env: { BOOK_RENDER_THREADS: threads, BOOK_COMPILE_THREADS: threads } });
  return { ...result, files: result.code === 0 ? builtFiles(result.dist) : new Map<string, Buffer>() };
};
beforeAll(async () => {
  threaded = await build('1');
  single = await build('0');
});

describe('a book built with a compile thread and a render thread', () => {
  it('had every chapter and sub-page compiled by the compile thread', () => {
    expect(threaded.code, threaded.output).toBe(0);
    // Asked for (BOOK_COMPILE_THREADS), the thread compiles every MDX file: the fixture's two chapters and its sub-page.
    expect(threaded.output).toContain('3 of 3 chapters compiled by 1 more thread(s)');
    expect(single.output).not.toContain('compiled by');
  });

  it('had pages rendered by the render thread', () => {
    expect(threaded.code, threaded.output).toBe(0);
    const [, sent, total] = /(\d+) of (\d+) pages rendered by 1 more thread/.exec(threaded.output) ?? [];
    expect(Number(sent), threaded.output).toBeGreaterThan(0);
    expect(Number(sent)).toBeLessThan(Number(total));
    expect(single.output).not.toContain('rendered by');
  });

  it('is the book built on one thread, file for file and byte for byte', () => {
    expect(single.code, single.output).toBe(0);
    const [one, both] = [single.files, threaded.files];
    expect([...both.keys()].sort()).toEqual([...one.keys()].sort());
    // Pictures the thread's pages asked for were made too (the chapters' pictures and their share images).
    expect([...both.keys()].filter((file) => /\.(avif|webp|png|jpg)$/.test(file)).length).toBeGreaterThan(0);
    const differing = [...one].filter(([file, bytes]) => !bytes.equals(both.get(file) ?? Buffer.alloc(0))).map(([file]) => file);
    expect(differing).toEqual([]);
  });
});
