/**
 * The hosts' own local emulators (`wrangler pages dev` for Cloudflare Pages, `netlify dev` for Netlify), installed
 * apart from the project by `npm run hosts:install` (.ci/run does it): together they weigh about 800 MB, which no
 * author needs. Each runs the built book from a scratch folder, since both write their own state where they start.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnGroup } from '../../tools/common/scratch-project.ts';

const bin = join(import.meta.dirname, '../.output/hosts/node_modules/.bin');

export interface Emulator {
  name: string;
  /** The command, if installed. */
  path: string | undefined;
  /** Its arguments to serve a folder on a port of 127.0.0.1. */
  args: (dist: string, port: number) => string[];
  /** Whether it sends the Cache-Control that _headers gives. */
  cachesAsTold: boolean;
}

export const emulators: Emulator[] = [
  {
    name: 'Cloudflare Pages (wrangler pages dev)',
    path: existsSync(join(bin, 'wrangler')) ? join(bin, 'wrangler') : undefined,
    // Its runtime knows dates up to its own release: a fixed date keeps it from refusing today's.
    args: (dist, port) => ['pages', 'dev', dist, '--ip', '127.0.0.1', '--port', String(port), '--compatibility-date', '2025-01-01'],
    cachesAsTold: true,
  },
  {
    name: 'Netlify (netlify dev)',
    path: existsSync(join(bin, 'netlify')) ? join(bin, 'netlify') : undefined,
    // Edge functions need Deno, which it would download: the book has none.
    args: (dist, port) => ['dev', '--dir', dist, '--port', String(port), '--offline', '--internal-disable-edge-functions'],
    // Its static server sends its own Cache-Control (public, max-age=0) on every file, unlike Netlify itself.
    cachesAsTold: false,
  },
];

/**
 * Starts an emulator over `dist`: `stop` ends it and everything it started, and resolves once they have ended (call it
 * also when `ready` fails); `ready` resolves once it answers and rejects if it stops first. How long it takes to start
 * is the test's limit to judge. Its process group is stopped with the test process too (spawnGroup).
 */
export function startEmulator({ path, args }: Emulator, dist: string, port: number): { stop: () => Promise<void>; ready: Promise<void> } {
  if (!path) throw new Error('not installed: npm run hosts:install');
  const cwd = mkdtempSync(join(tmpdir(), 'book-host-'));
  // What it prints, shown if it stops before it answers.
  const log = openSync(join(cwd, 'output.log'), 'w');
  const host = spawnGroup(path, args(dist, port), {
    cwd,
    stdio: ['ignore', log, log],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NETLIFY_TELEMETRY_DISABLED: '1', CI: 'true' },
  });
  let stopped = false;
  const stop = async () => {
    stopped = true;
    await host.stop();
    closeSync(log);
    rmSync(cwd, { recursive: true, force: true });
  };
  const ready = (async () => {
    while (!stopped) {
      if (host.child.exitCode !== null)
        throw new Error(`${path} stopped with code ${host.child.exitCode}:\n${readFileSync(join(cwd, 'output.log'), 'utf8')}`);
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      // Asked again once the last answer came back: a connection refused comes back at once.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return { stop, ready };
}
