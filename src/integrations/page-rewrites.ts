import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BuiltSite, normalBase } from '../lib/built-site.ts';

/**
 * The after-build steps that rewrite pages (data-saver sizes, then offline reading) share one BuiltSite
 * through `site`: each page is read from disk once, and written once by `write`, an integration listed
 * after those steps, once `notBefore` has settled (the search index reads the pages from disk meanwhile).
 */
export function pageRewrites(notBefore: () => Promise<void>): { site: (dir: URL) => BuiltSite; write: AstroIntegration } {
  let base = '/';
  let site: BuiltSite | undefined;
  return {
    site: (dir) => {
      const dist = fileURLToPath(dir);
      if (site?.dist !== dist) site = new BuiltSite(dist, base);
      return site;
    },
    write: {
      name: 'book:pages-written',
      hooks: {
        'astro:config:done': ({ config }) => {
          base = normalBase(config.base);
        },
        'astro:build:done': async ({ logger }) => {
          await notBefore();
          if (site) logger.info(`${site.writeChanged()} pages written with their sizes`);
          site = undefined;
        },
      },
    },
  };
}
