/**
 * Lets Node import a file's text as Vite does (`import style from './apa.csl?raw'`), so that a command-line tool can use
 * the modules of src/lib that read one: `node --import ./tools/common/raw-imports.ts tool.ts`.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  load(url, context, nextLoad) {
    const address = new URL(url);
    if (address.protocol !== 'file:' || address.search !== '?raw') return nextLoad(url, context);
    address.search = '';
    return { format: 'module', shortCircuit: true, source: `export default ${JSON.stringify(readFileSync(fileURLToPath(address), 'utf8'))};` };
  },
});
