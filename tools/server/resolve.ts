/**
 * How a correct static host maps a request path to a file of the built site. Pure, so unit tests
 * and every deployment recipe can agree on one table:
 * - `/x` and `/x/` both serve `x/index.html` (never `x.html`: /index is the contents page, not the
 *   home page's index.html);
 * - files are served as they are (`/_astro/app.css`), never as folders (`/_astro/app.css/` is not found);
 * - a path that differs only in letter case (`/Index/Chapter2`) redirects to the real page;
 * - anything else, /404.html itself included, is the not-found page with status 404.
 * Under a base path (resolveUnderBase) the same table applies to what follows the base.
 */

/** What the host should answer. */
export type Resolution =
  | { kind: 'file'; file: string; status: 200 }
  | { kind: 'redirect'; location: string; status: 301 }
  | { kind: 'not-found'; file: string; status: 404 };

/** The two questions the resolver asks of the built site. */
export interface SiteFiles {
  isFile(path: string): boolean;
  /** Names in a directory ('' is the site root), or an empty list if there is none. */
  list(dir: string): string[];
}

export const notFoundFile = '404.html';

export function resolve(requestPath: string, files: SiteFiles): Resolution {
  const segments = decodeSegments(requestPath);
  if (!segments) return { kind: 'not-found', file: notFoundFile, status: 404 };
  const path = segments.join('/');
  const asFolder = requestPath.endsWith('/');
  const found = findFile(path, asFolder, files);
  // The not-found page is an answer, never a page of its own: asked for by name, it still says 404.
  if (found === notFoundFile) return { kind: 'not-found', file: notFoundFile, status: 404 };
  if (found) return { kind: 'file', file: found, status: 200 };

  const cased = matchCase(segments, files);
  if (cased && findFile(cased, asFolder, files)) {
    const location = `/${cased}${asFolder ? '/' : ''}`;
    return { kind: 'redirect', location, status: 301 };
  }
  return { kind: 'not-found', file: notFoundFile, status: 404 };
}

/**
 * resolve() for a site deployed under a base path (normalized: '/' or '/book/'): the base itself
 * without its slash redirects to it, paths outside it are not found, and redirects keep the base.
 */
export function resolveUnderBase(requestPath: string, base: string, files: SiteFiles): Resolution {
  if (base === '/') return resolve(requestPath, files);
  const prefix = base.slice(0, -1);
  if (requestPath === prefix) return { kind: 'redirect', location: base, status: 301 };
  if (!requestPath.startsWith(base)) return { kind: 'not-found', file: notFoundFile, status: 404 };
  const answer = resolve(requestPath.slice(prefix.length), files);
  return answer.kind === 'redirect' ? { ...answer, location: `${prefix}${answer.location}` } : answer;
}

/** A page's index.html, or (unless the path ends in a slash, as a folder's does) the file itself. */
function findFile(path: string, asFolder: boolean, files: SiteFiles): string | undefined {
  const page = path === '' ? 'index.html' : `${path}/index.html`;
  if (files.isFile(page)) return page;
  if (path !== '' && !asFolder && files.isFile(path)) return path;
  return undefined;
}

/** Splits and decodes a URL path; undefined for anything that tries to leave the site folder. */
function decodeSegments(requestPath: string): string[] | undefined {
  try {
    const segments = requestPath.split('/').filter(Boolean).map(decodeURIComponent);
    const unsafe = segments.some((s) => s === '..' || s === '.' || s.includes('/') || s.includes('\\') || s.includes('\0'));
    return unsafe ? undefined : segments;
  } catch {
    return undefined;
  }
}

/** Finds the real spelling of a path whose segments match existing names except for case. */
function matchCase(segments: string[], files: SiteFiles): string | undefined {
  const real: string[] = [];
  for (const segment of segments) {
    const names = files.list(real.join('/'));
    const match = names.find((name) => name === segment) ?? names.find((name) => name.toLowerCase() === segment.toLowerCase());
    if (!match) return undefined;
    real.push(match);
  }
  return real.join('/');
}
