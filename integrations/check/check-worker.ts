/**
 * The author check in a thread of its own, for `npm run dev` (while-editing.ts): it reads every file of the book,
 * which on a long book takes seconds the preview must not spend waiting. Each message asks for one check.
 */
import { parentPort } from 'node:worker_threads';
import { type CheckOptions, checkBook } from './author-check.ts';

parentPort?.on('message', (options: CheckOptions) => {
  checkBook(options).then(
    (result) => parentPort?.postMessage({ result }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
