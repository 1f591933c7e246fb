import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts `npm start`'s server (serve.ts) on the built site for a command-line tool, and resolves once it listens
 * (its first line of output); rejects if it stops first, such as on a port in use. kill() the result when done.
 */
export async function startServer(port: string, ...options: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['tools/server/serve.ts', '--port', port, ...options], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`The server stopped before it listened (exit code ${code}).`)));
  });
  return server;
}
