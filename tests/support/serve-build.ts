import type { ChildProcess } from 'node:child_process';
import { startServer } from '../../tools/server/spawn-server.ts';

/**
 * Serves a built folder the way `npm start` does, on its own port and under its base path ('/book/' for a
 * build with BASE_PATH=/book/), once it listens; kill() the result when done. What the server logs goes to
 * `onLog` if given, else to the test's own output. `options` are the server's own (--on-the-fly).
 */
export function serveBuild(
  dir: string,
  port: number,
  base = '/',
  onLog?: (text: string) => void,
  options: readonly string[] = [],
): Promise<ChildProcess> {
  return startServer(port, { args: ['--dir', dir, '--base', base, ...options], ...(onLog ? { onLog } : {}) });
}
