/**
 * Hostile requests for the book's servers, drawn by fast-check from a seed: the request targets and headers a broken
 * client, a scanner or an attacker sends, and the checks every answer must pass. The same seed draws the same
 * requests, so a failure is replayed with FUZZ_SEED=<seed>.
 */
import { readdirSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { sep } from 'node:path';
import fc from 'fast-check';
import { headerRules } from '../../integrations/host-config.ts';

/** A request as bytes on the wire: each character of `target` and of the headers is one byte (latin1). */
export interface HostileRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  /** Sent with no Host header at all (Node's client adds one otherwise). */
  noHost: boolean;
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
const latin1 = (bytes: Iterable<number>) => String.fromCharCode(...bytes);
const printable = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });
// What a header value may hold on the wire: visible ASCII, spaces, tabs, and bytes above ASCII (Node refuses the rest).
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(
        { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
        { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
        { weight: 1, arbitrary: fc.constant(0x09) },
      )
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

// The book's own names, in and out of their letter case, and the files a host must never serve.
const bookNames = ['index', 'Index', 'INDEX', 'Chapter2', 'chapter3', 'BlockA', 'blocka', 'members', 'Introduction', 'offline'];
const fileNames = ['_astro', 'pagefind', 'media', 'home-city.mp4', 'favicon.svg', 'sw.js', '404.html', 'index.html', 'index.html.br'];
const hostNames = ['_headers', '_redirects', '.nginx', 'addresses.conf'];
// Dot segments and their encodings, separators, encodings that are not UTF-8, and header-shaped text.
const tricks = [
  ...['', '.', '..', '%2e', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '..%2f', '..%5c', '%2f', '%5c', '\\', '..\\..', '~', ';x'],
  ...['%', '%%', '%ZZ', '%E0%A4%A', '%C0%AE%C0%AE', '%C0%AF', '%ED%A0%80', '%F4%90%80%80', '%EF%BB%BF', '%E2%80%AE'],
  ...['%00', 'a%00.html', '%0a', '%0d%0aSet-Cookie:%20injected=1', '%0d%0a%0d%0a<h1>x</h1>', 'a%20b', '%09', '#x', '?'],
];

const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...bookNames, ...fileNames, ...hostNames) },
  { weight: 4, arbitrary: fc.constantFrom(...tricks) },
  // Every byte value, percent-encoded: control characters, separators, and UTF-8 that is not.
  { weight: 4, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((bytes) => [...bytes].map(hex).join('')) },
  // Bytes above ASCII as they are: UTF-8 that is not, on the wire.
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) => latin1(bytes.map((byte) => byte | 0x80))) },
  { weight: 3, arbitrary: printable(16) },
  // Longer than any file name, up to 100 KB.
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 100_000 }).map((length) => 'a'.repeat(length)) },
);
const separator = fc.constantFrom('/', '/', '/', '/', '//', '\\', '/./', '/../');
const query = fc.oneof(
  fc.constantFrom('from=card', 'a=1&a=2', '%0d%0aLocation:%20http://elsewhere.example', '=', '&&', '?'),
  fc.uint8Array({ maxLength: 12 }).map((bytes) => [...bytes].map(hex).join('')),
  printable(24),
);
const pathTarget = fc
  .tuple(fc.array(fc.tuple(separator, segment), { maxLength: 6 }), fc.boolean(), fc.option(query, { nil: undefined }))
  .map(([parts, slash, search]) => `/${parts.map(([s, name]) => s + name).join('')}${slash ? '/' : ''}${search === undefined ? '' : `?${search}`}`);
// Request targets that are not a path: the asterisk, absolute URLs (a proxy's form), and what no URL parser reads.
const oddTarget = fc.constantFrom(
  '*',
  'http://[',
  'http://[::1',
  '//[',
  'http://127.0.0.1/index',
  'https://elsewhere.example/Index/Chapter2',
  '//elsewhere.example/index',
  'index',
  'file:///etc/passwd',
  'javascript:alert(1)',
);

