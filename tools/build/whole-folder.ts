import {
  accessSync,
  appendFileSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** Why a build could not begin or could not put its book in place, in the author's words; nothing was moved. */
export class NotReplaced extends Error {}

/**
 * Makes a new version of `target` (dist/) in a fresh folder and puts it in place of `target` only once `make` has
 * succeeded: a build that fails half way, or is stopped, leaves the last good book where it was, whole. One build at a
 * time: a second one started meanwhile is refused (NotReplaced), as is a `target` that cannot be replaced, before
 * anything moves. Whatever `make` throws (a stop included), what it left is removed.
 */
export async function replaceWhole(
  target: string,
  make: (fresh: string, started: (pid: number) => void) => Promise<void>,
  project = process.cwd(),
): Promise<void> {
  const path = resolve(target);
  const parent = dirname(path);
  const name = basename(path);
  mkdirSync(parent, { recursive: true });
  refuseIfNotReplaceable(path, project);
  const lock = takeLock(join(parent, `.${name}-lock`), shown(path, project));
  // Beside the target, so that putting it in place is a rename on the same disk.
  const fresh = join(parent, `.${name}-next`);
  const old = join(parent, `.${name}-old`);
  // Astro moves files into its output folder by renaming them, which fails across disks (EXDEV): a target on another
  // disk is built on the project's (in a folder of its own: another target may be building), then copied beside it.
  const elsewhere = `.${name}-build-${createHash('sha256').update(path).digest('hex').slice(0, 8)}`;
  const building = statSync(parent).dev === statSync(project).dev ? fresh : join(project, elsewhere);
  try {
    // What a build that was killed left behind: none of its processes runs any more (takeLock).
    for (const leftover of new Set([fresh, old, building])) rmSync(leftover, { recursive: true, force: true });
    try {
      await make(building, lock.holdAlso);
      if (building !== fresh) cpSync(building, fresh, { recursive: true });
    } finally {
      if (building !== fresh) rmSync(building, { recursive: true, force: true });
    }
    if (existsSync(path)) renameSync(path, old);
    renameSync(fresh, path);
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
  // The new book is in place; an old one that cannot be removed is said so, and removed by the next build.
  try {
    rmSync(old, { recursive: true, force: true });
  } catch (error) {
    console.warn(`The previous book, moved to ${shown(old, project)}, could not be deleted (${(error as Error).message}): delete it yourself.`);
  }
}

/** Refuses a target folder the build could not take the place of, or a folder in it it could not delete, saying which. */
function refuseIfNotReplaceable(path: string, project: string) {
  const folders = existsSync(path) ? [dirname(path), path, ...subfolders(path)] : [dirname(path)];
  for (const folder of folders) {
    try {
      accessSync(folder, constants.W_OK);
    } catch {
      const where = shown(folder, project);
      throw new NotReplaced(
        `${shown(path, project)}/ cannot be replaced: ${where}/ is read-only. Make it writable (chmod -R u+w ${where}), or build somewhere else with --out-dir.`,
      );
    }
  }
}

/** A path as the author reads it: from the project's folder if it is inside it, else whole. */
function shown(path: string, project: string): string {
  const inside = relative(project, path);
  return inside === '' ? '.' : inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

const subfolders = (path: string) =>
  readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));

/**
 * Takes the lock file for building `shown`, or refuses while a process it lists runs: this one, and each it started to
 * build (holdAlso), since `astro build` goes on if only the build script is killed. A lock all of whose processes have
 * ended (a killed build) is taken over.
 */
export function takeLock(lock: string, shown: string): { holdAlso: (pid: number) => void; release: () => void } {
  for (;;) {
    try {
      const file = openSync(lock, 'wx');
      writeSync(file, `${process.pid}\n`);
      closeSync(file);
      return { holdAlso: (pid) => appendFileSync(lock, `${pid}\n`), release: () => rmSync(lock, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holders = readFileSync(lock, 'utf8').split('\n').filter(Boolean).map(Number);
    // An empty lock is one being written this instant.
    const running = holders.length === 0 ? 0 : holders.find(isRunning);
    if (running !== undefined)
      throw new NotReplaced(
        // A process id can be reused (after a restart): the lock is named, for when no build runs.
        `Another build (process ${running || 'starting'}) is writing ${shown}/ now: let it finish, then run the command again. If no build is running, delete ${lock}.`,
      );
    rmSync(lock, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
