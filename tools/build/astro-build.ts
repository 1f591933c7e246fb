import { spawn } from 'node:child_process';
import { astroBin } from '../common/scratch-project.ts';

export interface AstroBuildOptions {
  /** Its environment: this process's by default. */
  env?: NodeJS.ProcessEnv;
  /** Stops it: the promise then rejects. */
  signal?: AbortSignal | undefined;
  /** Told its process id once it has started (the build's lock holds it: tools/build/whole-folder.ts). */
  started?: ((pid: number) => void) | undefined;
}

/** Runs `astro build` into `outDir`, its output on this terminal; rejects if it fails, or once it is stopped. */
export const astroBuild = (outDir: string, { env = process.env, signal, started }: AstroBuildOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], { stdio: 'inherit', env, ...(signal ? { signal } : {}) });
    if (child.pid !== undefined) started?.(child.pid);
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build ended with ${signal ?? `code ${code}`}`))));
  });
