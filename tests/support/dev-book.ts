/**
 * Serves a scratch copy made by buildBook with `astro dev`, as an author previews a book while writing.
 */
import { type DevServer, startDevServer } from '../../tools/common/scratch-project.ts';

export type { DevServer };

/** Starts `astro dev` on the scratch copy's chapters and resolves once it is ready. */
export async function devBook(root: string, port: number): Promise<DevServer> {
  const server = startDevServer(root, port);
  await server.ready;
  return server;
}
