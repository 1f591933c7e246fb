/**
 * A copy of the project that builds another book: tests build fixture books, the benchmark builds
 * generated ones. Astro writes content module maps to <root>/.astro and Vite's dependency cache to
 * <root>/node_modules/.vite whatever cacheDir says, so building in the project itself would race other
 * builds and hand the project's own dev server another book's chapters.
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The project's root folder. */
export const projectRoot = join(import.meta.dirname, '../..');

/** What the project needs to build; chapters come from elsewhere. */
const projectFiles = ['src', 'integrations', 'public', 'book', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
/** Caches that must stay per copy; everything else in node_modules is shared through symlinks. */
const ownCaches = new Set(['.vite', '.astro']);

/**
 * Makes (or refreshes) `root` as a copy of the project whose chapters/ is a copy of `chapters`, sharing
 * installed packages but no caches, and returns `root`. Keep it under tests/.output: gitignored, and
 * TypeScript's `**` skips folders starting with a dot, so `astro check` skips the copies.
 */
export function scratchProject(root: string, chapters: string): string {
  for (const file of [...projectFiles, 'chapters', '.astro']) rmSync(join(root, file), { recursive: true, force: true });
  for (const file of projectFiles) cpSync(join(projectRoot, file), join(root, file), { recursive: true });
  cpSync(chapters, join(root, 'chapters'), { recursive: true });
  // The project's own texts (the preface, the slides) are part of the book built, and spelt with its word list.
  const words = [join(chapters, 'words.txt'), join(projectRoot, 'chapters/words.txt')].filter((file) => existsSync(file));
  writeFileSync(join(root, 'chapters/words.txt'), words.map((file) => readFileSync(file, 'utf8')).join('\n'));
  // They name their sources from the project's bibliography: its entries follow the book's own, but for keys it has.
  const bibliography = join(root, 'chapters/references.bib');
  const own = existsSync(bibliography) ? readFileSync(bibliography, 'utf8') : '';
  const keys = new Set([...own.matchAll(/@\w+\s*\{\s*([^,\s]+)\s*,/g)].map((entry) => entry[1]));
  const projects = readFileSync(join(projectRoot, 'chapters/references.bib'), 'utf8')
    .split(/\n(?=@)/)
    .filter((entry) => !keys.has(/^@\w+\s*\{\s*([^,\s]+)\s*,/.exec(entry.trim())?.[1] ?? ''));
  writeFileSync(bibliography, [own, ...projects].filter(Boolean).join('\n'));
  // Kept between runs, so Vite's dependency cache in it stays warm.
  const modules = join(root, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(join(projectRoot, 'node_modules'))) {
    if (ownCaches.has(name)) continue;
    rmSync(join(modules, name), { force: true }); // the link only, never what it points to
    symlinkSync(join(projectRoot, 'node_modules', name), join(modules, name));
  }
  return root;
}

/** What Vitest puts in process.env for its own import.meta.env (MODE=test, DEV=1, PROD=''): a child Astro would take them as its own. */
const vitestOnly = /^(VITEST\w*|TEST|NODE_ENV|MODE|DEV|PROD|SSR|BASE_URL)$/;

/** The environment a build, dev server or command gets: this process's, as `npm run` would give it. */
export const childEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([key]) => !vitestOnly.test(key)));

/** The environment of an `astro build` or `astro dev` run in a scratch copy: its own chapters and cache, plain output. */
export const scratchEnv = (root: string, cacheDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...childEnv(),
  ASTRO_TELEMETRY_DISABLED: '1',
  BOOK_CHAPTERS_DIR: join(root, 'chapters'),
  BOOK_CACHE_DIR: cacheDir,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  ...extra,
});

/** Astro's command-line entry, run with the Node that runs this code (the project's Node 24 under npm). */
export const astroBin = join(projectRoot, 'node_modules/astro/bin/astro.mjs');

