import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

/**
 * Serves a built folder as a host without redirect rules does (GitHub Pages): files and folders' index.html as
 * they are, in their exact letter case, and 404.html with status 404 for anything else. Close the result when done.
 */
export async function servePlainHost(dir: string, port: number): Promise<Server> {
  const files = sirv(dir, { dev: true });
  const notFound = readFileSync(join(dir, '404.html'));
  const server = createServer((request, response) =>
    files(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(notFound);
    }),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
