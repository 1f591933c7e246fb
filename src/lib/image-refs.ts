/**
 * Finds the images an entry's frontmatter names, so a missing file can be reported with the entry
 * and the field (Astro's own message names neither). Pure: tests call it with plain objects.
 */
import { dirname, join } from 'node:path';

export interface ImageRef {
  /** Dotted path of the field, e.g. image.src. */
  field: string;
  /** The path as the author wrote it. */
  written: string;
  /** Where it points, relative to the project root. */
  resolved: string;
}

/**
 * Lists the fields of data that hold one of the entry's image imports (what Astro's image() records
 * in `assetImports`), each resolved against the entry's own folder.
 */
export function imageRefs(data: unknown, entryFile: string, imports: readonly string[], field = ''): ImageRef[] {
  if (typeof data === 'string') {
    return imports.includes(data) ? [{ field, written: data, resolved: join(dirname(entryFile), data) }] : [];
  }
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, value]) => imageRefs(value, entryFile, imports, field ? `${field}.${key}` : key));
}
