/**
 * Data saver: each picture of a page's Markdown states what fetching it costs (`data-size="24 KB"`), read from its
 * file as the page renders, so the placeholder that stands in for it can say so (src/components/data-saver/).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import type { PluginFactoryContext } from 'satteri';
import { formatSize, servedSize } from '../src/lib/file-size.ts';

const local = /^\.{0,2}\//;

export const pictureSizes = ({ fileURL }: PluginFactoryContext) =>
  defineMdastPlugin({
    name: 'book-picture-sizes',
    image(node, ctx) {
      if (!fileURL || !local.test(node.url)) return;
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(fileURLToPath(new URL(node.url.split(/[?#]/)[0] ?? '', fileURL)));
      } catch {
        return;
      }
      // Its element's attributes (mdast's hProperties), which Astro passes on to the <img> it renders.
      const data = { ...node.data, hProperties: { 'data-size': formatSize(servedSize(node.url, bytes)) } } as typeof node.data;
      ctx.replaceNode(node, { ...node, data });
    },
  });
