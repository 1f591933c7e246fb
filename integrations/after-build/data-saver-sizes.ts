import type { AstroIntegrationLogger } from 'astro';
import type { BuiltSite } from './built-site.ts';
import { annotateLazyMedia, servedSize } from './data-saver.ts';
import { chosenImage, pageRefs, viewports } from './page-refs.ts';

/**
 * Data saver: after the build, writes into every page the served size of each lazily loaded image
 * and frame (`data-size="44 KB"`), read from the files themselves, so a placeholder states what
 * the reader would spend. Runs before the offline worker's step, which fingerprints the pages.
 */
export function writeDataSaverSizes(site: BuiltSite, logger: AstroIntegrationLogger): void {
  const sizes = new Map<string, number | undefined>();
  const sizeOfPath = (path: string): number | undefined => {
    if (!sizes.has(path)) sizes.set(path, measure(path));
    return sizes.get(path);
  };
  // A page in a frame costs its HTML and what it loads with it (stylesheets, scripts, the pictures a phone fetches).
  const measure = (path: string): number | undefined => {
    const file = site.fileOf(path);
    const content = site.bytes(path);
    if (!file || !content) return undefined;
    if (!file.endsWith('.html')) return servedSize(file, content);
    const refs = pageRefs(content.toString('utf8'));
    const page = new URL(path, 'http://site');
    const parts = [...refs.stylesheets, ...refs.scripts, ...refs.images.map((image) => chosenImage(image, viewports.phone))];
    const local = parts.flatMap((url) => (url ? [new URL(url, page)] : [])).filter((url) => url.origin === page.origin);
    return local.reduce((sum, url) => sum + (sizeOfPath(url.pathname) ?? 0), servedSize(file, content));
  };
  let annotated = 0;
  for (const path of site.htmlFiles()) {
    const html = site.text(path) ?? '';
    const page = new URL(path, 'http://site');
    const out = annotateLazyMedia(html, (url) => {
      const target = new URL(url, page);
      return target.origin === page.origin ? sizeOfPath(target.pathname) : undefined;
    });
    if (out !== html) {
      site.rewrite(path, out);
      annotated += 1;
    }
  }
  logger.info(`sizes of lazily loaded images and frames worked out for ${annotated} pages`);
}
