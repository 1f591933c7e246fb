import type { Plugin } from 'vite';
import { ui } from '../../src/i18n/ui.ts';

const prefix = 'virtual:book/ui/';

/**
 * The UI strings a browser script needs, and no others: `virtual:book/ui/search` is every entry of src/i18n/ui.ts
 * whose key starts with `search.`. Importing the table itself would ship all of it (a bundler keeps an object whole).
 * Strings for `npm run dev` only (keys ending in `InDev`) are left out of a build.
 */
export function uiStrings(): Plugin {
  let building = false;
  return {
    name: 'book:ui-strings',
    configResolved: (config) => {
      building = config.command === 'build';
    },
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const section = `${id.slice(prefix.length + 1)}.`;
      const strings = Object.fromEntries(Object.entries(ui).filter(([key]) => key.startsWith(section) && !(building && key.endsWith('InDev'))));
      if (Object.keys(strings).length === 0) this.error(`src/i18n/ui.ts has no strings starting with "${section}".`);
      return `export default ${JSON.stringify(strings)};`;
    },
  };
}
