/**
 * `npm start`'s server: serves dist/ the way a correct static host must. resolve.ts decides which file (or
 * redirect, or 404) answers a path; `send` (Express's static-file sender) sends it, with ETag and Last-Modified
 * (304, 412), ranges (206, 416) and file-system errors as HTTP answers; the build's brotli copy of a text file goes
 * to browsers that take brotli (as nginx's brotli_static would), anything else is compressed on the fly.
 * Every request gets an HTTP answer below 500 and the server goes on: tests/e2e/hostile-requests.spec.ts tries it.
 * Usage: node tools/server/serve.ts [--port 4321] [--dir dist] [--host 127.0.0.1] [--base /book/] [--on-the-fly]
 * (--on-the-fly leaves the brotli copies aside and compresses every answer, as most hosts do)
 * The base defaults to BASE_PATH, as the build's does, so `BASE_PATH=/book/ npm start` serves the book at /book/.
 */
// First: BASE_PATH may come from .env, as the build's does.
import '../../integrations/load-env.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse, STATUS_CODES } from 'node:http';
import { extname, join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import compression from 'compression';
import { contentType } from 'mime-types';
import Negotiator from 'negotiator';
import send from 'send';
import { normalBase } from '../../integrations/after-build/built-site.ts';
import { headerRules, headersFor, hostFileNames, nginxMapFile, parseHeadersFile } from '../../integrations/host-config.ts';
import { byteRanges } from './range.ts';
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

// Files are looked up on each request, so a new build is served without a restart. A name the file system
// refuses (too long, under a file) is simply not one of the book's.
const files: SiteFiles = {
  isFile: (path) => {
    try {
      return statSync(join(root, path), { throwIfNoEntry: false })?.isFile() ?? false;
    } catch {
      return false;
    }
  },
  list: (dir) => {
    try {
      return readdirSync(join(root, dir));
    } catch {
      return [];
    }
  },
};

// The headers Netlify and Cloudflare Pages would send, from the build's _headers (integrations/after-build/host-files.ts).
const headersPath = join(root, hostFileNames.headers);
const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : headerRules(base);
// Host configuration, read by hosts and never served.
const hostFiles = new Set<string>([...Object.values(hostFileNames), nginxMapFile]);

/** An answer of the server's own (an error, a redirect): the host's headers, and nothing left of a file's. */
function reply(response: ServerResponse, sitePath: string, status: number, headers: OutgoingHttpHeaders = {}, body?: Buffer | string) {
  for (const name of response.getHeaderNames()) response.removeHeader(name);
  const text = body ?? (status === 301 ? undefined : STATUS_CODES[status]);
  const type = text === undefined || headers['Content-Type'] ? {} : { 'Content-Type': 'text/plain; charset=utf-8' };
  response.writeHead(status, { ...headersFor(sitePath, rules), ...type, ...headers }).end(text);
}

/** The not-found page with status 404 (a plain sentence if the build has none). */
function notFound(response: ServerResponse) {
  const page = join(root, notFoundFile);
  if (existsSync(page)) reply(response, `${base}${notFoundFile}`, 404, { 'Content-Type': 'text/html; charset=utf-8' }, readFileSync(page));
  else reply(response, `${base}${notFoundFile}`, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Not found');
}

/** The request target as a URL: a path (`/a?b`) under this server, or an absolute http(s) URL as a proxy would send. */
function requestUrl(target: string): URL | undefined {
  const url = target.startsWith('/') ? URL.parse(`http://localhost${target}`) : URL.parse(target);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
}

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = requestUrl(request.url ?? '/');
  const sitePath = url?.pathname ?? base;
  if (request.method !== 'GET' && request.method !== 'HEAD') return reply(response, sitePath, 405, { Allow: 'GET, HEAD' });
  if (!url) return reply(response, sitePath, 400);
  const found = resolveUnderBase(url.pathname, base, files);
  if (found.kind === 'redirect') return reply(response, sitePath, 301, { Location: found.location + url.search });
  if (found.kind === 'not-found' || hostFiles.has(found.file)) return notFound(response);
  sendFile(request, response, found.file);
}

/** One file of the book, or its brotli copy, with `send`'s validators and ranges. */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string) {
  const sitePath = `${base}${file}`;
  for (const [name, value] of Object.entries(headersFor(sitePath, rules))) response.setHeader(name, value);
  const hasCopy = !values['on-the-fly'] && files.isFile(`${file}.br`);
  const brotli = hasCopy && new Negotiator(request).encodings(['br']).includes('br');
  if (hasCopy) response.setHeader('Vary', 'Accept-Encoding');
  if (brotli) {
    response.setHeader('Content-Encoding', 'br');
    response.setHeader('Content-Type', contentType(extname(file)) || 'application/octet-stream');
  }
  // A Range header the RFC lets a server ignore is ignored: the whole file, 200.
  const ranges = byteRanges(request.headers.range);
  if (ranges) request.headers.range = ranges;
  else delete request.headers.range;
  const path = `/${(brotli ? `${file}.br` : file).split('/').map(encodeURIComponent).join('/')}`;
  send(request, path, { root, index: false, dotfiles: 'allow', cacheControl: false })
    .on('error', (error: { status?: number; headers?: OutgoingHttpHeaders }) => {
      // A file that fails while it is being sent: the client sees the connection end, as a host's would.
      if (response.headersSent) return void response.destroy();
      if (error.status === 404) return notFound(response);
      reply(response, sitePath, error.status ?? 500, error.headers);
    })
    .pipe(response);
}

// A partial answer stays as it is: compressing it would make its Content-Range wrong.
const compress = compression({ filter: (request, response) => response.statusCode !== 206 && compression.filter(request, response) });
// Express middleware types its arguments as Express's request and response; at run time it reads only Node's own.
type Http = Parameters<typeof compress>;

const server = createServer((request, response) =>
  compress(request as Http[0], response as Http[1], () => {
    try {
      answer(request, response);
    } catch (error) {
      // A mistake of this server's: logged, answered, and the next reader is still served.
      console.error(error);
      if (response.headersSent) response.destroy();
      else reply(response, base, 500);
    }
  }),
);

// Bytes that are not HTTP, or a request too large to read: an answer as Node's own server gives, with the host's
// headers; a connection the client broke is closed. Either way the server goes on.
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const headers = Object.entries(headersFor(base, rules)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.join('')}Content-Length: 0\r\nConnection: close\r\n\r\n`);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`The book is served at http://${values.host === '127.0.0.1' ? 'localhost' : values.host}:${values.port}${base} (Ctrl+C to stop)`);
});
