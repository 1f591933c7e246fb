import type { Plugin } from 'vite';
import type { Download } from '../../src/lib/downloads.ts';

const id = 'virtual:book/downloads';

/** The files npm run build:downloads made for this build, as `virtual:book/downloads` (none for npm run build). */
export function downloadsList(list: Download[]): Plugin {
  return {
    name: 'book:downloads',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(list)};` : undefined),
  };
}
