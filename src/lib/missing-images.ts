/**
 * Every image an entry's frontmatter names must exist: Astro's own error comes late, from a module of its
 * own making, and names neither the entry nor the field.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { locateIssues, type Mistake } from './frontmatter-errors.ts';
import { imageRefs } from './image-refs.ts';

type Entries = ReturnType<LoaderContext['store']['values']>;

/** The images the entries name that do not exist, each with its file and the line of its field (paths relative to root). */
export function missingImages(root: string, entries: Entries) {
  return entries.flatMap(({ data, filePath, assetImports = [] }) =>
    filePath
      ? imageRefs(data, filePath, assetImports)
          .filter((ref) => !existsSync(join(root, ref.resolved)))
          .map((ref) => {
            const [{ line } = {}] = locateIssues(readFileSync(join(root, filePath), 'utf8'), [{ field: ref.field, message: '' }]);
            return { ref, file: filePath, line };
          })
      : [],
  );
}

/** The mistake an author reads: a line per missing image, naming the file, the line and the field. */
export function imagesMistake(root: string, missing: ReturnType<typeof missingImages>): Mistake {
  const lines = missing.map(({ ref, file, line }) => `${line ? `${file}:${line}` : file}: "${ref.field}": the image ${ref.written} does not exist (looked for ${ref.resolved}).`);
  const [first] = missing;
  return {
    message: `${missing.length === 1 ? 'An image is' : `${missing.length} images are`} missing:\n${lines.join('\n')}`,
    hint: 'Put the image file at that path, or correct the path; it is relative to the file that names it.',
    loc: first && { file: join(root, first.file), line: first.line, column: 1 },
  };
}
