import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

interface StartOptions {
  /** serve.ts's own options: --dir, --base, --on-the-fly. */
  args?: readonly string[];
  /** Where what the server logs goes (its standard error); else to this process's own. */
  onLog?: (text: string) => void;
}

/**
 * Starts `npm start`'s server (serve.ts) on a built site, for a command-line tool or a test, and resolves once it
 * listens (its first line of output); rejects if it stops first, such as on a port in use. kill() the result when done.
 */
export async function startServer(port: string | number, { args = [], onLog }: StartOptions = {}): Promise<ChildProcess> {
  const serve = join(import.meta.dirname, 'serve.ts');
  const server = spawn(process.execPath, [serve, '--port', String(port), ...args], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', onLog ? 'pipe' : 'inherit'],
  });
  server.stderr?.on('data', (chunk: Buffer) => onLog?.(chunk.toString()));
  await new Promise((resolve, reject) => {
    server.stdout?.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`The server stopped before it listened (exit code ${code}).`)));
  });
  return server;
}
