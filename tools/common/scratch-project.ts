/**
 * A copy of the project that builds another book: tests build fixture books, the benchmark builds
 * generated ones. Astro writes content module maps to <root>/.astro and Vite's dependency cache to
 * <root>/node_modules/.vite whatever cacheDir says, so building in the project itself would race other
 * builds and hand the project's own dev server another book's chapters.
 */
import { type ChildProcess, spawn } from 'node:child_process';
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

export interface DevServer {
  /** The server's address, e.g. http://127.0.0.1:4402. */
  origin: string;
  /** Resolves with the milliseconds from start until Astro printed that it is ready. */
  ready: Promise<number>;
  /** Milliseconds since the server was started. */
  elapsed: () => number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Stops the server; resolves once it has exited. */
  stop: () => Promise<void>;
}

/** Runs `astro dev` in a scratch copy (scratchProject), on 127.0.0.1 and the given port. */
export function startDevServer(root: string, port: number): DevServer {
  // The copy's packages are links into the project's node_modules: the dev server may serve files from there.
  const config = 'dev-server.config.mjs';
  writeFileSync(
    join(root, config),
    `import config from './astro.config.mjs';\n` +
      `const allow = ['.', ${JSON.stringify(join(projectRoot, 'node_modules'))}];\n` +
      `export default { ...config, vite: { ...config.vite, server: { ...config.vite?.server, fs: { allow } } } };\n`,
  );
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, [astroBin, 'dev', '--config', config, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: scratchEnv(root, join(root, 'node_modules/.astro')),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill();
      await exited;
    },
  };
}
