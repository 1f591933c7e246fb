/**
 * The fixture books (tests/fixtures/books/README.md): valid/, a small correct book, and one folder per mistake holding
 * only what differs from it (the files it changes or adds, and in REMOVED the paths it lacks), written whole by
 * writeFixtureBook() for the tests and for the troubleshooting page's examples.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { projectRoot } from './scratch-project.ts';

export const fixtures = join(projectRoot, 'tests/fixtures/books');
/** The file of a fixture that lists, a path a line, the files of valid/ the book does not have. */
const removedList = 'REMOVED';

/** Every fixture book's name: valid and each mistake. */
export const fixtureNames = (): string[] => readdirSync(fixtures).filter((name) => statSync(join(fixtures, name)).isDirectory());

/** Writes a fixture book whole into `dest` (emptied first): valid/, then the fixture's own files over it. */
export function writeFixtureBook(name: string, dest: string): string {
  const own = join(fixtures, name);
  if (!existsSync(own)) throw new Error(`No fixture book at tests/fixtures/books/${name}`);
  rmSync(dest, { recursive: true, force: true });
  cpSync(join(fixtures, 'valid'), dest, { recursive: true });
  cpSync(own, dest, { recursive: true, filter: (path) => basename(path) !== removedList });
  const removed = join(own, removedList);
  const lacks = existsSync(removed) ? readFileSync(removed, 'utf8').split('\n').filter(Boolean) : [];
  for (const path of lacks) rmSync(join(dest, path));
  return dest;
}
