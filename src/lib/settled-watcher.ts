/**
 * The dev server's file watcher drops a second change to a file within 50 ms of the first (chokidar's throttle),
 * and the glob loader runs a reload for each change it hears, several at once. An editor's save (truncate, then
 * write) or two quick saves could leave the page showing an empty or older file. This watcher hands each file's
 * changes to a handler one at a time, and runs it again while the file has changed since it was read.
 */
import { statSync } from 'node:fs';
import type { LoaderContext } from 'astro/loaders';

type Watcher = NonNullable<LoaderContext['watcher']>;
type Handler = (path: string, ...rest: unknown[]) => unknown;

/** Changes with a save: modified time and size (gone once deleted). */
function look(path: string): string {
  try {
    const { mtimeMs, size } = statSync(path);
    return `${mtimeMs}:${size}`;
  } catch {
    return 'gone';
  }
}

/** `handler`, run for one file at a time, again until the file stays as it was when the run began. */
export function settled(handler: Handler): Handler {
  /** The files being handled, each with whether it changed again meanwhile. */
  const running = new Map<string, { again: boolean }>();
  return async (path, ...rest) => {
    const run = running.get(path);
    if (run) {
      run.again = true;
      return;
    }
    const state = { again: true };
    running.set(path, state);
    try {
      while (state.again) {
        const before = look(path);
        state.again = false;
        await handler(path, ...rest);
        if (look(path) !== before) state.again = true;
      }
    } finally {
      running.delete(path);
    }
  };
}

/** The watcher as the glob loader sees it: its 'change' and 'add' handlers are settled(). */
export function settledWatcher(watcher: Watcher): Watcher {
  // One settled copy per handler: the glob loader gives the same one for 'change' and 'add', which then share a queue.
  const copies = new WeakMap<Handler, Handler>();
  const settledCopy = (handler: Handler) => {
    let copy = copies.get(handler);
    if (!copy) copies.set(handler, (copy = settled(handler)));
    return copy;
  };
  const on = (event: string, handler: Handler) => {
    watcher.on(event, event === 'change' || event === 'add' ? settledCopy(handler) : handler);
    return proxy;
  };
  const proxy: Watcher = new Proxy(watcher, {
    get: (target, property) => (property === 'on' ? on : Reflect.get(target, property, target)),
  });
  return proxy;
}
