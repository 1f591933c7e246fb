/**
 * The book as `npm run build` made it, before these tests in npm test: with data saver on, every picture and frame that
 * waits names what it costs (src/components/data-saver/), and the size it names is that of the file it would fetch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { formatSize, servedSize } from '../../src/lib/file-size.ts';
import { projectRoot } from '../../tools/common/scratch-project.ts';

const dist = join(projectRoot, 'dist');
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
const served = (sitePath: string) => {
  const file = join(dist, sitePath.split(/[?#]/)[0]!);
  return servedSize(file, readFileSync(file));
};
const inside = (element: Element, name: string): Element | undefined =>
  element.parent && 'name' in element.parent ? (element.parent.name === name ? element.parent : inside(element.parent, name)) : undefined;
const lazy = (element: Element) => element.attribs.loading === 'lazy';

/** Each picture and frame a reader with data saver is asked about: lazy, outside <noscript>, with a name to ask by. */
function waiting(html: string): { element: Element; fetches: string }[] {
  const all = DomUtils.findAll((element) => ['img', 'iframe', 'source'].includes(element.name), parseDocument(html).children);
  return all.flatMap((element) => {
    if (inside(element, 'noscript')) return [];
    const picture = element.name === 'source' ? inside(element, 'picture') : undefined;
    const img = picture ? DomUtils.getElementsByTagName('img', picture)[0] : element;
    if (!img || !lazy(img) || !(img.attribs.alt || img.attribs.title)) return [];
    const fetches = (element.attribs.srcset ?? element.attribs.src ?? '').split(/[\s,]/)[0] ?? '';
    return [{ element, fetches }];
  });
}

describe('data saver sizes', () => {
  const sized = pages.flatMap((page) =>
    waiting(readFileSync(join(dist, page), 'utf8')).map((item) => ({ page: relative(dist, join(dist, page)), ...item })),
  );

  it('every picture and frame that waits names its size', () => {
    expect(sized.length).toBeGreaterThan(10);
    expect(sized.filter(({ element }) => !element.attribs['data-size']).map(({ page, fetches }) => `${page}: ${fetches}`)).toEqual([]);
  });

  it("a file's size is what a host sends for it", () => {
    const files = sized.filter(({ fetches }) => fetches.startsWith('/') && !/\/$|\/[^./]+$/.test(fetches.split(/[?#]/)[0]!));
    expect(files.length).toBeGreaterThan(10);
    for (const { page, element, fetches } of files)
      expect(`${page}: ${fetches} ${element.attribs['data-size']}`).toBe(`${page}: ${fetches} ${formatSize(served(fetches))}`);
  });

  // A page in a frame is sized from its deck before it is built: about right, within half and twice what it costs
  // a reader who has the chapter (its HTML, and the stylesheets and pictures the chapter did not load).
  it("a framed page's size is about what it costs", () => {
    const frames = sized.filter(({ element }) => element.name === 'iframe' && !element.attribs.src!.includes('.'));
    expect(frames.length).toBeGreaterThan(0);
    for (const { page, element } of frames) {
      const chapter = new Set(refsOf(readFileSync(join(dist, page), 'utf8')));
      const framed = join(element.attribs.src!, 'index.html');
      const cost = refsOf(readFileSync(join(dist, framed), 'utf8'))
        .filter((ref) => !chapter.has(ref))
        .reduce((sum, ref) => sum + served(ref), served(framed));
      const [, stated] = /^about (\d+) KB$/.exec(element.attribs['data-size'] ?? '') ?? [];
      expect(Number(stated) * 1000, `${page}: ${framed}`).toBeGreaterThanOrEqual(cost / 2);
      expect(Number(stated) * 1000, `${page}: ${framed}`).toBeLessThanOrEqual(cost * 2);
    }
  });
});

/** The stylesheets and pictures of this site a page loads. */
function refsOf(html: string): string[] {
  const document = parseDocument(html);
  const sheets = DomUtils.getElementsByTagName('link', document.children).filter((link) => link.attribs.rel === 'stylesheet');
  const images = DomUtils.getElementsByTagName('img', document.children);
  return [...sheets.map((link) => link.attribs.href ?? ''), ...images.map((img) => img.attribs.src ?? '')].filter((ref) => ref.startsWith('/'));
}
