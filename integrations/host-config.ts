/**
 * What a host must send and rewrite, as one table every deployment is written from: dist/_headers and
 * dist/_redirects (Netlify, Cloudflare Pages), npm start's server (which reads dist/_headers), and the nginx
 * example. Pure, so unit tests check the tables against the host rules of tools/server/resolve.ts.
 */

/** The files, at the root of the built site, that Netlify and Cloudflare Pages read and never serve. */
export const hostFileNames = { headers: '_headers', redirects: '_redirects' } as const;

/** A path pattern as Netlify and Cloudflare Pages write them (exact, or ending in '*'), and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Hashed build files never change; everything else is revalidated on each visit (what hosts do by default). */
export const cacheForever = 'public, max-age=31536000, immutable';
export const revalidate = 'public, max-age=0, must-revalidate';

/**
 * The second content security policy, sent as a header next to each page's <meta> policy (both apply): what a
 * <meta> cannot say (frame-ancestors), and the rules that hold for every file. Only the book's own pages may
 * frame it: chapters frame its slides and PDFs; no other site may.
 */
const headerPolicy = "frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/** The security headers of every response, and the caching of hashed files. */
export function headerRules(base: string): HeaderRule[] {
  return [
    {
      path: `${base}*`,
      headers: {
        'Content-Security-Policy': headerPolicy,
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'SAMEORIGIN',
        // YouTube's player needs the page's origin as referrer (it shows error 153 without one).
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Cross-Origin-Opener-Policy': 'same-origin',
      },
    },
    { path: `${base}_astro/*`, headers: { 'Cache-Control': cacheForever } },
  ];
}

const matches = (pattern: string, path: string) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

/** The headers for one request path: every matching rule's, later rules winning; revalidation unless a rule caches. */
export function headersFor(path: string, rules: HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': revalidate };
  for (const rule of rules) if (matches(rule.path, path)) Object.assign(headers, rule.headers);
  return headers;
}

/** The rules as a _headers file: each path, then its headers indented. */
export function headersFile(rules: HeaderRule[]): string {
  return `${rules.map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n')}\n`;
}

/** Reads a _headers file back (npm start's server serves what Netlify and Cloudflare would). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const [name, ...value] = line.trim().split(':');
    const rule = rules.at(-1);
    if (!rule || !name || value.length === 0) throw new Error(`_headers: "${line.trim()}" is not a "Name: value" line under a path.`);
    rule.headers[name.trim()] = value.join(':').trim();
  }
  return rules;
}

/** A redirect or rewrite rule as Netlify and Cloudflare Pages write them in _redirects. */
export interface RedirectRule {
  from: string;
  to: string;
  status: 200 | 301;
  /** Netlify's `!`: the rule applies even where a file answers. Cloudflare Pages skips such a line (with a warning). */
  force?: boolean;
}

/**
 * The host rules (tools/server/resolve.ts) a _redirects file must add to a host's own file lookup: /index is the
 * contents page (index/index.html), never the home page's index.html, which many hosts would answer for it; the
 * specification's own spelling /Index/… redirects to the real one, and so does each page's address in lower case
 * (both hosts match rules in the case they are written). Hosts answer other unknown paths with 404.html, whose script
 * takes a reader on from any other letter case. `pagePaths` are the pages' addresses, the base included.
 */
export function redirectRules(base: string, pagePaths: string[] = []): RedirectRule[] {
  const contents = `${base}index/index.html`;
  const lowerCase = pagePaths
    .map((path) => path.replace(/\/$/, ''))
    .filter((path) => path.startsWith(base) && path.toLowerCase() !== path)
    .flatMap((path): RedirectRule[] => {
      const lower = `${base}${path.slice(base.length).toLowerCase()}`;
      return [
        { from: lower, to: path, status: 301 },
        { from: `${lower}/`, to: path, status: 301 },
      ];
    });
  return [
    // Netlify answers /index and /index/ with the home page's index.html, whose file wins over an unforced rule.
    { from: `${base}index`, to: contents, status: 200, force: true },
    { from: `${base}index/`, to: contents, status: 200, force: true },
    // Cloudflare Pages, which skips the two lines above, answers /index/ with the contents page already.
    { from: `${base}index`, to: `${base}index/`, status: 200 },
    // Exact addresses before splats: Cloudflare reads them faster.
    ...lowerCase,
    { from: `${base}Index`, to: `${base}index`, status: 301 },
    { from: `${base}Index/*`, to: `${base}index/:splat`, status: 301 },
  ];
}

/** The rules as a _redirects file. */
export function redirectsFile(rules: RedirectRule[]): string {
  return `${rules.map(({ from, to, status, force }) => `${from} ${to} ${status}${force ? '!' : ''}`).join('\n')}\n`;
}

/**
 * nginx's part of the book that changes with its pages: the entries of a map from every letter case of each page's
 * address (with or without its trailing slash) to the real one, which the nginx example's map includes and redirects
 * by. The real address itself maps to nothing, so it is served. A redirect names only these fixed addresses, never
 * text of the request's choosing. Written by the build to dist/.nginx/ (never served).
 */
const nginxMapFolder = '.nginx/';
export const nginxMapFile = `${nginxMapFolder}addresses.conf`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function nginxAddressMap(pagePaths: string[]): string {
  const entries = pagePaths
    .map((path) => path.replace(/\/$/, ''))
    .filter((path) => path !== '')
    .flatMap((path) => [`"~^${escapeRegex(path)}/?$" "";`, `"~*^${escapeRegex(path)}/?$" "${path}";`]);
  return `# Written by the book's build (nginxAddressMap in integrations/host-config.ts): the nginx example's map includes it.\n${entries.join('\n')}\n`;
}

