import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Makes a new version of `target` (dist/) in a fresh folder beside it and puts it in place of `target` only once
 * `make` has succeeded: a build that fails half way leaves the last good book where it was, whole. With `startFrom`,
 * the fresh folder starts as a copy of that folder (the downloads are added to a copy of the built book).
 */
export async function replaceWhole(
  target: string,
  make: (fresh: string) => Promise<void>,
  { startFrom }: { startFrom?: string } = {},
): Promise<void> {
  const path = resolve(target);
  // Beside the target, so that putting it in place is a rename on the same disk.
  const fresh = join(dirname(path), `.${basename(path)}-next`);
  const old = join(dirname(path), `.${basename(path)}-old`);
  rmSync(fresh, { recursive: true, force: true });
  if (startFrom) cpSync(startFrom, fresh, { recursive: true });
  try {
    await make(fresh);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
  if (existsSync(path)) renameSync(path, old);
  renameSync(fresh, path);
  rmSync(old, { recursive: true, force: true });
}
