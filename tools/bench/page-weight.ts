/**
 * `npm run bench` / `npm run budget`: what each built page costs a reader, from the files in dist/.
 * Usage: node tools/bench/page-weight.ts [--dir dist] [--json tests/.output/page-weight.json] [--check]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { builtPageFiles, normalBase, readBuilt, routeOfPageFile } from '../../integrations/after-build/built-site.ts';
import { servedSize } from '../../src/lib/file-size.ts';
import { elements, inside } from '../../integrations/after-build/html.ts';
import { budgets } from './budgets.ts';
import { addSizes, furnitureOf, inlineScriptKind, inlineScriptsSize, onePageScripts, type Size, sizeOf } from './sizes.ts';
import { chosenImage, type Viewport, viewports } from '../../integrations/after-build/image-choice.ts';
import { moduleClosure } from '../../integrations/after-build/module-graph.ts';
import { readModuleGraph } from '../common/built-modules.ts';
import { islandEntriesOf, pageRefs } from '../../integrations/after-build/page-refs.ts';
import { ui } from '../../src/i18n/ui.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    json: { type: 'string', default: 'tests/.output/page-weight.json' },
    base: { type: 'string', default: process.env.BASE_PATH ?? '/' },
    check: { type: 'boolean', default: false },
  },
});

const dist = values.dir;
const base = normalBase(values.base);
const viewportNames = Object.keys(viewports) as Viewport[];

/** A site path (base path included) to the file's contents, or undefined if the build has no such file. */
const read = (sitePath: string): Buffer | undefined => readBuilt(dist, base, sitePath);
const modules = readModuleGraph(dist);

const sizesOf = (paths: string[]): Size => addSizes(paths.flatMap((path) => read(path) ?? []).map(sizeOf));

interface PageWeight {
  page: string;
  html: Size;
  css: Size;
  /** External scripts and eager islands: fetched with the page. */
  jsFirstLoad: Size;
  /** What comes again with every page besides its own text (see furnitureOf). */
  furniture: Size;
  /** The inline scripts other pages carry too, gzipped together (see inlineScriptsSize). */
  inlineJs: Size;
  /** The inline scripts only this page runs (its own, kept in it rather than in a file), gzipped together. */
  ownInlineJs: Size;
  /** Each inline script alone, to show where the bytes come from. */
  inlineScripts: ({ kind: string } & Size)[];
  /** client:idle islands: fetched once the browser is idle. */
  jsAfterIdle: Size;
  /** client:interaction islands and their static imports: fetched only when a reader reaches for one. */
  jsOnInteraction: Size;
  /** Where the page's budget names islands: the JavaScript fetched once all of them are used. */
  jsWhenOpened: Size;
  images: Record<Viewport, Size>;
  /** Bytes a first visit transfers without interaction (gzip; images as served, SVG gzipped). */
  transfer: Record<Viewport, number>;
  requests: Record<Viewport, number>;
  /** Islands that would fetch their code with the page (client:load, client:visible …), by entry file. */
  eagerIslands: string[];
  /** Stylesheets and scripts the page names in its HTML, all asked for before its first paint. */
  filesBeforePaint: number;
  /** Scripts from files fetched and run before the first paragraph can show (scriptsBeforeText). */
  scriptsBeforeText: string[];
  /** Inline scripts in the body with text after them, which paints a frame later (scriptsBeforeText). */
  inlineScriptsBeforeText: string[];
  missing: string[];
}

// Hosts compress text; raster images are already compressed (the sizes data saver shows readers count alike).
const served = (path: string) => {
  const content = read(path);
  return content ? servedSize(path, content) : 0;
};

const byViewport = <T>(value: (viewport: Viewport) => T) =>
  Object.fromEntries(viewportNames.map((name) => [name, value(name)])) as Record<Viewport, T>;

/** Each built page, read once: its file, HTML and what it refers to. */
const built = [...builtPageFiles(dist), ...(existsSync(join(dist, '404.html')) ? ['404.html'] : [])].sort().map((file) => {
  const html = readFileSync(join(dist, file), 'utf8');
  return { file, html, refs: pageRefs(html) };
});
const ownScripts = onePageScripts(built.map(({ refs }) => refs.inlineScripts));
const ownScript = (code: string) => ownScripts.has(code);

