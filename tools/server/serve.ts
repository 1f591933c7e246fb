/**
 * `npm start`'s server: serves dist/ the way a correct static host must. resolve.ts decides which file (or
 * redirect, or 404) answers a path; `send` (Express's static-file sender) sends it, with ETag and Last-Modified
 * (304, 412), ranges (206, 416) and file-system errors as HTTP answers; the build's brotli copy of a text file (the
 * not-found page's too) goes to browsers that take brotli (as nginx's brotli_static would), other text is compressed on
 * the fly, and what is compressed already (Pagefind's index, pictures, the ZIM) never is. HEAD gets GET's headers.
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
import type { Duplex } from 'node:stream';
import { parseArgs } from 'node:util';
import compression from 'compression';
import { contentType } from 'mime-types';
import Negotiator from 'negotiator';
import send from 'send';
import { normalBase } from '../../integrations/after-build/built-site.ts';
import { headerRules, headersFor, hostFileNames, nginxMapFile, parseHeadersFile } from '../../integrations/host-config.ts';
import { byteRanges, rangeStillApplies } from './range.ts';
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
// Host configuration, read by hosts and never served; nor are the brotli copies, but as the pages they compress.
const hostFiles = new Set<string>([...Object.values(hostFileNames), nginxMapFile]);
const notServed = (file: string) => hostFiles.has(file.toLowerCase()) || file.endsWith('.br');

/** The headers a host sends for a path: outside the base path too (a redirect into it, a refusal). */
const hostHeaders = (path: string) => headersFor(path.startsWith(base) ? path : base, rules);

/** An answer of the server's own (an error, a redirect): the host's headers, and nothing left of a file's. */
function reply(response: ServerResponse, sitePath: string, status: number, headers: OutgoingHttpHeaders = {}, body?: Buffer | string) {
  for (const name of response.getHeaderNames()) response.removeHeader(name);
  const text = body ?? (status === 301 ? undefined : STATUS_CODES[status]);
  const type = text === undefined || headers['Content-Type'] ? {} : { 'Content-Type': 'text/plain; charset=utf-8' };
  const length = text === undefined ? {} : { 'Content-Length': Buffer.byteLength(text) };
  response.writeHead(status, { ...hostHeaders(sitePath), ...type, ...length, ...headers }).end(text);
}

/** The not-found page with status 404 (a plain sentence if the build has none), as the build's brotli copy to a browser that takes it. */
function notFound(request: IncomingMessage, response: ServerResponse) {
  const page = join(root, notFoundFile);
  const sitePath = `${base}${notFoundFile}`;
  if (!existsSync(page)) return reply(response, sitePath, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'Not found');
  const html = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding' };
  const copy = !values['on-the-fly'] && existsSync(`${page}.br`) && new Negotiator(request).encodings(['br']).includes('br');
  if (copy) reply(response, sitePath, 404, { ...html, 'Content-Encoding': 'br' }, readFileSync(`${page}.br`));
  else reply(response, sitePath, 404, html, readFileSync(page));
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
  // An HTTP/1.1 request names its host once (RFC 9112 §3.2); this server answers every host alike, but not a malformed request.
  const hosts = request.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'host').length;
  if (!url || hosts > 1 || (hosts === 0 && request.httpVersion === '1.1')) return reply(response, sitePath, 400);
  const found = resolveUnderBase(url.pathname, base, files);
  if (found.kind === 'redirect' && !notServed(found.location.slice(base.length)))
    return reply(response, sitePath, 301, { Location: found.location + url.search });
  if (found.kind !== 'file' || notServed(found.file)) return notFound(request, response);
  sendFile(request, response, found.file);
}

