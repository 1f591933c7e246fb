import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const project = join(import.meta.dirname, '../..');

/**
 * Serves a built folder the way `npm start` does, on its own port and under its base path ('/book/' for a
 * build with BASE_PATH=/book/), once it answers; kill() the result when done. What the server logs goes to
 * `onLog` if given, else to the test's own output. `options` are the server's own (--on-the-fly).
 */
export async function serveBuild(
  dir: string,
  port: number,
  base = '/',
  onLog?: (text: string) => void,
  options: readonly string[] = [],
): Promise<ChildProcess> {
  const args = ['tools/server/serve.ts', '--port', String(port), '--dir', dir, '--base', base, ...options];
  const server = spawn(join(project, 'node_modules/.bin/node'), args, { cwd: project, stdio: ['ignore', 'ignore', onLog ? 'pipe' : 'inherit'] });
  server.stderr?.on('data', (chunk: Buffer) => onLog?.(chunk.toString()));
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}${base}`).then(
          (r) => r.status,
          () => (server.exitCode === null ? 0 : `the server stopped (exit code ${server.exitCode})`),
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  return server;
}