const digits = fc.oneof(
  fc.nat({ max: 100_000 }).map(String),
  fc.constantFrom('0', '00', '18446744073709551616', '9'.repeat(400), '-0', '1e3', '0x10', ' 1', '1.5', ''),
);
const rangeSpec = fc.oneof(
  fc.tuple(digits, digits).map(([first, last]) => `${first}-${last}`),
  digits.map((length) => `-${length}`),
  digits.map((first) => `${first}-`),
  headerText(12),
);
const range = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        fc.constantFrom('bytes=', 'bytes=', 'Bytes=', 'bytes =', 'items=', 'bytes', '', 'bytes=,'),
        fc.array(rangeSpec, { minLength: 1, maxLength: 6 }),
      )
      .map(([unit, specs]) => unit + specs.join(',')),
  },
  // Thousands of small ranges.
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 3000 }).map((count) => `bytes=${Array.from({ length: count }, (_, i) => `${i * 2}-${i * 2}`).join(',')}`),
  },
);
const entityTag = fc.oneof(
  fc.constantFrom('*', '""', '"x"', 'W/"x"', 'W/', '"', ',', '*, "x"', ' * '),
  headerText(40),
  headerText(20).map((tag) => `W/"${tag}"`),
);
const httpDate = fc.oneof(
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => date.toUTCString()),
  fc.constantFrom(
    'Thu, 01 Jan 1970 00:00:00 GMT',
    'Fri, 31 Dec 9999 23:59:59 GMT',
    'Sunday, 06-Nov-94 08:49:37 GMT',
    'Sun Nov  6 08:49:37 1994',
    'yesterday',
    '-1',
    '',
  ),
  headerText(40),
);
const coding = fc
  .tuple(
    fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd', 'x-gzip', 'BR', ''),
    fc.option(fc.oneof(fc.constantFrom('0', '1', '0.5', '0.001', '1.000', '2', '-1', 'abc', ''), headerText(5))),
  )
  .map(([name, weight]) => (weight === null ? name : `${name};q=${weight}`));
const acceptEncoding = fc.oneof(
  { weight: 4, arbitrary: fc.array(coding, { maxLength: 8 }).map((codings) => codings.join(', ')) },
  { weight: 1, arbitrary: headerText(100) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'br,'.repeat(length / 3)) },
);

/** One hostile request: mostly GET and HEAD, with any of the headers a static server reads. */
const hostileRequest: fc.Arbitrary<HostileRequest> = fc.record({
  method: fc.oneof(
    { weight: 10, arbitrary: fc.constant('GET') },
    { weight: 3, arbitrary: fc.constant('HEAD') },
    { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'PROPFIND', 'BREW') },
  ),
  target: fc.oneof({ weight: 12, arbitrary: pathTarget }, { weight: 1, arbitrary: oddTarget }),
  headers: fc.record(
    {
      Range: range,
      'If-None-Match': entityTag,
      'If-Match': entityTag,
      'If-Modified-Since': httpDate,
      'If-Unmodified-Since': httpDate,
      'If-Range': fc.oneof(entityTag, httpDate),
      'Accept-Encoding': acceptEncoding,
      Host: fc.constantFrom('localhost', 'elsewhere.example', '127.0.0.1:1', '[::1]', 'a b', 'a/b', ''),
      Expect: fc.constantFrom('100-continue', 'foo', '', '100-continue, foo'),
      'Cache-Control': fc.constantFrom('no-cache', 'max-age=0', 'no-store', 'no-transform'),
    },
    { requiredKeys: [] },
  ),
  noHost: fc.oneof({ weight: 20, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});

/** What came back: a response Node's strict HTTP parser read whole, or why there was none. */
export type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer } | { error: string };

// Connections that have carried an answer: one the server closes as the next request leaves is tried again.
const served = new WeakSet<Socket>();
/** A connection silent this long is a server that hangs: far beyond a busy machine's slowest answer. */
const hangAfterMs = 60_000;

/**
 * Sends one request (Node's client writes each character as one byte) and reads the answer with Node's parser. A kept-alive
 * connection the server closed as the request left is tried once more on a new one, as browsers and curl do: nginx 1.22
 * announces keep-alive on a 412 and then closes the connection. (Node's `request.reusedSocket` misses a connection handed
 * to a request that waited for it.)
 */
export function sendHostile(origin: string, hostile: HostileRequest, agent: Agent | false): Promise<Answer> {
  const { method, target, noHost } = hostile;
  const headers = noHost ? Object.fromEntries(Object.entries(hostile.headers).filter(([name]) => name !== 'Host')) : hostile.headers;
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const request = httpRequest(
      { hostname, port, method, path: target, headers, agent, setHost: !noHost && !('Host' in headers), timeout: hangAfterMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (socket) served.add(socket);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
        });
        response.on('close', () => response.complete || resolve({ error: 'the answer ended before its body did' }));
      },
    );
    let socket: Socket | undefined;
    request.on('socket', (assigned) => (socket = assigned));
    request.on('timeout', () => request.destroy(new Error(`no answer in ${hangAfterMs / 1000} s`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNRESET' && socket && served.has(socket)
          ? sendHostile(origin, hostile, false)
          : { error: `${error.code ?? ''} ${error.message}` },
      ),
    );
    request.end();
  });
}

