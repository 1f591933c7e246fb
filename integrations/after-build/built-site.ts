/**
 * A build's output folder read the way a host serves it: the after-build steps (data-saver sizes, the
 * offline worker) and the page-weight report all map site paths to files through this one module.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { ModuleGraph } from './module-graph.ts';

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

/** A file of the build held in memory: the bytes read from disk, or the text a step rewrote it to. */
class HeldFile {
  private bytesValue: Buffer | undefined;
  private textValue: string | undefined;

  constructor(bytes: Buffer | undefined, text: string | undefined) {
    this.bytesValue = bytes;
    this.textValue = text;
  }

  /** Encoded once, however often it is hashed, measured or written. */
  get bytes(): Buffer {
    return (this.bytesValue ??= Buffer.from(this.textValue ?? ''));
  }

  get text(): string {
    return (this.textValue ??= this.bytesValue?.toString('utf8') ?? '');
  }

  /** Bytes on disk, without encoding a rewritten text again. */
  get size(): number {
    return this.bytesValue?.length ?? Buffer.byteLength(this.textValue ?? '');
  }
}

/**
 * A build's output folder held in memory for the steps that finish its pages after the build (data-saver
 * sizes, offline reading): each file is read from disk once, a page a step rewrites is kept as text, and
 * `writeChanged` writes each changed page once, whatever the number of steps that changed it.
 */
export class BuiltSite {
  /** Site path to the file it is served from (paths differ, /index and /index/index.html, files do not). */
  private readonly served = new Map<string, string | undefined>();
  private readonly held = new Map<string, HeldFile>();
  private readonly changed = new Set<string>();

  readonly dist: string;
  readonly base: string;
  /** Which of its modules loads which (vite/client-modules.ts). */
  readonly modules: ModuleGraph;

  constructor(dist: string, base: string, modules: ModuleGraph) {
    this.dist = dist;
    this.base = base;
    this.modules = modules;
  }

  /** The file on disk a site path is served from (see builtFile). */
  fileOf = (sitePath: string): string | undefined => {
    if (!this.served.has(sitePath)) this.served.set(sitePath, builtFile(this.dist, this.base, sitePath));
    return this.served.get(sitePath);
  };

  /** The file a site path is served from, in memory, or undefined where the build has none. */
  private file(sitePath: string): HeldFile | undefined {
    const file = this.fileOf(sitePath);
    if (file === undefined) return undefined;
    let held = this.held.get(file);
    if (!held) this.held.set(file, (held = new HeldFile(readFileSync(file), undefined)));
    return held;
  }

  bytes = (sitePath: string): Buffer | undefined => this.file(sitePath)?.bytes;
  text = (sitePath: string): string | undefined => this.file(sitePath)?.text;
  size = (sitePath: string): number | undefined => this.file(sitePath)?.size;

  private routeList: string[] | undefined;

  /** Every page's route (see builtPageFiles), sorted; the folder is read once (steps write no page, only rewrite them). */
  routes(): string[] {
    return (this.routeList ??= builtPageFiles(this.dist).map(routeOfPageFile).sort());
  }

  /** Every HTML file (404.html too), by its own site path: /index/Chapter1/index.html. */
  htmlFiles(): string[] {
    const files = readdirSync(this.dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    return files.map((file) => `${this.base}${file.split(sep).join('/')}`).sort();
  }

  /** A route's site path: the base path with the route after it (/book/index/Chapter1; the base itself for /). */
  sitePath = (route: string): string => (route === '/' ? this.base : `${this.base.replace(/\/$/, '')}${route}`);

  /** Replaces a page's text in memory, where every later step reads it; `writeChanged` puts it on disk. */
  rewrite(sitePath: string, html: string): void {
    const file = this.fileOf(sitePath);
    if (file === undefined) throw new Error(`${sitePath} is not a file of the build in ${this.dist}`);
    if (this.held.get(file)?.text === html) return;
    this.held.set(file, new HeldFile(undefined, html));
    this.changed.add(file);
  }

  /** Writes every page rewritten since the last call; how many. */
  writeChanged(): number {
    for (const file of this.changed) writeFileSync(file, this.held.get(file)?.bytes ?? '');
    const written = this.changed.size;
    this.changed.clear();
    return written;
  }
}
