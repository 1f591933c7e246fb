/** The JavaScript a page loads through static imports, read with es-module-lexer (the parser Vite itself uses). */
import { init, parse } from 'es-module-lexer';

await init;

/** The static imports of one ES module, as written (`import x from "./a.js"`, `export * from "./c.js"`); not import(). */
export function staticImports(code: string): string[] {
  const [imports] = parse(code);
  return imports.flatMap((entry) => (entry.d === -1 && entry.n !== undefined ? [entry.n] : []));
}

/**
 * Every module the entries load through static imports, each once, as absolute site paths.
 * `read` returns a module's code by site path, or undefined if the file is not in the build.
 */
export function moduleClosure(entries: string[], read: (path: string) => string | undefined): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = read(path);
    if (code === undefined) return;
    for (const spec of staticImports(code)) {
      if (spec.startsWith('.') || spec.startsWith('/')) visit(new URL(spec, `http://site${path}`).pathname);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}
