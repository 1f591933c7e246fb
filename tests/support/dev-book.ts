/**
 * Serves a scratch copy made by buildBook with `astro dev`, as an author previews a book while writing.
 */
import { type DevServer, startDevServer } from '../../tools/common/scratch-project.ts';

export type { DevServer };

/**
 * Starts `astro dev` on the scratch copy's chapters and resolves once it is ready. Aborting `signal` stops it, with
 * every process it started, also before it was ready: in a hook, one aborted in afterAll stops a server whose
 * beforeAll failed or timed out before it could hand the server over.
 */
export async function devBook(root: string, port: number, { signal }: { signal?: AbortSignal } = {}): Promise<DevServer> {
  const server = startDevServer(root, port, { signal });
  await server.ready;
  return server;
}
