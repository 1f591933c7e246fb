/**
 * The JavaScript a page loads through static imports, from the graph the bundler wrote with the client build
 * (vite/client-modules.ts). Saved in Astro's cache folder for the budget, the bench and the tests.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
const folder = (cacheDir: string) => join(cacheDir, 'module-graphs');
// The graphs of the last builds are kept: the bench's builds and the site's own share one cache folder.
const kept = 8;

/** Saved by what it holds, so a build folder moved or renamed after the build (npm run build does) still finds it. */
export function saveModuleGraph(cacheDir: string, graph: ModuleGraph): void {
  const files = Object.keys(graph).sort();
  mkdirSync(folder(cacheDir), { recursive: true });
  writeFileSync(join(folder(cacheDir), `${createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)}.json`), JSON.stringify(graph));
  for (const old of savedGraphs(cacheDir).slice(kept)) rmSync(old);
}

const savedGraphs = (cacheDir: string) =>
  readdirSync(folder(cacheDir))
    .map((name) => join(folder(cacheDir), name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);

/**
 * The graph of the build in `dist`: of the saved graphs whose every module is in that folder (their names carry
 * hashes of their content), the largest, so that a build whose modules are all in another's is not taken for it.
 */
export function readModuleGraph(dist: string, cacheDir = process.env.BOOK_CACHE_DIR ?? projectCache): ModuleGraph {
  const graphs = (existsSync(folder(cacheDir)) ? savedGraphs(cacheDir) : []).map((file) => JSON.parse(readFileSync(file, 'utf8')) as ModuleGraph);
  const matching = graphs.filter((graph) => Object.keys(graph).every((module) => existsSync(join(dist, module))));
  const [graph] = matching.sort((a, b) => Object.keys(b).length - Object.keys(a).length);
  if (!graph || Object.keys(graph).length === 0)
    throw new Error(`No module graph in ${cacheDir} matches the files in ${dist}: build it again (npm run build).`);
  return graph;
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
