/**
 * Offline reading, at build time (never in `astro dev`, which gets no worker):
 * - for each page with a 'Save for offline reading' control, the files it needs and their bytes,
 *   written to <outDir>/offline-files/<route>.json, and the size written into the control;
 * - src/service-worker/sw.ts bundled with Vite (Workbox included) into <outDir>/sw.js, with the
 *   files of home, contents and the offline page that it caches when it installs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'vite';
import { builtPageFiles, normalBase, readBuilt, routeOfPageFile } from '../lib/built-site.ts';
import { formatSize } from '../lib/file-size.ts';
import { type OfflineManifest, offlineManifestPath, saveModulePath, sizePlaceholder } from '../lib/offline.ts';
import { offlineFiles } from '../lib/offline-files.ts';

/** Pages the worker caches when it installs (routes): home, contents (/index, never /index.html) and the offline page. */
const warmRoutes = ['/', '/index', '/offline'];

export default function serviceWorker(): AstroIntegration {
  let base = '/';
  return {
    name: 'book:service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = normalBase(config.base);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const site = new Site(out, base);
        const manifests = site.pages().flatMap((route) => site.writeManifest(route) ?? []);
        const warm = site.warmList();
        const version = createHash('sha256').update(JSON.stringify(warm)).update(site.contentHash()).digest('hex').slice(0, 16);
        await bundle(out, base, '../service-worker/sw.ts', 'sw.js', 'iife', { __BOOK_WARM__: JSON.stringify(warm) });
        // The version makes every deployment's worker differ from the last, so browsers install it.
        writeFileSync(join(out, 'sw.js'), `/* book ${version} */\n${readFileSync(join(out, 'sw.js'), 'utf8')}`);
        await bundle(out, base, '../components/offline/save-offline.ts', saveModulePath.slice(1), 'es');
        const warmBytes = warm.files.concat(warm.pages).reduce((sum, path) => sum + (site.read(path)?.length ?? 0), 0);
        logger.info(`sw.js ${statSync(join(out, 'sw.js')).size} bytes; installs with ${formatSize(warmBytes)}; ${manifests.length} pages can be saved`);
      },
    },
  };
}

/** The built site, read by site path (base included) the way the server maps paths to files. */
class Site {
  private readonly out: string;
  private readonly base: string;

  constructor(out: string, base: string) {
    this.out = out;
    this.base = base;
  }

  /** Pages share most files: each is read from disk once (a page rewritten with its size is kept as written). */
  private readonly files = new Map<string, Buffer | undefined>();

  read = (sitePath: string): Buffer | undefined => {
    if (!this.files.has(sitePath)) this.files.set(sitePath, readBuilt(this.out, this.base, sitePath));
    return this.files.get(sitePath);
  };

  /** Every page's route, from its folder's index.html (404.html is not a page to keep). */
  pages(): string[] {
    return builtPageFiles(this.out).map(routeOfPageFile).sort();
  }

  sitePath = (route: string) => (route === '/' ? this.base : `${this.base.replace(/\/$/, '')}${route}`);

  filesOf(route: string): string[] {
    const html = this.read(this.sitePath(route))?.toString('utf8') ?? '';
    return offlineFiles(html, new URL(this.sitePath(route), 'http://site'), this.read, this.base);
  }

  /** For a page with a save control: its manifest, and its size in the control. */
  writeManifest(route: string): OfflineManifest | undefined {
    const file = join(this.out, route, 'index.html');
    const html = this.read(this.sitePath(route))?.toString('utf8') ?? '';
    if (!html.includes(sizePlaceholder)) return undefined;
    // The saving code too, so 'Remove' works offline.
    const files = [...this.filesOf(route), this.sitePath(saveModulePath)];
    const bytes = files.reduce((sum, path) => sum + (this.read(path)?.length ?? 0), 0);
    const manifest: OfflineManifest = { route, files, bytes };
    const target = join(this.out, offlineManifestPath(route));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(manifest));
    const sized = html.replaceAll(sizePlaceholder, `(${formatSize(bytes)})`);
    writeFileSync(file, sized);
    this.files.set(this.sitePath(route), Buffer.from(sized));
    return manifest;
  }

  /** Home, contents and the offline page, with their styles, icons and pictures (scripts load when used). */
  warmList() {
    const pages = warmRoutes.map(this.sitePath);
    const files = [...new Set(warmRoutes.flatMap((route) => this.filesOf(route).slice(1)))].filter((path) => !path.endsWith('.js')).sort();
    return { pages, files };
  }

  /** Changes whenever any page does, so every deployment brings a new worker (which refreshes saved chapters). */
  contentHash(): string {
    const hash = createHash('sha256');
    for (const route of this.pages()) hash.update(route).update(this.read(this.sitePath(route)) ?? '');
    return hash.digest('hex');
  }
}

/** One self-contained script with Vite (it comes with Astro): a classic script for the worker, a module for the saving code. */
async function bundle(out: string, base: string, entry: string, fileName: string, format: 'iife' | 'es', define: Record<string, string> = {}) {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    base,
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
