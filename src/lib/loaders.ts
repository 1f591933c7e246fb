/**
 * The glob loader, plus one check Astro leaves to a late and vague error: every image an entry
 * names must exist. The build stops with the file, the field and the fix.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AstroError } from 'astro/errors';
import { glob } from 'astro/loaders';
import type { Loader } from 'astro/loaders';
import { imageRefs } from './image-refs.ts';

type GlobOptions = Parameters<typeof glob>[0];

export function checkedGlob(options: GlobOptions): Loader {
  const inner = glob(options);
  return {
    name: 'book-checked-glob',
    load: async (context) => {
      await inner.load(context);
      const root = context.config.root.pathname;
      const missing = context.store.values().flatMap(({ data, filePath, assetImports = [] }) =>
        filePath
          ? imageRefs(data, filePath, assetImports)
              .filter((ref) => !existsSync(join(root, ref.resolved)))
              .map((ref) => ({ ref, file: filePath }))
          : [],
      );
      if (missing.length === 0) return;
      const lines = missing.map(({ ref, file }) => `${file}: "${ref.field}": the image ${ref.written} does not exist (looked for ${ref.resolved}).`);
      throw new AstroError(
        `${missing.length === 1 ? 'An image is' : `${missing.length} images are`} missing:\n${lines.join('\n')}`,
        'Put the image file at that path, or correct the path; it is relative to the file that names it.',
      );
    },
  };
}
