import type { Plugin } from 'vite';

/**
 * A script the browser fetches only when a reader needs it (search's dialog, analytics after idle): built as a
 * hashed file of its own, whose address a page script imports from `virtual:book/<name>` and passes to import().
 * `built: false` leaves it out of the build. A plain import() would bring Vite's preload helper into every page's own script, which then could not stay inline.
 */
export function scriptOnUse(name: string, entry: string, { built = true } = {}): Plugin {
  const id = `virtual:book/${name}`;
  const resolved = `\0${id}`;
  return {
    name: `book:script-on-use:${name}`,
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loading) {
      if (loading !== resolved) return undefined;
      // The dev server serves the source itself; a build emits it, exports kept, and writes its final address.
      if (this.environment.mode === 'dev') return `export default ${JSON.stringify(`/@fs${entry}`)};`;
      // A script no page will fetch (analytics without a configuration) is not built at all.
      if (!built) return 'export default "";';
      const reference = this.emitFile({ type: 'chunk', id: entry, name, preserveSignature: 'strict' });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
  };
}
