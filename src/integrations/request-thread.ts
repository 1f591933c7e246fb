/**
 * A worker thread that answers requests, one answer per request, in any order: the build's compile threads
 * (compile-thread.ts) and render threads (render-thread.ts) are both one. Messages:
 * - in: { id, request };
 * - out: { ready: true } once loaded; { id, result } or { id, error } for each request; anything else is the
 *   thread's own (a render thread's log lines), handed to `onMessage`.
 */
import { parentPort, type Transferable, Worker } from 'node:worker_threads';

/** An error as it crosses from a thread: its message and every field the build reports (title, hint, line, location). */
export interface ThreadError {
  message: string;
  props: Record<string, unknown>;
}
export type ThreadReply<Result> = { ready: true } | { id: number; result: Result } | { id: number; error: ThreadError };

/** The build's side: a thread, and the requests it has been sent and not yet answered. */
export class RequestThread<Request, Result> {
  busy = 0;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (result: Result) => void; reject: (error: Error) => void }>();
  private readonly worker: Worker;

  private constructor(worker: Worker) {
    this.worker = worker;
  }

  /** Starts `file` as a thread; settles once it is loaded, or fails as it fails. */
  static start<Request, Result>(file: URL, workerData: unknown, onMessage: (message: unknown) => void = () => {}): Promise<RequestThread<Request, Result>> {
    const worker = new Worker(file, { workerData });
    const thread = new RequestThread<Request, Result>(worker);
    return new Promise((resolve, reject) => {
      worker.on('message', (reply: ThreadReply<Result>) => {
        if ('ready' in reply) {
          // A thread keeps the build running only while it owes an answer (see request), never idle.
          worker.unref();
          resolve(thread);
        } else if ('id' in reply) thread.settle(reply);
        else onMessage(reply);
      });
      worker.once('error', (error) => {
        // A thread that failed takes no more requests, and those it had fail with its error.
        thread.busy = Number.POSITIVE_INFINITY;
        reject(error);
        for (const { reject: fail } of thread.pending.values()) fail(error);
      });
    });
  }

  request(request: Request): Promise<Result> {
    const id = this.nextId++;
    this.busy++;
    if (this.pending.size === 0) this.worker.ref();
    const result = new Promise<Result>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ id, request });
    return result;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private settle(reply: Exclude<ThreadReply<Result>, { ready: true }>) {
    const pending = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    this.busy--;
    if (this.pending.size === 0) this.worker.unref();
    // An error comes back as if thrown here, with the fields the build reports.
    if ('result' in reply) pending?.resolve(reply.result);
    else pending?.reject(Object.assign(new Error(reply.error.message), reply.error.props));
  }
}

/** The thread with the fewest requests owed, if it owes fewer than `below`; a thread that failed owes infinitely many. */
export const leastBusy = <Thread extends { busy: number }>(threads: readonly Thread[], below = Number.POSITIVE_INFINITY): Thread | undefined =>
  threads.reduce<Thread | undefined>((best, next) => (next.busy < (best?.busy ?? below) ? next : best), undefined);

/** The thread's side: answers each request with `answer` (its buffers in `transfer` move, not copy), then says it is ready. */
export function answerRequests<Request, Result>(answer: (request: Request) => Promise<Result>, transfer: (result: Result) => Transferable[] = () => []): void {
  parentPort?.on('message', ({ id, request }: { id: number; request: Request }) => {
    answer(request).then(
      (result) => parentPort?.postMessage({ id, result } satisfies ThreadReply<Result>, transfer(result)),
      (error: unknown) => parentPort?.postMessage({ id, error: threadError(error) } satisfies ThreadReply<Result>),
    );
  });
  parentPort?.postMessage({ ready: true } satisfies ThreadReply<Result>);
}

/** An error as plain data. */
function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error), props: {} };
  const props: Record<string, unknown> = { name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    try {
      props[key] = structuredClone(value);
    } catch {
      // A field that cannot cross threads (a function, a stream) is left out.
    }
  }
  return { message: error.message, props };
}
