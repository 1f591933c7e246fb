/**
 * `npm start`'s server: serves dist/ the way a correct static host must (see resolve.ts).
 * Usage: node src/server/serve.ts [--port 4321] [--dir dist] [--host 127.0.0.1] [--base /book/]
 * The base defaults to BASE_PATH, as the build's does, so `BASE_PATH=/book/ npm start` serves the book at /book/.
 */
import { createReadStream, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { normalBase } from '../lib/built-site.ts';
import { headerRules, headersFor, hostFileNames, parseHeadersFile } from '../lib/host-config.ts';
import { resolveUnderBase, type SiteFiles } from './resolve.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4321' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    dir: { type: 'string', default: 'dist' },
    base: { type: 'string', default: process.env.BASE_PATH ?? '/' },
  },
});

const base = normalBase(values.base);
const root = resolvePath(values.dir);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const files: SiteFiles = {
  isFile: (path) => {
    try {
      return statSync(join(root, path)).isFile();
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

// The headers Netlify and Cloudflare Pages would send, from the build's _headers (src/integrations/host-files.ts).
const headersPath = join(root, hostFileNames.headers);
const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : headerRules(base);
// Host configuration, read by hosts and never served.
const hostFiles = new Set<string>(Object.values(hostFileNames));

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const found = resolveUnderBase(url.pathname, base, files);
  const answer = found.kind === 'file' && hostFiles.has(found.file) ? resolveUnderBase(`${base}404`, base, files) : found;
  if (answer.kind === 'redirect') {
    response.writeHead(answer.status, { Location: answer.location + url.search }).end();
    return;
  }
  const file = answer.file;
  const size = statSync(join(root, file)).size;
  response.writeHead(answer.status, {
    ...headersFor(`${base}${file}`, rules),
    'Content-Type': types[extname(file)] ?? 'application/octet-stream',
    'Content-Length': size,
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(join(root, file)).pipe(response);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`The book is served at http://${values.host === '127.0.0.1' ? 'localhost' : values.host}:${values.port}${base} (Ctrl+C to stop)`);
});
