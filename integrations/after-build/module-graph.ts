/**
 * The JavaScript a page loads through its imports, from the graph the bundler hands Vite with the client build
 * (vite/client-modules.ts); after the build, tools/common/built-modules.ts reads the same from the built files.
 */

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
