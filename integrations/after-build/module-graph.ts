/**
 * The JavaScript a page loads through static imports, from the graph the bundler wrote with the client build
 * (vite/client-modules.ts). Saved in Astro's cache folder, one file per build folder, for the bench and the tests.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** What a built module loads, as Vite's build manifest lists it: file paths in the build folder (`_astro/react.js`). */
export interface BuiltModule {
  /** Loaded with it, before it runs. */
  imports: string[];
  /** Loaded when its code asks: import(). */
  dynamicImports: string[];
  /** Its styles: a page that renders it links them; Vite loads them when import() brings it. */
  css: string[];
}

/** Every module of the client build by its file path in the build folder (`_astro/Box.js`). */
export type ModuleGraph = Record<string, BuiltModule>;

// The cache folder astro.config.mjs gives Astro (BOOK_CACHE_DIR for the tests' other books).
const projectCache = join(import.meta.dirname, '../../node_modules/.astro');

const graphFile = (dist: string, cacheDir: string) =>
  join(cacheDir, 'module-graphs', `${createHash('sha256').update(resolve(dist)).digest('hex').slice(0, 16)}.json`);

export function saveModuleGraph(dist: string, cacheDir: string, graph: ModuleGraph): void {
  const file = graphFile(dist, cacheDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ dist: resolve(dist), graph }));
}

/** The graph saved by the build that wrote `dist`. */
export function readModuleGraph(dist: string, cacheDir = process.env.BOOK_CACHE_DIR ?? projectCache): ModuleGraph {
  const file = graphFile(dist, resolve(cacheDir));
  if (!existsSync(file))
    throw new Error(`${dist} has no module graph in ${cacheDir}: build it with \`npm run build\` (or astro build --outDir ${dist}).`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { graph: ModuleGraph }).graph;
}

/**
 * Every module the entries load with them (static imports), each once, as site paths (base path included); with
 * `everything`, what their code may load later too: import()s with their styles. A file the bundler did not write (a
 * page's own classic script moved to a file) counts as itself.
 */
export function moduleClosure(entries: string[], graph: ModuleGraph, base = '/', { everything = false } = {}): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const module = graph[path.startsWith(base) ? path.slice(base.length) : path];
    if (!module) return;
    const loads = everything ? [...module.imports, ...module.dynamicImports, ...module.css] : module.imports;
    for (const file of loads) visit(`${base}${file}`);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}
