/**
 * What a built page costs a reader: the files it loads, raw and gzipped, split into what arrives
 * with the page and what only an interaction fetches. Pure functions over HTML and file contents,
 * shared by `npm run bench`, `npm run budget` and the browser tests.
 */
import { gzipSync } from 'node:zlib';
import { attribute, type Element, elements, inside } from './html.ts';

/** The viewport widths the report and the browser tests measure (as in tests/playwright.config.ts). */
export const viewports = { phone: 375, desktop: 1280 } as const;
export type Viewport = keyof typeof viewports;

/** The limits pages must keep (gzip bytes; images count as served, SVG gzipped). */
export const budgets = {
  /** Every page: the scripts that stay in it, to run before its first paint (theme, data saver's hold), gzipped together. */
  inlineJs: 1000,
  /** Every page: its own scripts, cached files fetched with it, gzipped; never an island's code (islands wait for idle or the reader). */
  pageJs: 6 * 1024,
  /** Every page: what comes again with each page besides its own text (its HTML with <main> emptied, gzipped). */
  furniture: 4 * 1024,
  /**
   * Per page (gzip bytes): `transfer`, a whole first visit on a phone with no interaction, video excluded;
   * `js`, all JavaScript before the reader acts; `firstLoad`, the first load's HTML + CSS + JS;
   * `opened`, all JavaScript once the reader has used every one of the named islands.
   */
  pages: {
    '/': { transfer: 150 * 1024, js: 6 * 1024 },
    '/index': { transfer: 120 * 1024, js: 6 * 1024 },
    // The offline page lists what this device has cached: its own script (784) on top of the others.
    '/offline': { transfer: 60 * 1024, js: 6 * 1024 + 784 },
    // Its copy buttons wake on the reader's hand, as the chapters' islands do.
    '/members': { transfer: 150 * 1024, js: 10 * 1024 },
    '/index/Chapter1': introduction(),
    '/Introduction': introduction(),
  } as Record<string, PageBudget>,
};

export interface PageBudget {
  transfer: number;
  js?: number;
  firstLoad?: number;
  /** Islands by component file name (BoxPanel for BoxPanel.tsx), and the JavaScript budget once all are open. */
  opened?: { islands: string[]; js: number };
}

/** The Introduction: every box, tip and dialog opened. */
function introduction(): PageBudget {
  return {
    transfer: 150 * 1024,
    js: 10 * 1024,
    // Its text and references are most of it: APA's full author lists took it past 27 KB.
    firstLoad: 27.25 * 1024,
    opened: { islands: ['BoxPanel', 'TipTrigger', 'ActivityDialog'], js: 105 * 1024 },
  };
}

export interface Size {
  raw: number;
  gzip: number;
}

export const sizeOf = (content: string | Uint8Array): Size => ({
  raw: Buffer.byteLength(content),
  gzip: gzipSync(content, { level: 9 }).length,
});

/** What comes again with every page besides its own text: the page with its <main> emptied. */
export function furnitureOf(html: string): string {
  const main = elements(html).find((element) => element.tagName === 'main');
  const end = html.lastIndexOf('</main>');
  return main && end > main.end ? html.slice(0, main.end) + html.slice(end) : html;
}

export const addSizes = (sizes: Size[]): Size => sizes.reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });

/**
 * A page's inline scripts, gzipped together: they reach the reader inside one compressed HTML
 * stream, so gzipping each alone would count a header and a fresh dictionary per script.
 */
export const inlineScriptsSize = (scripts: string[]): Size => sizeOf(scripts.join(''));

