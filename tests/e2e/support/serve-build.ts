import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const project = join(import.meta.dirname, '../../..');

/** Serves a built folder the way `npm start` does, on its own port, once it answers; kill() the result when done. */
export async function serveBuild(dir: string, port: number): Promise<ChildProcess> {
  const server = spawn(join(project, 'node_modules/.bin/node'), ['src/server/serve.ts', '--port', String(port), '--dir', dir], { cwd: project, stdio: 'ignore' });
  await expect.poll(() => fetch(`http://127.0.0.1:${port}/`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
  return server;
}
