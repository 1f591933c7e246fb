/**
 * A copy of the project with other chapters, for building or previewing a book without touching the
 * project's own: Astro writes content module maps to <root>/.astro and Vite's dependency cache to
 * <root>/node_modules/.vite whatever cacheDir says, so working in the project itself would race other
 * builds and hand the project's own dev server another book's chapters.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const projectRoot = join(import.meta.dirname, '../..');

/** What the project needs to build; chapters come from elsewhere. */
const projectFiles = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
/** Caches that must stay per copy; everything else in node_modules is shared through symlinks. */
const ownCaches = new Set(['.vite', '.astro']);

/**
 * Makes `root` a copy of the project with `chapters` (a folder) as its chapters/, sharing installed packages
 * but no caches. Vite's dependency cache (node_modules/.vite) is kept between copies at the same root, so it stays warm.
 */
export function scratchProject(root: string, chapters: string): string {
  for (const file of [...projectFiles, 'chapters', '.astro']) rmSync(join(root, file), { recursive: true, force: true });
  for (const file of projectFiles) cpSync(join(projectRoot, file), join(root, file), { recursive: true });
  cpSync(chapters, join(root, 'chapters'), { recursive: true });
  const modules = join(root, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(join(projectRoot, 'node_modules'))) {
    if (ownCaches.has(name)) continue;
    rmSync(join(modules, name), { force: true }); // the link only, never what it points to
    symlinkSync(join(projectRoot, 'node_modules', name), join(modules, name));
  }
  return root;
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
  const astro = join(projectRoot, 'node_modules/astro/bin/astro.mjs');
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, [astro, 'dev', '--config', config, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', BOOK_CHAPTERS_DIR: join(root, 'chapters'), NO_COLOR: '1', FORCE_COLOR: '0' },
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
