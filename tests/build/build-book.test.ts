/**
 * A test that starts a build or a dev server stops it, with every process it started, also when the test fails or times
 * out: `npm run build` starts `astro build`, which starts more (esbuild), and killing the first alone would leave the
 * others running, keeping a busy machine busier. Linux only: the processes are looked for in /proc.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, it, type TestContext } from 'vitest';
import { projectRoot, scratchEnv } from '../../tools/common/scratch-project.ts';
import { buildBook, buildTimeout, outputRoot } from '../support/build-book.ts';

interface Running {
  pid: number;
  /** The process group: the build or server started, and every process started under it. */
  group: number;
  command: string;
  /** The folder it runs in. */
  cwd: string;
}

/** Every process running on the machine that this test may read, from /proc (a zombie has ended, only not been reaped). */
function running(): Running[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // "pid (name) state ppid pgrp …": the name may hold spaces and brackets, so the fields are counted after its last ')'.
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (state === 'Z' || state === 'X') return [];
        const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
        return [{ pid: Number(name), group: Number(group), command, cwd: readlinkSync(`/proc/${name}/cwd`) }];
      } catch {
        return []; // ended while being read, or not ours to read
      }
    });
}

/** Whether a process's command line names `folder` (--out-dir, --outDir), or it runs in it. */
const isIn = (folder: string) => (found: Running) => found.command.includes(folder) || `${found.cwd}/`.startsWith(`${folder}/`);
/** The processes of a build or server in `folder`, and any left in its process groups whatever their command line. */
const stillRunning = (folder: string, groups: Set<number>) => running().filter((found) => isIn(folder)(found) || groups.has(found.group));

/**
 * Makes the scratch copy's `astro build` wait forever once it has started building (Vite and esbuild running), as a
 * hung build would, and write `marker` when it does.
 */
function hangOnceBuilding(marker: string) {
  return (root: string) => {
    renameSync(join(root, 'astro.config.mjs'), join(root, 'book.astro.config.mjs'));
    writeFileSync(
      join(root, 'astro.config.mjs'),
      `import { writeFileSync } from 'node:fs';\n` +
        `import config from './book.astro.config.mjs';\n` +
        `const hang = () => { writeFileSync(${JSON.stringify(marker)}, ''); return new Promise(() => setInterval(() => {}, 60_000)); };\n` +
        `export default { ...config, integrations: [...config.integrations, { name: 'hang', hooks: { 'astro:build:start': hang } }] };\n`,
    );
  };
}

/**
 * Starts a build of the valid book in its own folder, made to hang once `astro build` is building (hangOnceBuilding),
 * and resolves once it hangs, with its process groups; `abort` stops it with all it started (also when the test ends).
 */
async function hungBuild(name: string, { expect, signal, onTestFinished }: TestContext) {
  // This build's own folder: its command line and those of the processes it starts name it (--out-dir, --outDir).
  const folder = join(outputRoot, name);
  const marker = join(folder, 'hanging');
  rmSync(marker, { force: true });
  const abort = new AbortController();
  onTestFinished(() => abort.abort());
  const build = buildBook('valid', { name, edit: hangOnceBuilding(marker), signal: AbortSignal.any([signal, abort.signal]) });
  // Once `astro build` is building: the process the test started has started it, and it has started more.
  await expect.poll(() => existsSync(marker), { timeout: buildTimeout - 30_000, interval: 100 }).toBe(true);
  const started = running().filter(isIn(folder));
  const groups = new Set(started.map(({ group }) => group));
  /** The build script's process id, then those of the processes it started to build, as its lock lists them. */
  const locked = () => readFileSync(join(folder, '.dist-lock'), 'utf8').split('\n').filter(Boolean).map(Number);
  return { folder, dist: join(folder, 'dist'), build, abort, started, groups, locked };
}

/** `npm run build` of the same book again, as a second terminal would run it, with a cache of its own. */
function buildAgain(folder: string, cache: string) {
  const root = join(folder, 'project');
  return spawnSync(process.execPath, [join(projectRoot, 'tools/build/build.ts'), '--out-dir', join(folder, 'dist')], {
    cwd: root,
    env: scratchEnv(root, join(folder, cache)),
    encoding: 'utf8',
    timeout: buildTimeout - 60_000,
  });
}

// astro dev runs in a process group the same way (spawnGroup in tools/common/scratch-project.ts).
describe.runIf(process.platform === 'linux')('a build a test started', () => {
  it(
    'is stopped with every process it started when its signal is aborted',
    async (context) => {
      const { expect } = context;
      const { folder, build, abort, started, groups } = await hungBuild('aborted-build', context);
      expect(started.map(({ command }) => command).join('\n')).toContain('astro.mjs build');
      expect(groups.size, JSON.stringify(started)).toBe(1);
      abort.abort(new Error('the test stops the build'));
      // `astro build` never ends by itself: only stopping it with the build ends it, and the build's result comes after.
      await expect.poll(() => stillRunning(folder, groups), { timeout: 60_000, interval: 100 }).toEqual([]);
      const { code, output } = await build;
      expect(code).not.toBe(0);
      expect(output).toContain('The build was stopped: Error: the test stops the build');
    },
    buildTimeout,
  );

  it(
    'refuses a second build meanwhile, and when only the build script is stopped, stops astro build and keeps nothing',
    async (context) => {
      const { expect } = context;
      const { folder, dist, build, groups, locked } = await hungBuild('build-script-stopped', context);
      const [buildScript] = locked();

      // A second build of the same book: refused at once, saying why.
      const second = buildAgain(folder, 'cache-second');
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Another build (process ${buildScript}) is writing ${dist}/ now: let it finish, then run the command again.`);

      // The build script alone is stopped, as `kill <pid>` does: it stops what it started, and keeps nothing.
      process.kill(buildScript!, 'SIGTERM');
      await expect.poll(() => stillRunning(folder, groups), { timeout: 60_000, interval: 100 }).toEqual([]);
      const { code, output } = await build;
      expect(code).toBe(1);
      expect(output).toContain(`The build was stopped (SIGTERM), and ${dist}/ was not replaced.`);
      expect(readdirSync(folder).filter((entry) => entry.startsWith('.dist'))).toEqual([]);
    },
    buildTimeout,
  );

  it(
    'refuses a new build while the astro build of a build script killed outright still runs',
    async (context) => {
      const { expect } = context;
      const { folder, dist, build, abort, groups, locked } = await hungBuild('build-script-killed', context);
      const [buildScript, astro] = locked();
      // SIGKILL gives the build script no chance to stop what it started: its astro build goes on.
      process.kill(buildScript!, 'SIGKILL');
      await expect.poll(() => existsSync(`/proc/${buildScript}`), { timeout: 60_000, interval: 100 }).toBe(false);
      expect(buildAgain(folder, 'cache-next').stderr).toContain(`Another build (process ${astro}) is writing ${dist}/ now`);
      // The build's output stays open while its astro build runs: it ends once the test stops that too.
      abort.abort(new Error('the test stops what is left'));
      await expect.poll(() => stillRunning(folder, groups), { timeout: 60_000, interval: 100 }).toEqual([]);
      await build;
    },
    buildTimeout,
  );
});
