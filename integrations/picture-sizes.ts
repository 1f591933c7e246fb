/**
 * Data saver: each picture of a page's Markdown states what fetching it costs (`data-size="24 KB"`), read from its
 * file as the page renders, so the placeholder that stands in for it can say so (src/components/data-saver/).
 */
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import type { PluginFactoryContext } from 'satteri';
import { formatSize, pictureSize } from '../src/lib/file-size.ts';

export const pictureSizes = ({ fileURL }: PluginFactoryContext) =>
  defineMdastPlugin({
    name: 'book-picture-sizes',
    image(node, ctx) {
      const bytes = fileURL && pictureSize(fileURLToPath(fileURL), node.url);
      if (bytes === undefined) return;
      // Its element's attributes (mdast's hProperties), which Astro passes on to the <img> it renders.
      const data = {
        ...node.data,
        hProperties: { ...(node.data as { hProperties?: object } | undefined)?.hProperties, 'data-size': formatSize(bytes) },
      } as typeof node.data;
      ctx.replaceNode(node, { ...node, data });
    },
  });
