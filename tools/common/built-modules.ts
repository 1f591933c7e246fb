/**
 * Which built module loads which, read from the build's own JavaScript files (their import statements, found by
 * es-module-lexer, the lexer Vite uses): for the budget, the bench and the tests, after the build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';
import { init, parse } from 'es-module-lexer';
import type { ModuleGraph } from '../../integrations/after-build/module-graph.ts';

await init;

/** A built module's imports whose address is written out (./x.js), as paths in the build folder. */
function importsOf(file: string, code: string): { imports: string[]; dynamicImports: string[] } {
  const [found] = parse(code, file);
  const path = (specifier: string) => posix.normalize(posix.join(posix.dirname(file), specifier));
  const relative = found.filter((entry) => entry.n?.startsWith('.'));
  return {
    imports: relative.filter((entry) => entry.d === -1).map((entry) => path(entry.n!)),
    dynamicImports: relative.filter((entry) => entry.d > -1).map((entry) => path(entry.n!)),
  };
}

/** Every JavaScript module of the build in `dist` by its path there (`_astro/Box.js`), with what it imports (no styles). */
export function readModuleGraph(dist: string): ModuleGraph {
  const built = existsSync(join(dist, 'index.html')) ? readdirSync(dist, { recursive: true, encoding: 'utf8' }) : [];
  const files = built.filter((file) => file.endsWith('.js'));
  if (files.length === 0) throw new Error(`No built book in ${dist} (no home page, or no JavaScript): build it first (npm run build).`);
  return Object.fromEntries(
    files.map((file) => {
      const path = file.split(sep).join('/');
      return [path, { ...importsOf(path, readFileSync(join(dist, file), 'utf8')), css: [] }];
    }),
  );
}