// Every header a static server of the book may send: any other name in an answer came from the request.
const securityHeaders = Object.fromEntries(Object.entries(headerRules('/')[0]?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
const knownHeaders = new Set([
  ...Object.keys(securityHeaders),
  ...['cache-control', 'content-type', 'content-length', 'content-encoding', 'content-range', 'accept-ranges', 'etag', 'last-modified'],
  ...['vary', 'location', 'allow', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'server'],
]);

/** The book's files and pages, as addresses under `base`: the only paths a redirect of the book may name. */
export function builtAddresses(dist: string, base = '/'): Set<string> {
  const addresses = new Set([base, base.replace(/\/$/, '')]);
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    const path = `${base}${file.split(sep).join('/')}`;
    addresses.add(path);
    if (path.endsWith('/index.html')) addresses.add(path.slice(0, -'/index.html'.length)).add(path.slice(0, -'index.html'.length));
  }
  return addresses;
}

/** What a server is known to do that the checks allow, each for a reason docs/hosting.md gives. */
export interface Quirks {
  /** nginx 1.22 sends its add_header lines twice on a 416 it makes itself (the values the same, so they still apply). */
  headersTwiceOn416?: boolean;
  /** nginx answers a request line of another major version (`HTTP/2.0`, `HTTP/11`) with 505, as RFC 9110 §15.6.6 says. */
  versionNotSupported?: boolean;
  /** nginx answers a transfer coding it does not know with 501, as RFC 9112 §6.1 says. */
  unknownCoding?: boolean;
  /** nginx answers a request line without a version (HTTP/0.9) with the page alone: that protocol has no headers. */
  http09?: boolean;
}

/** The server under test, as the checks see it. */
export interface Served {
  /** The addresses a redirect may name: the book's (builtAddresses), or, for the plain-http server, a pattern. */
  redirects: Set<string> | RegExp;
  quirks?: Quirks;
}

// A redirect's query: URL text, never a space, a control character, a quote, an angle bracket or a byte above ASCII.
const plainQuery = /^[\x21\x23-\x3b\x3d\x3f-\x7e]*$/;

/** What is wrong with an answer: a 5xx, a missing security header, a header of the request's choosing, a range off. */
function problemsWith(request: HostileRequest, answer: Answer, { redirects, quirks = {} }: Served): string[] {
  if ('error' in answer) return [`no valid HTTP answer (${answer.error})`];
  const { status, headers, body } = answer;
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  for (const name of Object.keys(headers)) if (!knownHeaders.has(name)) problems.push(`a header the server never sends: ${name}`);
  for (const [name, value] of Object.entries(securityHeaders)) {
    const sent = headers[name];
    if (sent !== value && !(quirks.headersTwiceOn416 && status === 416 && sent === `${value}, ${value}`)) problems.push(`${name} is ${sent}`);
  }
  const location = headers.location;
  if (location !== undefined) {
    const [path = '', search = ''] = location.split(/\?(.*)/s);
    if (redirects instanceof RegExp ? !redirects.test(location) : !redirects.has(path))
      problems.push(`a redirect to ${location.slice(0, 200)}, no address of the book`);
    if (!plainQuery.test(search)) problems.push(`a redirect whose query is not plain URL text: ${search.slice(0, 100)}`);
  }
  if (status === 206 && request.method === 'GET') problems.push(...partialProblems(headers, body));
  if (status === 416 && !/^bytes \*\/\d+$/.test(headers['content-range'] ?? '')) problems.push(`416 with Content-Range ${headers['content-range']}`);
  return problems;
}

/** A 206 holds one range its Content-Range names, or several as multipart/byteranges, each part with its own. */
function partialProblems(headers: IncomingHttpHeaders, body: Buffer): string[] {
  const multipart = /^multipart\/byteranges; boundary=(\S+)$/.exec(headers['content-type'] ?? '');
  const ranges = multipart ? [...body.toString('latin1').matchAll(/^Content-Range: (.*)\r$/gm)].map((part) => part[1]) : [headers['content-range']];
  const problems: string[] = [];
  if (ranges.length === 0) problems.push('206 with no range');
  for (const range of ranges) {
    const [, first, last, length] = (/^bytes (\d+)-(\d+)\/(\d+)$/.exec(range ?? '') ?? []).map(Number);
    if (first === undefined || last === undefined || length === undefined || first > last || last >= length)
      problems.push(`206 with Content-Range ${range}`);
    else if (!multipart && body.length !== last - first + 1) problems.push(`206 of ${body.length} bytes for ${range}`);
  }
  return problems;
}

/** A request, short enough to read in a failure message. */
function describe({ method, target, headers }: HostileRequest): string {
  const cut = (text: string) => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} bytes)` : text);
  return `${method} ${cut(target)} ${Object.entries(headers)
    .map(([name, value]) => `${name}: ${cut(value)}`)
    .join(', ')}`;
}

/**
 * Draws `count` requests from `seed` and sends them, `concurrency` at a time, over kept-alive connections; gives the
 * first failures with their requests (their order is the draw's, so the same seed fails the same way).
 */
export async function fuzz(origin: string, seed: number, count: number, served: Served, concurrency = 8): Promise<string[]> {
  const requests = fc.sample(hostileRequest, { seed, numRuns: count });
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const request = requests[i]!;
      const problems = problemsWith(request, await sendHostile(origin, request, agent), served);
      if (problems.length > 0) failures.push(`#${i} ${describe(request)}: ${problems.join('; ')}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return failures.slice(0, 10);
}

