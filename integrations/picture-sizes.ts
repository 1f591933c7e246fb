/**
 * Data saver: each picture of a page's Markdown states what fetching it costs (`data-size="24 KB"`), read from its
 * file as the page renders, so the placeholder that stands in for it can say so (src/components/data-saver/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import type { PluginFactoryContext } from 'satteri';
import { formatSize, servedSize } from '../src/lib/file-size.ts';

/** An address with a scheme (https:, data:) or a host (//) is not a file of this book. */
const elsewhere = /^([a-z][a-z\d+.-]*:|\/\/)/i;

export const pictureSizes = ({ fileURL }: PluginFactoryContext) =>
  defineMdastPlugin({
    name: 'book-picture-sizes',
    image(node, ctx) {
      if (!fileURL || elsewhere.test(node.url)) return;
      let bytes: Uint8Array;
      try {
        // A path from / is a file of public/, as Astro serves it; any other, from the page's folder.
        const path = decodeURI(node.url.split(/[?#]/)[0] ?? '');
        bytes = readFileSync(path.startsWith('/') ? join(process.cwd(), 'public', path) : fileURLToPath(new URL(path, fileURL)));
      } catch {
        return;
      }
      // Its element's attributes (mdast's hProperties), which Astro passes on to the <img> it renders.
      const data = {
        ...node.data,
        hProperties: { ...(node.data as { hProperties?: object } | undefined)?.hProperties, 'data-size': formatSize(servedSize(node.url, bytes)) },
      } as typeof node.data;
      ctx.replaceNode(node, { ...node, data });
    },
  });
