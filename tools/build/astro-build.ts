import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { astroBin } from '../common/scratch-project.ts';

export interface AstroBuildOptions {
  /** Its environment: this process's by default. */
  env?: NodeJS.ProcessEnv;
  /** Stops it: the promise then rejects. */
  signal?: AbortSignal | undefined;
  /** Told its process id once it has started (the build's lock holds it: tools/build/whole-folder.ts). */
  started?: ((pid: number) => void) | undefined;
  /** Its output held back until this settles: then shown if true, dropped if false (the author check refused the book). */
  shown?: Promise<boolean> | undefined;
}

/** Runs `astro build` into `outDir`, its output on this terminal; rejects if it fails, or once it is stopped. */
export const astroBuild = (outDir: string, { env = process.env, signal, started, shown }: AstroBuildOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    // Held output keeps its colours where this terminal shows them.
    const colour = shown && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], {
      stdio: shown ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      env: { ...env, ...colour },
      ...(signal ? { signal } : {}),
    });
    if (child.pid !== undefined) started?.(child.pid);
    if (shown) holdOutput(child.stdout!, process.stdout, shown).add(child.stderr!, process.stderr);
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`astro build ended with ${signal ?? `code ${code}`}`))));
  });

/** Streams copied to the terminal once `shown` says so, in the order they wrote; nothing if it says no. */
function holdOutput(from: Readable, to: Writable, shown: Promise<boolean>) {
  const held: [Writable, Buffer][] = [];
  let show: boolean | undefined;
  void shown.then((answer) => {
    show = answer;
    for (const [stream, chunk] of answer ? held : []) stream.write(chunk);
    held.length = 0;
  });
  const add = (source: Readable, target: Writable) => {
    source.on('data', (chunk: Buffer) => (show === undefined ? held.push([target, chunk]) : show && target.write(chunk)));
    return { add };
  };
  return add(from, to);
}