/**
 * Bytes Node's client would refuse to send (spaces, control characters, broken request lines and header lines),
 * written to a socket as they are; gives the answer's head (status line and headers) once it has come, or what came
 * before the server closed the connection. The socket is not half-closed: Node's server drops a request whose client
 * has (browsers never do).
 */
export function sendRaw(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.from(bytes, 'latin1')));
    let answer = '';
    socket.setTimeout(hangAfterMs, () => socket.destroy(new Error(`no answer in ${hangAfterMs / 1000} s`)));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer.split('\r\n\r\n')[0] ?? ''));
    // The server may close as the request is still being written: what it answered is still read.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
  });
}

/** Sends raw bytes and reads everything the server sends until it closes the connection. */
export function sendRawUntilClosed(origin: string, bytes: string): Promise<Buffer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(Buffer.from(bytes, 'latin1')));
    const chunks: Buffer[] = [];
    socket.setTimeout(hangAfterMs, () => socket.destroy(new Error(`not closed in ${hangAfterMs / 1000} s`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
  });
}

/**
 * What is wrong when a broken request follows, on the same connection, a GET for `file` (served at `path`): the GET's
 * answer must come first and whole, its body the file byte for byte; whatever follows is an answer of its own.
 */
export function pipelinedProblem(answer: Buffer, file: Buffer, quirks: Quirks = {}): string | undefined {
  const headEnd = answer.indexOf('\r\n\r\n');
  const { statusLine, headers } = readHead(answer.subarray(0, Math.max(headEnd, 0)).toString('latin1'));
  if (!statusLine.startsWith('HTTP/1.1 200')) return `the GET was answered ${JSON.stringify(statusLine)}`;
  const body = answer.subarray(headEnd + 4, headEnd + 4 + Number(headers['content-length']));
  if (!body.equals(file)) return `the GET's body is not the file (${body.length} of ${file.length} bytes, or different)`;
  const rest = answer.subarray(headEnd + 4 + body.length).toString('latin1');
  // nginx answers a request line without a version as HTTP/0.9 does: a body alone.
  return rest === '' || rest.startsWith('HTTP/1.1 ') || quirks.http09
    ? undefined
    : `bytes after the body that are no answer: ${JSON.stringify(rest.slice(0, 60))}`;
}

/** The status line of a raw answer's head, and its headers by lower-case name. */
export function readHead(head: string): { statusLine: string; headers: Record<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers };
}

/**
 * Raw requests that break HTTP/1.1 itself: any byte in the target, bad request lines, bad header lines. Each ends with
 * an empty line, so a server that reads it as a request has all of it and owes an answer.
 */