/** Where the nginx example serves the book from: the build goes in its base path's folder under it. */
export const nginxSiteRoot = '/srv/book';

/**
 * An nginx server block that serves the book as the tables above say (tools/server/nginx.conf is this, for base '/').
 * The headers are set once, in the server: nginx would drop them from any location that set headers of its own, and
 * its own answers (400, 404, 405, 414) would go without them. Only Cache-Control differs by path, through a map.
 */
export function nginxConfig(base: string): string {
  const siteRoot = nginxSiteRoot;
  const rules = headerRules(base);
  const security = rules[0]?.headers ?? {};
  const quote = (value: string) => `"${value.replaceAll('"', '\\"')}"`;
  const cacheEntries = rules.flatMap(({ path, headers }) =>
    headers['Cache-Control'] ? [`  "~^${escapeRegex(path.replace(/\*$/, ''))}" ${quote(headers['Cache-Control'])};`] : [],
  );
  const headerLines = [
    '  # On every answer, errors and redirects too. No location may add a header of its own: nginx would drop these there.',
    ...Object.entries(security).map(([name, value]) => `  add_header ${name} ${quote(value)} always;`),
    '  add_header Allow $book_allow always;',
  ];
  return `${[
    '# The book behind nginx: written by nginxConfig() in integrations/host-config.ts (a test keeps this file equal to it).',
    `# Copy what the build wrote in dist/ to ${siteRoot}${base}, and put your server name and certificate paths below.`,
    '',
    "# No version in the Server header or on error pages, from any server of this nginx (Debian's default site too):",
    '# it tells an attacker which flaws to try.',
    'server_tokens off;',
    '',
    "# Any letter case of a page's address, to the real one: the build writes the entries (a glob: nginx also starts",
    '# without them, with no case redirects).',
    'map $uri $book_address {',
    '  default "";',
    `  include ${siteRoot}${base}${nginxMapFolder}*.conf;`,
    '}',
    "# A redirect keeps the query only if it is plain URL text: no quotes, brackets, spaces or bytes of the request's own.",
    'map $args $book_query {',
    '  default "";',
    '  "~^[A-Za-z0-9._~%+=&-]+$" "?$args";',
    '}',
    '# Hashed build files never change; everything else is revalidated.',
    'map $uri $book_cache_control {',
    `  default ${quote(revalidate)};`,
    ...cacheEntries,
    '}',
    '# The methods a refusal (405) names.',
    'map $request_method $book_allow {',
    '  GET "";',
    '  HEAD "";',
    '  default "GET, HEAD";',
    '}',
    '# The secure address of a plain-http request: its path when that is plain URL text, else the home page.',
    'map $request_uri $book_secure_path {',
    `  default ${quote(base)};`,
    `  "~^(?<book_path>${escapeRegex(base)}[A-Za-z0-9/._~%!&()*+,;=:@?-]*)$" $book_path;`,
    '}',
    '',
    'server {',
    '  # `http2` here, not `http2 on;`, which nginx before 1.25 (Debian 12 has 1.22) refuses.',
    '  listen 443 ssl http2;',
    '  server_name book.example.org;',
    '  ssl_certificate /etc/ssl/certs/book.example.org.pem;',
    '  ssl_certificate_key /etc/ssl/private/book.example.org.key;',
    `  root ${siteRoot};`,
    '  charset utf-8;',
    '  # Redirects name a path, never the host the client named (nor a port behind a proxy).',
    '  absolute_redirect off;',
    "  # The build writes a Brotli copy beside each text file (page.html.br); with Debian's",
    '  # libnginx-mod-http-brotli-static loaded, `brotli_static on;` here sends them to browsers that take Brotli.',
    '  gzip on;',
    '  gzip_types text/css application/javascript text/javascript application/json image/svg+xml application/xml text/plain;',
    '  # Vary: Accept-Encoding, so a shared cache never hands gzip to a client that did not ask for it.',
    '  gzip_vary on;',
    `  error_page 404 ${base}404.html;`,
    ...headerLines,
    '  add_header Cache-Control $book_cache_control always;',
    '',
    '  # /x and /x/ serve x/index.html, never x.html: /index is the contents page, not the home page.',
    `  location ${base} {`,
    '    if ($book_address) {',
    '      return 301 $book_address$book_query;',
    '    }',
    '    try_files $uri/index.html $uri =404;',
    '  }',
    "  # Netlify's and Cloudflare's configuration, the build's map for this one, and the Brotli copies by their own names.",
    `  location ~ ^${base}(${Object.values(hostFileNames).join('|')})$ {`,
    '    return 404;',
    '  }',
    `  location ^~ ${base}${nginxMapFolder} {`,
    '    return 404;',
    '  }',
    '  location ~ \\.br$ {',
    '    return 404;',
    '  }',
    `  location = ${base}404.html {`,
    '    internal;',
    '  }',
    '}',
    '',
    "# Readers who type http:// get the secure address, on this server's own name.",
    'server {',
    '  listen 80;',
    '  server_name book.example.org;',
    ...headerLines,
    '  return 301 https://$server_name$book_secure_path;',
    '}',
  ].join('\n')}\n`;
}
