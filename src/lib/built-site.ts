/**
 * A build's output folder read the way a host serves it: the after-build steps (data-saver sizes, the
 * offline worker) and the page-weight report all map site paths to files through this one module.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** A deployment's base path in one form, with slashes at both ends: '/' or '/book/'. */
export const normalBase = (base: string): string => `/${base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');

/**
 * The file a host serves for a site path (base path included): the file itself, or a folder's index.html;
 * undefined where the build has none, or the path lies outside the base path.
 */
export function builtFile(dist: string, base: string, sitePath: string): string | undefined {
  const inside = sitePath.startsWith(base) ? sitePath.slice(base.length) : `${sitePath}/` === base ? '' : undefined;
  if (inside === undefined) return undefined;
  const file = join(dist, decodeURIComponent(inside));
  if (!existsSync(file)) return undefined;
  if (statSync(file).isFile()) return file;
  const index = join(file, 'index.html');
  return existsSync(index) ? index : undefined;
}

/** The contents of the file a host serves for a site path, or undefined (see builtFile). */
export function readBuilt(dist: string, base: string, sitePath: string): Buffer | undefined {
  const file = builtFile(dist, base, sitePath);
  return file ? readFileSync(file) : undefined;
}

/** The build's pages, as paths relative to its folder: every folder's index.html (404.html is not among them). */
export const builtPageFiles = (dist: string): string[] =>
  readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith(`${sep}index.html`))
    .sort();

/** A page file's route: index/Chapter1/index.html is /index/Chapter1, index.html is /. */
export const routeOfPageFile = (file: string): string => `/${dirname(file).split(sep).join('/')}`.replace(/^\/\.$/, '/');