export const brokenRequest: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('GET', 'GET', 'HEAD', 'G ET', 'get', 'GET\t', ''),
    fc.oneof(
      pathTarget,
      fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => `/${latin1(bytes)}`),
    ),
    fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/1.1 x', 'HTTP/1.', 'HTTP/11', 'HTTP/2.0', 'HTTPS/1.1', 'http/1.1'),
    fc.array(
      fc.oneof(
        fc.constantFrom('Host: localhost', 'Host: localhost', 'Host:', 'Host: a\0b', ' folded', 'No colon', ': empty name', 'Na me: x'),
        fc.constantFrom('Content-Length: -1', 'Content-Length: 1, 2', 'Transfer-Encoding: x', 'Transfer-Encoding: chunked, x'),
        fc.uint8Array({ maxLength: 30 }).map((bytes) => `X-Any: ${latin1(bytes)}`),
      ),
      { maxLength: 4 },
    ),
    fc.constantFrom('\r\n', '\r\n', '\n', '\r\n\r'),
  )
  .map(([method, target, version, headers, end]) => `${method} ${target} ${version}${end}${headers.map((line) => line + end).join('')}\r\n`);

/** What is wrong with the answer to a broken request: a 5xx, no HTTP/1.x status line, or a security header missing. */
export function brokenAnswerProblem(request: string, head: string, quirks: Quirks = {}): string | undefined {
  const { statusLine, headers } = readHead(head);
  const requestLine = request.split(/\r|\n/)[0] ?? '';
  const problem = (why: string) => `${JSON.stringify(request.slice(0, 200))}: ${why}`;
  if (quirks.http09 && !requestLine.includes(' HTTP/') && !head.startsWith('HTTP/')) return undefined;
  const allowed =
    /^HTTP\/1\.[01] [1-4]\d\d /.test(statusLine) ||
    (quirks.versionNotSupported && statusLine.startsWith('HTTP/1.1 505 ') && !/ HTTP\/1\.[01]$/.test(requestLine)) ||
    (quirks.unknownCoding && statusLine.startsWith('HTTP/1.1 501 ') && /^Transfer-Encoding: (?!chunked\r?$)/im.test(request));
  if (!allowed) return problem(JSON.stringify(statusLine.slice(0, 200)));
  const missing = Object.entries(securityHeaders).filter(([name, value]) => headers[name] !== value);
  return missing.length > 0 ? problem(`${statusLine} without ${missing.map(([name]) => name).join(', ')}`) : undefined;
}

/** A single byte range as RFC 9110 §14.1.2 defines it, and the bytes it selects from a file of `size` bytes (none: 416). */
export interface RangeCase {
  header: string;
  /** The first and last byte selected, or undefined when the range is unsatisfiable. */
  selects: [first: number, last: number] | undefined;
}

/** Valid single ranges around the edges of a file of `size` bytes, each with what it selects. */
export const rangeCase = (size: number): fc.Arbitrary<RangeCase> => {
  const position = fc.oneof(fc.nat({ max: size * 2 }), fc.constantFrom(0, 1, size - 1, size, size + 1, 2 ** 40));
  return fc.oneof(
    fc.tuple(position, position).map(([a, b]): RangeCase => {
      const [first, last] = a <= b ? [a, b] : [b, a];
      return { header: `bytes=${first}-${last}`, selects: first < size ? [first, Math.min(last, size - 1)] : undefined };
    }),
    position.map((first): RangeCase => ({ header: `bytes=${first}-`, selects: first < size ? [first, size - 1] : undefined })),
    position.map((length): RangeCase => ({ header: `bytes=-${length}`, selects: length > 0 ? [Math.max(0, size - length), size - 1] : undefined })),
  );
};

/** What is wrong with the answer to a range of a file whose bytes are `file`: the status, the Content-Range or the bytes. */
export function rangeProblem({ header, selects }: RangeCase, answer: Answer, file: Buffer): string | undefined {
  if ('error' in answer) return `${header}: no valid HTTP answer (${answer.error})`;
  const { status, headers, body } = answer;
  if (!selects)
    return status === 416 && headers['content-range'] === `bytes */${file.length}`
      ? undefined
      : `${header}: ${status} ${headers['content-range']}, not 416`;
  const [first, last] = selects;
  const expected = `bytes ${first}-${last}/${file.length}`;
  if (status !== 206 || headers['content-range'] !== expected) return `${header}: ${status} ${headers['content-range']}, not 206 ${expected}`;
  return Buffer.compare(body, file.subarray(first, last + 1)) === 0 ? undefined : `${header}: the bytes are not the file's ${first} to ${last}`;
}
