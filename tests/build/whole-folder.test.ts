/**
 * How a build puts its book in place (tools/build/whole-folder.ts), tried on real folders: one build at a time, a
 * folder it cannot replace refused before anything moves, a failed or killed build's leftovers cleaned, and an output
 * folder on another disk. The whole build's own stops are in tests/build/build-book.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NotReplaced, replaceWhole, takeLock } from '../../tools/build/whole-folder.ts';
import { needs, pathOf } from '../support/system-tools.ts';

let project = '';
afterEach(() => {
  if (!project) return;
  // Writable again, so that it can be deleted.
  for (const entry of readdirSync(project, { recursive: true, withFileTypes: true }))
    if (entry.isDirectory()) chmodSync(join(entry.parentPath, entry.name), 0o755);
  rmSync(project, { recursive: true, force: true });
});

/** A project folder holding a book built earlier (dist/index.html says "old"). */
function projectWithBook(): string {
  project = mkdtempSync(join(tmpdir(), 'book-whole-'));
  mkdirSync(join(project, 'dist/index'), { recursive: true });
  writeFileSync(join(project, 'dist/index.html'), 'old');
  return project;
}

/** What a build makes: a page saying "new". */
const makeBook = async (fresh: string) => {
  mkdirSync(fresh, { recursive: true });
  writeFileSync(join(fresh, 'index.html'), 'new');
};

const book = () => readFileSync(join(project, 'dist/index.html'), 'utf8');
const besideDist = () => readdirSync(project).sort();

describe('a build putting its book in place', () => {
  it('replaces the book only once it is made, and leaves nothing beside it', async () => {
    const root = projectWithBook();
    await replaceWhole(join(root, 'dist'), makeBook, root);
    expect(book()).toBe('new');
    expect(besideDist()).toEqual(['dist']);
  });

  it('keeps the last good book whole when the build fails, and removes what it made', async () => {
    const root = projectWithBook();
    const failing = async (fresh: string) => {
      await makeBook(fresh);
      throw new Error('astro build ended with code 1');
    };
    await expect(replaceWhole(join(root, 'dist'), failing, root)).rejects.toThrow('astro build ended with code 1');
    expect(book()).toBe('old');
    expect(besideDist()).toEqual(['dist']);
  });

  it('refuses a second build while one runs, saying which process holds it, and then builds again', async () => {
    const root = projectWithBook();
    let finish = () => {};
    const first = replaceWhole(join(root, 'dist'), (fresh) => new Promise<void>((resolve) => (finish = resolve)).then(() => makeBook(fresh)), root);
    const second = replaceWhole(join(root, 'dist'), makeBook, root);
    await expect(second).rejects.toThrow(
      new NotReplaced(
        `Another build (process ${process.pid}) is writing dist/ now: let it finish, then run the command again. If no build is running, delete ${join(root, '.dist-lock')}.`,
      ),
    );
    finish();
    await first;
    expect(book()).toBe('new');
    await replaceWhole(join(root, 'dist'), makeBook, root);
    expect(besideDist()).toEqual(['dist']);
  });

  it('lets one build at a time make the book to take away, whatever their output folders', () => {
    const root = projectWithBook();
    const first = takeLock(join(root, '.downloads-lock'), '.downloads');
    expect(() => takeLock(join(root, '.downloads-lock'), '.downloads')).toThrow(
      `Another build (process ${process.pid}) is writing .downloads/ now: let it finish, then run the command again.`,
    );
    first.release();
    takeLock(join(root, '.downloads-lock'), '.downloads').release();
    expect(besideDist()).toEqual(['dist']);
  });

  it('cleans what a killed build left (its lock, its half-made book, the book it was replacing) and builds', async () => {
    const root = projectWithBook();
    // A process that has ended holds the lock, as a build killed with SIGKILL would.
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(root, '.dist-lock'), ended);
    for (const leftover of ['.dist-next', '.dist-old']) mkdirSync(join(root, leftover, 'index'), { recursive: true });
    await replaceWhole(join(root, 'dist'), makeBook, root);
    expect(book()).toBe('new');
    expect(besideDist()).toEqual(['dist']);
  });

  it('refuses a book it could not replace before anything moves, naming the read-only folder and the fix', (context) => {
    // Root may write anywhere: the build runs as the unprivileged user nobody, as a teacher's account would.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) needs(context, 'setpriv');
    const root = projectWithBook();
    chmodSync(root, 0o777);
    chmodSync(join(root, 'dist/index'), 0o555);
    if (!asRoot) chmodSync(join(root, 'dist'), 0o555);
    const script = `import { replaceWhole } from ${JSON.stringify(join(import.meta.dirname, '../../tools/build/whole-folder.ts'))};
      import { mkdirSync, writeFileSync } from 'node:fs';
      await replaceWhole('dist', async (fresh) => { mkdirSync(fresh); writeFileSync(fresh + '/index.html', 'new'); }).then(
        () => console.log('replaced'), (error) => console.log(error.message));`;
    const node = [process.execPath, '--input-type=module', '-e', script];
    const run = asRoot ? [pathOf('setpriv'), '--reuid=65534', '--regid=65534', '--clear-groups', ...node] : node;
    const { stdout, stderr } = spawnSync(run[0]!, run.slice(1), { cwd: root, encoding: 'utf8' });
    expect(stdout.trim(), stderr).toMatch(
      /^dist\/ cannot be replaced: dist(\/index)?\/ is read-only\. Make it writable \(chmod -R u\+w dist(\/index)?\), or build somewhere else with --out-dir\.$/,
    );
    expect(book()).toBe('old');
    expect(besideDist()).toEqual(['dist']);
  });

  it("builds output folders on another disk on the project's, two at once, then moves each there whole", async (context) => {
    const otherDisk = '/dev/shm';
    const root = projectWithBook();
    if (!existsSync(otherDisk) || statSync(otherDisk).dev === statSync(root).dev) return context.skip(`${otherDisk} is not another disk here`);
    const targets = [mkdtempSync(join(otherDisk, 'book-out-')), mkdtempSync(join(otherDisk, 'book-out-'))];
    try {
      const builtIn: string[] = [];
      // Both are made at the same time, each in a folder of its own on the project's disk.
      let together = () => {};
      const bothStarted = new Promise<void>((resolve) => (together = resolve));
      await Promise.all(
        targets.map((target) =>
          replaceWhole(
            join(target, 'dist'),
            async (fresh) => {
              builtIn.push(fresh);
              if (builtIn.length === 2) together();
              await bothStarted;
              await makeBook(fresh);
            },
            root,
          ),
        ),
      );
      expect(new Set(builtIn).size).toBe(2);
      for (const folder of builtIn) expect(folder.startsWith(root)).toBe(true);
      for (const target of targets) {
        expect(readFileSync(join(target, 'dist/index.html'), 'utf8')).toBe('new');
        expect(readdirSync(target)).toEqual(['dist']);
      }
      expect(besideDist()).toEqual(['dist']);
    } finally {
      for (const target of targets) rmSync(target, { recursive: true, force: true });
    }
  });
});