function weigh({ file, html, refs }: (typeof built)[number]): PageWeight {
  const page = file === '404.html' ? '/404' : routeOfPageFile(file);
  const pageUrl = new URL(page.endsWith('/') ? page : `${page}/`, 'http://site');
  const resolve = (urls: (string | undefined)[]) =>
    urls
      .flatMap((url) => (url ? new URL(url, pageUrl) : []))
      .filter((url) => url.origin === pageUrl.origin)
      .map((url) => url.pathname);
  const js = (entries: string[]) => moduleClosure(resolve(entries), modules, base);
  const firstLoadJs = js([...refs.scripts, ...refs.eagerIslandEntries]);
  const afterIdleJs = js(refs.idleIslandEntries).filter((path) => !firstLoadJs.includes(path));
  const interactionJs = js(refs.islandEntries).filter((path) => !firstLoadJs.includes(path) && !afterIdleJs.includes(path));
  const openedIslands = budgets.pages[page]?.opened?.islands ?? [];
  const openedJs = js(islandEntriesOf(html, openedIslands)).filter((path) => !firstLoadJs.includes(path) && !afterIdleJs.includes(path));
  const images = byViewport((name) => [...new Set(resolve(refs.images.map((image) => chosenImage(image, viewports[name]))))]);
  const fetched = byViewport((name) => [
    ...new Set([...resolve(refs.stylesheets), ...firstLoadJs, ...afterIdleJs, ...images[name], ...resolve(refs.icons)]),
  ]);
  const htmlSize = sizeOf(html);
  const beforeText = scriptsBeforeText(html);
  return {
    page,
    html: htmlSize,
    furniture: sizeOf(furnitureOf(html)),
    css: sizesOf(resolve(refs.stylesheets)),
    jsFirstLoad: sizesOf(firstLoadJs),
    inlineJs: inlineScriptsSize(refs.inlineScripts.filter((code) => !ownScript(code))),
    ownInlineJs: inlineScriptsSize(refs.inlineScripts.filter(ownScript)),
    inlineScripts: refs.inlineScripts.map((code) => ({ kind: inlineScriptKind(code), ...sizeOf(code) })),
    jsAfterIdle: sizesOf(afterIdleJs),
    jsOnInteraction: sizesOf(interactionJs),
    jsWhenOpened: sizesOf(openedJs),
    images: byViewport((name) => sizesOf(images[name])),
    transfer: byViewport((name) => htmlSize.gzip + fetched[name].reduce((sum, path) => sum + served(path), 0)),
    requests: byViewport((name) => 1 + fetched[name].length),
    eagerIslands: refs.eagerIslandEntries,
    filesBeforePaint: refs.stylesheets.length + refs.scripts.length,
    scriptsBeforeText: beforeText.fromFiles,
    inlineScriptsBeforeText: beforeText.inline,
    missing: [...new Set(Object.values(fetched).flat())].filter((path) => read(path) === undefined),
  };
}

const pages = built.map(weigh);