/** Process groups started by spawnGroup and still running: stopped with this process, however it ends. */
const runningGroups = new Set<number>();
/** Signals that end a process (Ctrl-C, a runner stopping its workers, a closed terminal). */
const endingSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Sends `signal` to every process of the group led by `pid`; one already gone is no error. */
function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // No process left in the group.
  }
}
const stopRunningGroups = () => {
  for (const pid of runningGroups) signalGroup(pid, 'SIGTERM');
};
function onEndingSignal(signal: NodeJS.Signals) {
  stopRunningGroups();
  watchForEnd(false);
  // Then ends as the signal would have, unless another listener in this process handles it.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}
/** Listens for the end of this process while it has groups running, and only then (a listener changes how a signal ends it). */
function watchForEnd(on: boolean) {
  const method = on ? 'on' : 'removeListener';
  process[method]('exit', stopRunningGroups);
  for (const signal of endingSignals) process[method](signal, onEndingSignal);
}

export interface ProcessGroup {
  child: ChildProcess;
  /** Resolves once the command has exited and its output is closed. */
  closed: Promise<void>;
  /** Stops the command and every process it started (SIGTERM, then SIGKILL after 5 s); resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts a command in a process group of its own, so that it can be stopped with every process it started in turn
 * (`astro build` under tools/build/build.ts, esbuild under Astro), which killing the command alone would leave running.
 * The group is stopped by stop(), by `signal`, when the command has ended (whatever it left behind) and when this
 * process ends. Not on Windows, which has no process groups: there the command alone is stopped.
 */
export function spawnGroup(
  command: string,
  args: string[],
  { signal, ...options }: Omit<SpawnOptions, 'detached' | 'signal'> & { signal?: AbortSignal | undefined } = {},
): ProcessGroup {
  const groups = process.platform !== 'win32';
  const child = spawn(command, args, { ...options, detached: groups });
  const { pid } = child;
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });
  const kill = (sig: NodeJS.Signals) => (groups && pid !== undefined ? signalGroup(pid, sig) : child.kill(sig));
  let ended = false;
  let killTimer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (ended) return closed;
    kill('SIGTERM');
    killTimer ??= setTimeout(() => kill('SIGKILL'), 5_000).unref();
    return closed;
  };
  if (signal?.aborted) void stop();
  signal?.addEventListener('abort', stop, { once: true });
  if (groups && pid !== undefined) {
    runningGroups.add(pid);
    if (runningGroups.size === 1) watchForEnd(true);
  }
  void closed.then(() => {
    ended = true;
    clearTimeout(killTimer);
    signal?.removeEventListener('abort', stop);
    if (!groups || pid === undefined) return;
    signalGroup(pid, 'SIGTERM');
    runningGroups.delete(pid);
    if (runningGroups.size === 0) watchForEnd(false);
  });
  return { child, closed, stop };
}

export interface DevServer {
  /** The server's address, e.g. http://127.0.0.1:4402. */
  origin: string;
  /** Resolves with the milliseconds from start until Astro printed that it is ready. */
  ready: Promise<number>;
  /** Milliseconds since the server was started. */
  elapsed: () => number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Stops the server and every process it started; resolves once it has exited. */
  stop: () => Promise<void>;
}

/** Runs `astro dev` in a scratch copy (scratchProject), on 127.0.0.1 and the given port; aborting `signal` stops it. */
export function startDevServer(root: string, port: number, { signal }: { signal?: AbortSignal | undefined } = {}): DevServer {
  // The copy's packages are links into the project's node_modules: the dev server may serve files from there.
  const config = 'dev-server.config.mjs';
  writeFileSync(
    join(root, config),
    `import config from './astro.config.mjs';\n` +
      `const allow = ['.', ${JSON.stringify(join(projectRoot, 'node_modules'))}];\n` +
      `export default { ...config, vite: { ...config.vite, server: { ...config.vite?.server, strictPort: true, fs: { allow } } } };\n`,
  );
  const started = performance.now();
  // In a group of its own: stop() ends Astro and the processes it started (esbuild), also when this process ends first.
  const group = spawnGroup(process.execPath, [astroBin, 'dev', '--config', config, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: scratchEnv(root, join(root, 'node_modules/.astro')),
    stdio: ['ignore', 'pipe', 'pipe'],
    signal,
  });
  const server = group.child;
  let output = '';
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const ready = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+/.test(output)) resolve(performance.now() - started);
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`astro dev stopped before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return {
    origin: `http://127.0.0.1:${port}`,
    ready,
    elapsed: () => performance.now() - started,
    output: () => output,
    stop: group.stop,
  };
}
