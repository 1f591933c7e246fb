/**
 * Where the tests read the fixture books whole (tools/common/fixture-books.ts): Vitest's global setup writes every one
 * before the tests run.
 */
import { join } from 'node:path';
import { fixtureNames, writeFixtureBook } from '../../tools/common/fixture-books.ts';
import { projectRoot } from '../../tools/common/scratch-project.ts';

export { fixtureNames, fixtures, writeFixtureBook } from '../../tools/common/fixture-books.ts';

/** Where the global setup writes a fixture book whole, from the project's root (as the check's messages name it). */
export const fixtureBook = (name: string): string => `tests/.output/fixture-books/${name}`;

/** Vitest's global setup: every fixture book written whole, once, before any test file reads one. */
export default function writeEveryFixtureBook(): void {
  for (const name of fixtureNames()) writeFixtureBook(name, join(projectRoot, fixtureBook(name)));
}
