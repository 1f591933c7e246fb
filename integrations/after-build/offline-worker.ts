/**
 * Offline reading, at build time (never in `astro dev`, which gets no worker):
 * - for each page with a 'Save for offline reading' control, the files it needs and their bytes,
 *   written to <outDir>/offline-files/<route>.json;
 * - src/service-worker/sw.ts bundled with Vite (Workbox included) into <outDir>/sw.js, with the
 *   files of home, contents and the offline page that it caches when it installs, and the size of each page that
 *   can be saved, which the page's control asks it for (show-save-offline.ts): no page is rewritten with it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { build } from 'vite';
import type { BuiltSite } from './built-site.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { type OfflineManifest, offlineManifestPath, saveControlClass, saveModulePath } from '../../src/lib/offline-cache.ts';
import { type Element, hasClass } from './html.ts';
import { offlineFiles } from './offline-files.ts';
import { moduleClosure } from './module-graph.ts';
import { uiStrings } from '../vite/ui-strings.ts';
import { type PageRefs } from './page-refs.ts';

/** A page as the earlier steps left it, parsed once before them: what it refers to now, and where its elements now are. */
export interface FinishedPage {
  refs: PageRefs;
  all: Element[];
}

/** The finished page a site path is served from; undefined where the build has none. */
export type PageOf = (sitePath: string) => FinishedPage | undefined;

/** Pages the worker caches when it installs (routes): home, contents (/index, never /index.html) and the offline page. */
const warmRoutes = ['/', '/index', '/offline'];

export async function writeOfflineWorker(site: BuiltSite, pageOf: PageOf, logger: Pick<AstroIntegrationLogger, 'info'>): Promise<void> {
  const out = site.dist;
  // The saving code first: every saved page holds it, so its size counts in what each page announces.
  await bundle(out, site.base, '../../src/components/offline/save-offline.ts', saveModulePath.slice(1), 'es');
  const manifests = site.routes().flatMap((route) => writeManifest(site, pageOf, route) ?? []);
  const warm = warmList(site, pageOf);
  const version = createHash('sha256').update(JSON.stringify(warm)).update(contentHash(site)).digest('hex').slice(0, 16);
  const sizes = Object.fromEntries(manifests.map(({ route, size }) => [route, size]));
  await bundle(out, site.base, '../../src/service-worker/sw.ts', 'sw.js', 'iife', {
    __BOOK_WARM__: JSON.stringify(warm),
    __BOOK_SIZES__: JSON.stringify(sizes),
  });
  // The version makes every deployment's worker differ from the last, so browsers install it.
  writeFileSync(join(out, 'sw.js'), `/* book ${version} */\n${readFileSync(join(out, 'sw.js'), 'utf8')}`);
  const warmBytes = warm.files.concat(warm.pages).reduce((sum, path) => sum + (site.size(path) ?? 0), 0);
  logger.info(`sw.js ${statSync(join(out, 'sw.js')).size} bytes; installs with ${formatSize(warmBytes)}; ${manifests.length} pages can be saved`);
}

/** The site paths a page needs offline (see offlineFiles), the page first. */
const filesOf = (site: BuiltSite, pageOf: PageOf, route: string): string[] => {
  const path = site.sitePath(route);
  const refsOf = (sitePath: string) => pageOf(sitePath)?.refs;
  return offlineFiles(refsOf(path) ?? site.text(path) ?? '', new URL(path, 'http://site'), {
    read: site.bytes,
    modules: site.modules,
    base: site.base,
    refsOf,
  });
};

/** For a page with a save control: its manifest written (the files to save and their bytes). */
function writeManifest(site: BuiltSite, pageOf: PageOf, route: string): OfflineManifest | undefined {
  if (!pageOf(site.sitePath(route))?.all.some((element) => hasClass(element, saveControlClass))) return undefined;
  // The saving code too, so 'Remove' works offline.
  const files = [...filesOf(site, pageOf, route), site.sitePath(saveModulePath)];
  const bytes = files.reduce((sum, path) => sum + (site.size(path) ?? 0), 0);
  const manifest: OfflineManifest = { route, files, bytes, size: formatSize(bytes) };
  const target = join(site.dist, offlineManifestPath(route));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, JSON.stringify(manifest));
  return manifest;
}

/** Home, contents and the offline page, with their styles, icons, pictures and page scripts (islands' code loads when used). */
function warmList(site: BuiltSite, pageOf: PageOf) {
  const pages = warmRoutes.map(site.sitePath);
  const pageScripts = new Set(
    warmRoutes.flatMap((route) => {
      const url = new URL(site.sitePath(route), 'http://site');
      const entries = (pageOf(url.pathname)?.refs.scripts ?? []).map((script) => new URL(script, url).pathname);
      return moduleClosure(entries, site.modules, site.base);
    }),
  );
  const files = [...new Set(warmRoutes.flatMap((route) => filesOf(site, pageOf, route).slice(1)))].filter(
    (path) => !path.endsWith('.js') || pageScripts.has(path),
  );
  return { pages, files: files.sort() };
}

/** Changes whenever any page does, so every deployment brings a new worker (which refreshes saved chapters). */
function contentHash(site: BuiltSite): string {
  const hash = createHash('sha256');
  for (const route of site.routes()) hash.update(route).update(site.bytes(site.sitePath(route)) ?? '');
  return hash.digest('hex');
}

/** One self-contained script with Vite (it comes with Astro): a classic script for the worker, a module for the saving code. */
async function bundle(out: string, base: string, entry: string, fileName: string, format: 'iife' | 'es', define: Record<string, string> = {}) {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    base,
    // The saving code's strings (virtual:book/ui/save), not the whole table.
    plugins: [uiStrings()],
    define: { ...define, 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: out,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL(entry, import.meta.url)), formats: [format], name: 'book', fileName: () => fileName },
    },
  });
}
