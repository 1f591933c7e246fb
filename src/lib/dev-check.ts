/**
 * `astro dev` keeps the last valid version of a file whose frontmatter has a mistake (its loader logs the mistake
 * and goes on). So that the author sees the mistake where they look, the page, the files behind the entries it
 * shows are checked again as they are on disk, and the first mistake is thrown for the dev server's overlay.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { collectionSchemas } from '../schemas/collection-schemas.ts';
import { type EntrySchema, frontmatterMistake, readFrontmatter } from './frontmatter-check.ts';

const schemas: Record<string, EntrySchema | undefined> = collectionSchemas;

/** Files found right, by when they were saved: each request reads again only what changed (a long book has 1,000). */
const checked = new Map<string, number>();

/** Throws the first mistake in the files of these entries as they are saved now. */
export function devMistake(entries: readonly { collection: string; filePath?: string | undefined }[]): void {
  const root = process.cwd();
  for (const { collection, filePath } of entries) {
    const schema = schemas[collection];
    if (!schema || !filePath) continue;
    const file = resolve(root, filePath);
    const saved = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (saved === undefined || checked.get(file) === saved) continue;
    const source = readFileSync(file, 'utf8');
    const read = readFrontmatter(root, file, source);
    const mistake = read.mistake ?? frontmatterMistake(root, file, source, read.data, schema);
    if (mistake) throw mistake;
    checked.set(file, saved);
  }
}