/** One file of the book, or its brotli copy, with `send`'s validators and ranges. */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string) {
  const sitePath = `${base}${file}`;
  for (const [name, value] of Object.entries(hostHeaders(sitePath))) response.setHeader(name, value);
  const hasCopy = !values['on-the-fly'] && files.isFile(`${file}.br`);
  const brotli = hasCopy && new Negotiator(request).encodings(['br']).includes('br');
  const sent = brotli ? `${file}.br` : file;
  const stat = statSync(join(root, sent), { throwIfNoEntry: false });
  if (!stat?.isFile()) return notFound(request, response);
  // If-Match compares strongly (RFC 9110 §13.1.1), and this server's ETags are weak: only * can hold.
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined && ifMatch.trim() !== '*') return reply(response, sitePath, 412);
  // A request's Cache-Control speaks to caches: a server weighs its conditions whatever it says (RFC 9111 §5.2.1).
  delete request.headers['cache-control'];
  // A Range header the RFC lets a server ignore is ignored (the whole file, 200), as is one for another version.
  const ifRange = request.headers['if-range'];
  const ranges = rangeStillApplies(Array.isArray(ifRange) ? ifRange.join(', ') : ifRange, stat.mtime)
    ? byteRanges(request.headers.range, stat.size)
    : undefined;
  delete request.headers['if-range'];
  if (ranges) request.headers.range = ranges;
  else delete request.headers.range;
  if (hasCopy) response.setHeader('Vary', 'Accept-Encoding');
  if (brotli) {
    response.setHeader('Content-Encoding', 'br');
    response.setHeader('Content-Type', contentType(extname(file)) || 'application/octet-stream');
  }
  send(request, `/${sent.split('/').map(encodeURIComponent).join('/')}`, { root, index: false, dotfiles: 'allow', cacheControl: false })
    .on('error', (error: { status?: number; headers?: OutgoingHttpHeaders }) => {
      // A file that fails while it is being sent: the client sees the connection end, as a host's would.
      if (response.headersSent) return void response.destroy();
      if (error.status === 404) return notFound(request, response);
      reply(response, sitePath, error.status ?? 500, error.headers);
    })
    .pipe(response);
}

/** Types whose files are compressed already (Pagefind's index and wasm, the ZIM, pictures): compressing them again costs and saves nothing. */
const compressedAlready = /^(application\/(octet-stream|wasm|zip|epub\+zip|pdf|x-zim)|image\/(?!svg)|video\/|audio\/|font\/woff2?)\b/;
// A partial answer stays as it is: compressing it would make its Content-Range wrong.
const compress = compression({
  filter: (request, response) =>
    response.statusCode !== 206 && !compressedAlready.test(String(response.getHeader('Content-Type') ?? '')) && compression.filter(request, response),
});
// Express middleware types its arguments as Express's request and response; at run time it reads only Node's own.
type Http = Parameters<typeof compress>;

/**
 * The middleware leaves a HEAD answer uncompressed, so its headers would differ from the GET's it stands for (RFC 9110
 * §9.3.2): it is shown the request as that GET. Node sends no body for HEAD whatever is written.
 */
const asGet = (request: IncomingMessage) => (request.method === 'HEAD' ? Object.create(request, { method: { value: 'GET' } }) : request) as Http[0];

/** The answer each connection is sending, if any: a malformed request that arrives meanwhile must not write into it. */
const sending = new WeakMap<Duplex, ServerResponse>();

// Host is checked in answer(), whose 400 carries the host's headers, as Node's own would not.
const server = createServer({ requireHostHeader: false }, (request, response) => {
  sending.set(request.socket, response);
  response.on('close', () => sending.get(request.socket) === response && sending.delete(request.socket));
  compress(asGet(request), response as Http[1], () => {
    try {
      answer(request, response);
    } catch (error) {
      // A mistake of this server's: logged, answered, and the next reader is still served.
      console.error(error);
      if (response.headersSent) response.destroy();
      else reply(response, base, 500);
    }
  });
});

// Bytes that are not HTTP, or a request too large to read: an answer as Node's own server gives, with the host's
// headers; a connection the client broke is closed. Either way the server goes on.
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  // Behind an answer still being sent (a pipelined request): that answer ends whole, then the connection closes.
  const inFlight = sending.get(socket);
  if (inFlight) return void inFlight.on('close', () => socket.destroy());
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  socket.end(rawAnswer(status));
});

/** A whole answer as bytes, for a connection Node hands over without a response object: the host's headers, no body. */
function rawAnswer(status: number, extra = ''): string {
  const headers = Object.entries(hostHeaders(base)).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.join('')}${extra}Content-Length: 0\r\nConnection: close\r\n\r\n`;
}

// An Expect this server cannot meet (anything but 100-continue): 417, with the host's headers.
server.on('checkExpectation', (_request, response: ServerResponse) => reply(response, base, 417));
// A request to open a tunnel (CONNECT): refused as every method but GET and HEAD is.
server.on('connect', (_request, socket: Duplex) => socket.end(rawAnswer(405, 'Allow: GET, HEAD\r\n')));

server.listen(Number(values.port), values.host, () => {
  console.log(`The book is served at http://${values.host === '127.0.0.1' ? 'localhost' : values.host}:${values.port}${base} (Ctrl+C to stop)`);
});
