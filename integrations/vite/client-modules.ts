import type { Plugin } from 'vite';
import type { ModuleGraph } from '../after-build/module-graph.ts';

/**
 * Which of the browser's modules imports which, as the bundler hands them to Vite when it writes the client build:
 * the graph Vite's build manifest is made from (Astro turns that manifest off, so the book records its own).
 */
export function clientModules(graph: ModuleGraph): Plugin {
  return {
    name: 'book:client-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph[output.fileName] = {
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          css: [...(output.viteMetadata?.importedCss ?? [])],
        };
      }
    },
  };
}
