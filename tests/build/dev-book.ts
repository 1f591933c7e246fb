/**
 * Serves a scratch copy made by buildBook with `astro dev`, as an author previews a book while writing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { astroBin, scratchEnv } from '../../src/lib/scratch-project.ts';

export interface DevServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts `astro dev` on the scratch copy's chapters and resolves once it says where it listens. */
export function devBook(root: string, port: number): Promise<DevServer> {
  const env = scratchEnv(root, join(root, '../dev-cache'));
  const server = spawn(process.execPath, [astroBin, 'dev', '--port', String(port), '--host', '127.0.0.1'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill();
    });
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => void stop().then(() => reject(new Error(`astro dev ${why}:\n${output}`)));
    const timer = setTimeout(() => fail('did not start within 90 s'), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // Astro prints "Local http://127.0.0.1:<port>/" once it listens; on a taken port it would pick another.
      const local = /Local\s+(http:\/\/[\d.]+:(\d+))/.exec(output);
      if (!local) return;
      clearTimeout(timer);
      if (local[2] !== String(port)) return fail(`found port ${port} taken`);
      resolve({ origin: local[1] as string, stop });
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(`stopped (exit code ${code})`);
    });
  });
}