/** What an inline script is, for reports: Astro's island runtime, a client directive, or the page's own. */
export function inlineScriptKind(code: string): string {
  if (/customElements\.define\(["'`]astro-island/.test(code)) return 'Astro island runtime';
  const directive = /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)(?:\.([\w$]+)|\["([^"]+)"\])=/.exec(code);
  if (directive) return `client:${directive[1] ?? directive[2]} directive`;
  const start = code.trim().replace(/\s+/g, ' ');
  return `page script "${start.length > 40 ? `${start.slice(0, 40)}…` : start}"`;
}

/** Everything a page's HTML refers to, as written (URLs are not resolved). */
export interface PageRefs {
  stylesheets: string[];
  /** External scripts and module preloads: fetched with the page. */
  scripts: string[];
  /** Contents of the inline scripts. */
  inlineScripts: string[];
  /** Every image, with its candidates: `chosenImage()` tells which file a browser fetches. */
  images: ImageRef[];
  /** Icons and other files the browser fetches from <link>. */
  icons: string[];
  /** The addresses the page frames (<iframe src>). */
  frames: string[];
  /** The addresses the page links to (<a href>). */
  links: string[];
  /** Entries of islands that hydrate on interaction (client:interaction): fetched only when a reader uses one. */
  islandEntries: string[];
  /** Entries of islands that hydrate once the browser is idle (client:idle). */
  idleIslandEntries: string[];
  /** Entries of islands that hydrate at once (client:load, visible, media, only): fetched with the page. */
  eagerIslandEntries: string[];
}

const isIdle = (client: string) => client === 'idle';

/** Of these <astro-island> elements, the component and renderer entries of those that pass the test, each once. */
const islandEntriesWhere = (islands: Element[], test: (island: Element) => boolean) => [
  ...new Set(
    islands
      .filter(test)
      .flatMap((island) => ['component-url', 'renderer-url', 'before-hydration-url'].flatMap((name) => attribute(island, name) || [])),
  ),
];

/** Component and renderer entries of the islands whose directive passes the test. */
const islandEntries = (islands: Element[], test: (client: string) => boolean) =>
  islandEntriesWhere(islands, (island) => test(attribute(island, 'client') ?? ''));

/** Component and renderer entries of the islands of these components (BoxPanel for BoxPanel.tsx). */
export const islandEntriesOf = (html: string, components: string[]) =>
  islandEntriesWhere(named(elements(html), 'astro-island'), (island) =>
    components.includes(attribute(island, 'component-url')?.split('/').at(-1)?.split('.')[0] ?? ''),
  );

// Only these types run; JSON-LD, import maps and templates are data.
const isJavaScript = (type = '') => /^\s*(module|(text|application)\/(x-)?(java|ecma)script)?\s*$/i.test(type);

const named = (all: Element[], name: string) => all.filter((element) => element.tagName === name);
const relOf = (link: Element) => (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);

/** What a page refers to; from its HTML, or from its elements when the page was parsed already. */
export function pageRefs(page: string | Element[]): PageRefs {
  const all = typeof page === 'string' ? elements(page) : page;
  const hrefs = (keep: (rel: string[]) => boolean) =>
    named(all, 'link')
      .filter((link) => keep(relOf(link)))
      .flatMap((link) => attribute(link, 'href') ?? []);
  const scripts = named(all, 'script')
    .filter((script) => isJavaScript(attribute(script, 'type')))
    .map((script) => ({ src: attribute(script, 'src'), body: script.text }));
  const islands = named(all, 'astro-island');
  return {
    stylesheets: hrefs((rel) => rel.includes('stylesheet')),
    scripts: [...scripts.flatMap((script) => script.src ?? []), ...hrefs((rel) => rel.includes('modulepreload'))],
    inlineScripts: scripts.filter((script) => script.src === undefined).map((script) => script.body),
    images: imageRefs(all),
    icons: hrefs((rel) => rel.includes('icon') || rel.includes('apple-touch-icon') || rel.includes('manifest')),
    frames: named(all, 'iframe').flatMap((frame) => attribute(frame, 'src') ?? []),
    links: named(all, 'a').flatMap((link) => attribute(link, 'href') ?? []),
    islandEntries: islandEntries(islands, (client) => client === 'interaction'),
    idleIslandEntries: islandEntries(islands, isIdle),
    eagerIslandEntries: islandEntries(islands, (client) => client !== 'interaction' && !isIdle(client)),
  };
}

/** One image of a page: its <img> and, inside a <picture>, the <source>s a browser weighs first. */
export interface ImageRef {
  src: string | undefined;
  srcset: string | undefined;
  sources: { srcset: string; media: string | undefined; type: string | undefined }[];
}

// Image types a current browser decodes; a <source> of any other type is passed over, as a browser would.
const decodable = /^image\/(avif|webp|png|jpeg|gif|svg\+xml)$/i;

/**
 * The file a browser this wide fetches for an image: the first <source> whose type it decodes and
 * whose media matches, else the <img>. Of a srcset it counts the largest candidate, what a
 * high-density screen fetches: an upper bound. Lazy images count as fetched: an upper bound too.
 */
export function chosenImage(image: ImageRef, width: number): string | undefined {
  const source = image.sources.find(
    (s) => (s.type === undefined || decodable.test(s.type)) && (s.media === undefined || mediaMatches(s.media, width)),
  );
  return largestCandidate(source?.srcset ?? image.srcset ?? '') ?? image.src;
}

/** The URL of a srcset's largest candidate (by its w or x descriptor), or undefined for an empty srcset. */
export function largestCandidate(srcset: string): string | undefined {
  const candidates = srcset.split(',').flatMap((candidate) => {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    return url ? [{ url, scale: Number.parseFloat(descriptor) }] : [];
  });
  return candidates.sort((a, b) => b.scale - a.scale)[0]?.url;
}

/** Whether a media query holds at this viewport width. Only width conditions are read; any other counts as true. */
export function mediaMatches(query: string, width: number): boolean {
  return query.split(',').some((part) => [...part.matchAll(/\(([^()]*)\)/g)].every(([, condition = '']) => widthHolds(condition, width)));
}

const px = (length: string) => Number.parseFloat(length) * (/r?em$/i.test(length) ? 16 : 1);

const compare: Record<string, (width: number, limit: number) => boolean> = {
  '>=': (width, limit) => width >= limit,
  '<=': (width, limit) => width <= limit,
  '>': (width, limit) => width > limit,
  '<': (width, limit) => width < limit,
  '=': (width, limit) => width === limit,
};

/** One condition in parentheses: `width >= 75rem`, `min-width: 1200px`, `max-width: 40em`; any other holds. */
function widthHolds(condition: string, width: number): boolean {
  const range = /^\s*width\s*(>=|<=|>|<|=)\s*([\d.]+[a-z]*)\s*$/i.exec(condition);
  const minMax = /^\s*(min|max)-width\s*:\s*([\d.]+[a-z]*)\s*$/i.exec(condition);
  const operator = range?.[1] ?? (minMax ? (minMax[1]?.toLowerCase() === 'min' ? '>=' : '<=') : '');
  return compare[operator]?.(width, px(range?.[2] ?? minMax?.[2] ?? '')) ?? true;
}

/** Every <img>, with the <source>s of its <picture>, in document order. */
function imageRefs(all: Element[]): ImageRef[] {
  return named(all, 'img').map((img) => {
    const picture = inside(img, 'picture');
    const sources = (picture ? named(all, 'source').filter((source) => inside(source, 'picture') === picture) : []).flatMap((source) => {
      const srcset = attribute(source, 'srcset');
      return srcset ? [{ srcset, media: attribute(source, 'media'), type: attribute(source, 'type') }] : [];
    });
    return { src: attribute(img, 'src'), srcset: attribute(img, 'srcset'), sources };
  });
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
