/**
 * What a built page costs a reader: the files it loads, raw and gzipped, split into what arrives
 * with the page and what only an interaction fetches. Pure functions over HTML and file contents,
 * shared by `npm run bench`, `npm run budget` and the browser tests.
 */
import { gzipSync } from 'node:zlib';

/** The limits pages must keep (gzip bytes; images count as served, SVG gzipped). */
export const budgets = {
  /** Every page: no external JavaScript before the browser is idle; islands wait for idle or for the reader. */
  jsBeforeIdle: 0,
  /** Pages whose only island is the menu, unless they have a JS budget below: all inline scripts together. */
  inlineJsMenuOnly: 2048,
  /** Whole first visits on a phone, no interaction, video excluded (issue 3). */
  pages: {
    '/': { transfer: 150 * 1024, js: 5 * 1024 },
    '/index': { transfer: 120 * 1024, js: 2 * 1024 },
    '/members': { transfer: 150 * 1024 },
  } as Record<string, { transfer: number; js?: number }>,
};

export interface Size {
  raw: number;
  gzip: number;
}

export const sizeOf = (content: string | Uint8Array): Size => ({
  raw: Buffer.byteLength(content),
  gzip: gzipSync(content, { level: 9 }).length,
});

export const addSizes = (sizes: Size[]): Size =>
  sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });

/** Everything a page's HTML refers to, as written (URLs are not resolved). */
export interface PageRefs {
  stylesheets: string[];
  /** External scripts and module preloads: fetched with the page. */
  scripts: string[];
  /** Contents of the inline scripts. */
  inlineScripts: string[];
  /** Each image's src: the file a browser fetches at 1x (srcset candidates are listed by later features). */
  images: string[];
  /** Icons and other files the browser fetches from <link>. */
  icons: string[];
  /** Entries of islands that hydrate on interaction (client:interaction): fetched only when a reader uses one. */
  islandEntries: string[];
  /** Entries of islands that hydrate once the browser is idle (client:idle, client:idle-after-load). */
  idleIslandEntries: string[];
  /** Entries of islands that hydrate at once (client:load, visible, media, only): fetched with the page. */
  eagerIslandEntries: string[];
}

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];

/** An attribute's value from one start tag, with &amp; and quotes decoded. */
export function attr(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const raw = value?.[1] ?? value?.[2] ?? value?.[3];
  return raw?.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
}

const isIdle = (client: string) => client === 'idle' || client === 'idle-after-load';

/** Component and renderer entries of the islands whose directive passes the test, each once. */
const islandEntries = (html: string, test: (client: string) => boolean) => [
  ...new Set(
    tags(html, 'astro-island')
      .filter((tag) => test(attr(tag, 'client') ?? ''))
      .flatMap((tag) => ['component-url', 'renderer-url', 'before-hydration-url'].flatMap((name) => attr(tag, name) || [])),
  ),
];

const relOf = (tag: string) => (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);

export function pageRefs(html: string): PageRefs {
  const links = tags(html, 'link');
  const hrefs = (keep: (rel: string[]) => boolean) =>
    links.filter((tag) => keep(relOf(tag))).flatMap((tag) => attr(tag, 'href') ?? []);
  const scriptTags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  return {
    stylesheets: hrefs((rel) => rel.includes('stylesheet')),
    scripts: [
      ...scriptTags.flatMap(([tag]) => attr(tag, 'src') ?? []),
      ...hrefs((rel) => rel.includes('modulepreload')),
    ],
    inlineScripts: scriptTags
      .filter(([tag]) => attr(tag, 'src') === undefined && !/type="application\/(ld\+)?json"/i.test(tag))
      .map(([, , body]) => body ?? ''),
    images: tags(html, 'img').flatMap((tag) => attr(tag, 'src') ?? []),
    icons: hrefs((rel) => rel.includes('icon') || rel.includes('apple-touch-icon') || rel.includes('manifest')),
    islandEntries: islandEntries(html, (client) => client === 'interaction'),
    idleIslandEntries: islandEntries(html, isIdle),
    eagerIslandEntries: islandEntries(html, (client) => client !== 'interaction' && !isIdle(client)),
  };
}

/** The static imports of one ES module, as written: `import x from "./a.js"`, `import "./b.js"`, `export * from "./c.js"`. */
export function staticImports(code: string): string[] {
  const found = code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g);
  return [...found].map((match) => match[1] ?? '');
}

/**
 * Every module the entries load through static imports, each once, as absolute site paths.
 * `read` returns a module's code by site path, or undefined if the file is not in the build.
 */
export function moduleClosure(entries: string[], read: (path: string) => string | undefined): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = read(path);
    if (code === undefined) return;
    for (const spec of staticImports(code)) {
      if (spec.startsWith('.') || spec.startsWith('/')) visit(new URL(spec, `http://site${path}`).pathname);
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}