printTable(pages);
printInlineScripts(pages);
mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify({ viewports, budgets, pages }, null, 2)}\n`);
console.log(`\nWritten to ${values.json}`);

function printTable(pages: PageWeight[]) {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
  const pair = (size: Size) => `${kb(size.raw)} ${kb(size.gzip)}`;
  const sized = {
    HTML: 'html',
    CSS: 'css',
    'JS at load': 'jsFirstLoad',
    'JS inline': 'inlineJs',
    Furniture: 'furniture',
    'JS at idle': 'jsAfterIdle',
    'JS on tap': 'jsOnInteraction',
  } as const;
  type Sizes = Record<(typeof sized)[keyof typeof sized], Size> & Pick<PageWeight, 'images'>;
  const cells = (p: Sizes) => [...Object.values(sized).map((key) => p[key]), ...viewportNames.map((name) => p.images[name])].map(pair).join(' ');
  const width = Math.max(...pages.map((p) => p.page.length), 'All pages'.length);
  const groups = [...Object.keys(sized), ...viewportNames.map((name) => `Img ${name}`)];
  console.log(`Page weight of ${dist}/ in KB, raw and gzip. "JS on tap" is fetched only when a reader reaches for an island.`);
  console.log('Images: what each viewport fetches, the largest srcset candidate, lazy ones included. "Transfer": a first');
  console.log('visit without interaction, as a host serves it (text gzipped), in KB.\n');
  console.log(`${''.padEnd(width)}  ${groups.map((g) => g.padStart(13)).join(' ')}  ${'Transfer'.padStart(15)}  Requests`);
  console.log(
    `${'Page'.padEnd(width)}  ${groups.map(() => `${'raw'.padStart(6)} ${'gzip'.padStart(6)}`).join(' ')}  ${viewportNames.map((n) => n.padStart(7)).join(' ')}`,
  );
  for (const p of pages) {
    const transfer = viewportNames.map((name) => kb(p.transfer[name]).padStart(7)).join(' ');
    console.log(
      `${p.page.padEnd(width)}  ${cells(p)}  ${transfer}  ${viewportNames
        .map((name) => p.requests[name])
        .join('/')
        .padStart(8)}`,
    );
  }
  const total = (pick: (p: PageWeight) => Size) => addSizes(pages.map(pick));
  const totals: Sizes = {
    html: total((p) => p.html),
    css: total((p) => p.css),
    jsFirstLoad: total((p) => p.jsFirstLoad),
    inlineJs: total((p) => p.inlineJs),
    furniture: total((p) => p.furniture),
    jsAfterIdle: total((p) => p.jsAfterIdle),
    jsOnInteraction: total((p) => p.jsOnInteraction),
    images: byViewport((name) => total((p) => p.images[name])),
  };
  console.log(`${'All pages'.padEnd(width)}  ${cells(totals)}`);
}

/** Where inline bytes come from: each distinct inline script once, then each page's total. */
function printInlineScripts(pages: PageWeight[]) {
  const scripts = new Map<string, { raw: number; gzip: number; pages: number }>();
  for (const p of pages) {
    for (const s of p.inlineScripts) {
      const key = `${s.kind} ${s.raw}`;
      scripts.set(key, { raw: s.raw, gzip: s.gzip, pages: (scripts.get(key)?.pages ?? 0) + 1 });
    }
  }
  console.log('\nInline scripts, each gzipped alone (bytes):');
  for (const [key, s] of scripts)
    console.log(
      `  ${String(s.gzip).padStart(5)} gzip ${String(s.raw).padStart(6)} raw  on ${String(s.pages).padStart(2)} page${s.pages === 1 ? ' ' : 's'}  ${key.replace(/ \d+$/, '')}`,
    );
  const byTotal = Map.groupBy(pages, (p) => p.inlineJs.gzip);
  console.log('Inline scripts per page, gzipped together (bytes):');
  for (const [gzip, group] of [...byTotal].sort(([a], [b]) => a - b)) {
    const names = group.length > 3 ? `${group.length} pages` : group.map((p) => p.page).join(', ');
    console.log(`  ${String(gzip).padStart(5)}  ${names}`);
  }
}

/**
 * Scripts that hold text the first paint would show. A classic script from a file without defer or async, before the
 * page's first paragraph, holds the parser: on a first visit each costs a round trip before the text paints. An
 * inline classic script in the body waits for the page's stylesheets, and the browser may paint what is above it
 * first: the text after it comes a frame later (the home page's preface did), so none may stand before a paragraph.
 */
function scriptsBeforeText(html: string): { fromFiles: string[]; inline: string[] } {
  const all = elements(html);
  const paragraphs = all.filter((element) => element.tagName === 'p' && inside(element, 'main'));
  // A classic script: no type, or any of JavaScript's MIME types, in any case.
  const classic = ({ attrs }: (typeof all)[number]) => /^((text|application)\/(x-)?(java|ecma)script)?$/i.test(attrs.type?.trim() ?? '');
  const fromFiles = all
    .filter(
      (element) =>
        element.tagName === 'script' && element.attrs.src !== undefined && (paragraphs[0] === undefined || element.start < paragraphs[0].start),
    )
    .filter((element) => classic(element) && element.attrs.defer === undefined && element.attrs.async === undefined)
    .map(({ attrs }) => attrs.src!);
  const inline = all
    .filter((element) => element.tagName === 'script' && element.attrs.src === undefined && classic(element) && inside(element, 'body'))
    .filter((element) => paragraphs.some((paragraph) => paragraph.start > element.start))
    .map((element) => `"${element.text.trim().slice(0, 30)}…"`);
  return { fromFiles, inline };
}

/** Every budget a page breaks, as sentences. */
function overBudget(p: PageWeight): string[] {
  const problems: string[] = [];
  if (p.scriptsBeforeText.length > 0)
    problems.push(
      `holds its first paragraph until ${p.scriptsBeforeText.join(', ')} ${p.scriptsBeforeText.length === 1 ? 'is' : 'are'} fetched and run: defer it, or mark it in place only if it changes what follows it.`,
    );
  if (p.inlineScriptsBeforeText.length > 0)
    problems.push(
      `has text after an inline script (${p.inlineScriptsBeforeText.join(', ')}), which waits for the page's styles, so that text paints a frame later: put the script at the end of the page.`,
    );
  if (p.eagerIslands.length > 0)
    problems.push(
      `fetches island code with the page (${p.eagerIslands.join(', ')}): hydrate its islands with client:interaction or client:idle-after-load.`,
    );
  if (p.filesBeforePaint > budgets.filesBeforePaint)
    problems.push(
      `asks for ${p.filesBeforePaint} stylesheets and scripts before its first paint (budget ${budgets.filesBeforePaint}): the others wait for a free connection; keep a script only this page runs in the page (onePage in src/components/inline-scripts.ts).`,
    );
  if (p.jsFirstLoad.gzip + p.ownInlineJs.gzip > budgets.pageJs)
    problems.push(`loads ${p.jsFirstLoad.gzip + p.ownInlineJs.gzip} bytes (gzip) of its own scripts with the page (budget ${budgets.pageJs}).`);
  if (p.inlineJs.gzip > budgets.inlineJs) {
    const parts = p.inlineScripts.map((s) => `${s.kind} ${s.gzip}`).join(', ');
    problems.push(
      `inline scripts weigh ${p.inlineJs.gzip} bytes gzipped together (budget ${budgets.inlineJs}; of the scripts pages share, only what must run before the first paint stays inline); alone: ${parts}.`,
    );
  }
  if (p.furniture.gzip > budgets.furniture)
    problems.push(
      `comes with ${p.furniture.gzip} bytes (gzip) of furniture besides its own text (budget ${budgets.furniture}): head, top bar, footer, inline scripts.`,
    );
  const own = budgets.pages[p.page];
  const js = p.inlineJs.gzip + p.ownInlineJs.gzip + p.jsFirstLoad.gzip + p.jsAfterIdle.gzip;
  if (own && p.transfer.phone > own.transfer) problems.push(`a first visit on a phone transfers ${p.transfer.phone} bytes (budget ${own.transfer}).`);
  if (own?.js !== undefined && js > own.js) problems.push(`ships ${js} bytes of JavaScript, gzipped, without interaction (budget ${own.js}).`);
  // Inline scripts are inside the HTML, so its gzip size already counts them.
  const firstLoad = p.html.gzip + p.css.gzip + p.jsFirstLoad.gzip;
  if (own?.firstLoad !== undefined && firstLoad > own.firstLoad)
    problems.push(`its first load is ${firstLoad} bytes of HTML, CSS and JavaScript, gzipped (budget ${own.firstLoad}).`);
  if (own?.opened) {
    const opened = js + p.jsWhenOpened.gzip;
    if (opened > own.opened.js)
      problems.push(`ships ${opened} bytes of JavaScript, gzipped, once ${own.opened.islands.join(', ')} are all open (budget ${own.opened.js}).`);
  }
  problems.push(...p.missing.map((path) => `refers to ${path}, which is not in the build.`));
  return problems.map((problem) => `${p.page}: ${problem}`);
}

/**
 * Browser scripts that carry the interface's whole string table (src/i18n/ui.ts) rather than their own strings
 * (virtual:book/ui/<section>): a file holding over a quarter of the table's longer strings.
 */
function carriesStringTable(): string[] {
  const strings = [...new Set(Object.values(ui).filter((text) => text.length >= 12))];
  const scripts = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  return scripts.flatMap((file) => {
    const code = readFileSync(join(dist, file), 'utf8');
    const held = strings.filter((text) => code.includes(text)).length;
    return held > strings.length / 4 ? [`${file}: holds ${held} of the interface's ${strings.length} longer strings; import its own section.`] : [];
  });
}

if (values.check) {
  const failures = [...pages.flatMap(overBudget), ...carriesStringTable()];
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `\nEvery page is within budget: no island code with the page, no script with the whole string table; its own scripts under ${budgets.pageJs} bytes, inline scripts under ${budgets.inlineJs} and furniture under ${budgets.furniture} (gzip), at most ${budgets.filesBeforePaint} files before the first paint; ${Object.keys(budgets.pages).join(', ')} within their own budgets.`,
  );
}
