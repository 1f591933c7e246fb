import { spawn } from 'node:child_process';
import { astroBin } from '../common/scratch-project.ts';

/**
 * Runs `astro build` into `outDir` (with `env`, this process's by default), its output on this terminal; rejects if it
 * fails, or once `signal` has stopped it.
 */
export const astroBuild = (outDir: string, env: NodeJS.ProcessEnv = process.env, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], { stdio: 'inherit', env, ...(signal ? { signal } : {}) });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build ended with ${signal ?? `code ${code}`}`))));
  });
