/**
 * `npm start`'s server: serves dist/ the way a correct static host must. resolve.ts decides which file (or
 * redirect, or 404) answers a path; sirv sends the file, with ETag/304 and Range (206) answers: the build's brotli copy
 * of a text file where the browser takes brotli (as nginx's brotli_static would), else the file compressed on the fly.
 * Usage: node tools/server/serve.ts [--port 4321] [--dir dist] [--host 127.0.0.1] [--base /book/] [--on-the-fly]
 * (--on-the-fly leaves the brotli copies aside and compresses every answer, as most hosts do)
 * The base defaults to BASE_PATH, as the build's does, so `BASE_PATH=/book/ npm start` serves the book at /book/.
 */
// First: BASE_PATH may come from .env, as the build's does.
import '../../integrations/load-env.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import sirv from 'sirv';
import { normalBase } from '../../integrations/after-build/built-site.ts';
import { headerRules, headersFor, hostFileNames, nginxMapFile, parseHeadersFile } from '../../integrations/host-config.ts';
import { notFoundFile, resolveUnderBase, type SiteFiles } from './resolve.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4321' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    dir: { type: 'string', default: 'dist' },
    base: { type: 'string', default: process.env.BASE_PATH ?? '/' },
    'on-the-fly': { type: 'boolean', default: false },
  },
});

const base = normalBase(values.base);
const root = resolvePath(values.dir);

const files: SiteFiles = {
  isFile: (path) => statSync(join(root, path), { throwIfNoEntry: false })?.isFile() ?? false,
  list: (dir) => (existsSync(join(root, dir)) && statSync(join(root, dir)).isDirectory() ? readdirSync(join(root, dir)) : []),
};

// The headers Netlify and Cloudflare Pages would send, from the build's _headers (integrations/after-build/host-files.ts).
const headersPath = join(root, hostFileNames.headers);
const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : headerRules(base);
// Host configuration, read by hosts and never served.
const hostFiles = new Set<string>([...Object.values(hostFileNames), nginxMapFile]);
const setHostHeaders = (response: ServerResponse, sitePath: string) => {
  for (const [name, value] of Object.entries(headersFor(sitePath, rules))) response.setHeader(name, value);
};

// Files are looked up on each request (`dev`), so a new build is served without a restart; no extension is
// tried, so /index is never answered with index.html: resolve.ts has already named the exact file. `brotli` sends
// the build's page.html.br for page.html (integrations/after-build/precompress.ts).
const sendFile = sirv(root, { dev: true, etag: true, extensions: [], dotfiles: false, brotli: !values['on-the-fly'] });

/** The not-found page with status 404 (a plain sentence if the build has none). */
function notFound(response: ServerResponse) {
  setHostHeaders(response, `${base}${notFoundFile}`);
  const page = join(root, notFoundFile);
  if (existsSync(page)) response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(readFileSync(page));
  else response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

const compress = compression();
// Express middleware types its arguments as Express's request and response; at run time it reads only Node's own.
type Http = Parameters<typeof compress>;

const server = createServer((request, response) => compress(request as Http[0], response as Http[1], () => answer(request, response)));

function answer(request: IncomingMessage, response: ServerResponse) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const url = URL.parse(request.url ?? '/', 'http://localhost');
  // A request target no URL can be read from (`http://[`): the client's mistake, answered as such.
  if (!url) {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
    return;
  }
  const found = resolveUnderBase(url.pathname, base, files);
  if (found.kind === 'redirect') {
    setHostHeaders(response, url.pathname);
    response.writeHead(found.status, { Location: found.location + url.search }).end();
    return;
  }
  if (found.kind === 'not-found' || hostFiles.has(found.file)) {
    notFound(response);
    return;
  }
  setHostHeaders(response, `${base}${found.file}`);
  request.url = `/${found.file.split('/').map(encodeURIComponent).join('/')}`;
  sendFile(request, response, () => notFound(response));
}

// A connection the client breaks, or bytes that are not HTTP: that client gets a 400, the server goes on.
server.on('clientError', (_error, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  else socket.destroy();
});

server.listen(Number(values.port), values.host, () => {
  console.log(`The book is served at http://${values.host === '127.0.0.1' ? 'localhost' : values.host}:${values.port}${base} (Ctrl+C to stop)`);
});
