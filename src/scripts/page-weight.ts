/**
 * `npm run bench` / `npm run budget`: what each built page costs a reader, from the files in dist/.
 * Usage: node src/scripts/page-weight.ts [--dir dist] [--json tests/.output/page-weight.json] [--check]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { addSizes, budgets, moduleClosure, pageRefs, type Size, sizeOf } from '../lib/page-weight.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    json: { type: 'string', default: 'tests/.output/page-weight.json' },
    base: { type: 'string', default: process.env.BASE_PATH ?? '/' },
    check: { type: 'boolean', default: false },
  },
});

const dist = values.dir;
const base = `/${values.base.replace(/^\/|\/$/g, '')}/`.replace('//', '/');

/** A site path (base path included) to the file's contents, or undefined if the build has no such file. */
const read = (sitePath: string): Buffer | undefined => {
  const inside = sitePath.startsWith(base) ? sitePath.slice(base.length) : sitePath.slice(1);
  const file = join(dist, decodeURIComponent(inside));
  return existsSync(file) ? readFileSync(file) : undefined;
};

const sizesOf = (paths: string[]): Size => addSizes(paths.flatMap((path) => read(path) ?? []).map(sizeOf));

interface PageWeight {
  page: string;
  html: Size;
  css: Size;
  /** External scripts and eager islands: fetched with the page. */
  jsFirstLoad: Size;
  inlineJs: Size;
  /** client:idle islands: fetched once the browser is idle. */
  jsAfterIdle: Size;
  jsOnInteraction: Size;
  images: Size;
  /** Bytes a first visit transfers without interaction (gzip; images as served, SVG gzipped). */
  transfer: number;
  requests: number;
  /** The page has islands of its own besides the menu. */
  hasOwnIslands: boolean;
  missing: string[];
}

// Hosts compress text; raster images are already compressed.
const served = (path: string, size: Size) => (/\.(svg|html|css|js|json|txt|xml)$/.test(path) ? size.gzip : size.raw);

function weigh(file: string): PageWeight {
  const page = file === '404.html' ? '/404' : `/${dirname(file).split(sep).join('/')}`.replace(/\/\.$/, '/');
  const pageUrl = new URL(page.endsWith('/') ? page : `${page}/`, 'http://site');
  const html = readFileSync(join(dist, file), 'utf8');
  const refs = pageRefs(html);
  const resolve = (urls: string[]) =>
    urls.map((url) => new URL(url, pageUrl)).filter((url) => url.origin === pageUrl.origin).map((url) => url.pathname);
  const js = (entries: string[]) => moduleClosure(resolve(entries), (path) => read(path)?.toString('utf8'));
  const firstLoadJs = js([...refs.scripts, ...refs.eagerIslandEntries]);
  const afterIdleJs = js(refs.idleIslandEntries).filter((path) => !firstLoadJs.includes(path));
  const interactionJs = js(refs.islandEntries).filter((path) => !firstLoadJs.includes(path) && !afterIdleJs.includes(path));
  const fetched = [...new Set([...resolve(refs.stylesheets), ...firstLoadJs, ...afterIdleJs, ...resolve(refs.images), ...resolve(refs.icons)])];
  const htmlSize = sizeOf(html);
  return {
    page,
    html: htmlSize,
    css: sizesOf(resolve(refs.stylesheets)),
    jsFirstLoad: sizesOf(firstLoadJs),
    inlineJs: sizeOf(refs.inlineScripts.join('')),
    jsAfterIdle: sizesOf(afterIdleJs),
    jsOnInteraction: sizesOf(interactionJs),
    images: sizesOf(resolve(refs.images)),
    transfer: htmlSize.gzip + fetched.reduce((sum, path) => sum + served(path, sizesOf([path])), 0),
    requests: 1 + fetched.length,
    hasOwnIslands: refs.idleIslandEntries.length + refs.eagerIslandEntries.length > 0,
    missing: fetched.filter((path) => read(path) === undefined),
  };
}

const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file === '404.html' || file === 'index.html' || file.endsWith(`${sep}index.html`))
  .sort()
  .map(weigh);

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
const both = (size: Size) => `${kb(size.raw)} ${kb(size.gzip)}`;
const columns = ['HTML', 'CSS', 'JS at load', 'JS inline', 'JS at idle', 'JS on tap', 'Images'] as const;
const cellsOf = (p: Pick<PageWeight, 'html' | 'css' | 'jsFirstLoad' | 'inlineJs' | 'jsAfterIdle' | 'jsOnInteraction' | 'images'>) =>
  [p.html, p.css, p.jsFirstLoad, p.inlineJs, p.jsAfterIdle, p.jsOnInteraction, p.images].map(both).join(' ');
const width = Math.max(...pages.map((p) => p.page.length), 9);
console.log(`Page weight in KB (raw, gzip) of ${dist}/. "JS on tap" is fetched only when a reader uses an island;`);
console.log('"Transfer" is a first visit without interaction, as a host serves it (text gzipped).\n');
console.log(`${'Page'.padEnd(width)}  ${columns.map((c) => c.padStart(13)).join(' ')}  Transfer  Requests`);
for (const p of pages) console.log(`${p.page.padEnd(width)}  ${cellsOf(p)}  ${kb(p.transfer).padStart(8)}  ${String(p.requests).padStart(8)}`);
const total = (pick: (p: PageWeight) => Size) => addSizes(pages.map(pick));
const totals = {
  html: total((p) => p.html), css: total((p) => p.css), jsFirstLoad: total((p) => p.jsFirstLoad), inlineJs: total((p) => p.inlineJs),
  jsAfterIdle: total((p) => p.jsAfterIdle), jsOnInteraction: total((p) => p.jsOnInteraction), images: total((p) => p.images),
};
console.log(`${'All pages'.padEnd(width)}  ${cellsOf(totals)}`);

mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify({ budgets, pages }, null, 2)}\n`);
console.log(`\nWritten to ${values.json}`);

/** Every budget a page breaks, as sentences. */
function overBudget(p: PageWeight): string[] {
  const problems: string[] = [];
  if (p.jsFirstLoad.gzip > budgets.jsBeforeIdle) problems.push(`loads ${p.jsFirstLoad.gzip} bytes (gzip) of JavaScript before the browser is idle (budget ${budgets.jsBeforeIdle}).`);
  const own = budgets.pages[p.page];
  // A page with a JavaScript budget of its own is held to that instead.
  if (!p.hasOwnIslands && own?.js === undefined && p.inlineJs.gzip > budgets.inlineJsMenuOnly) problems.push(`inline scripts weigh ${p.inlineJs.gzip} bytes gzipped (budget ${budgets.inlineJsMenuOnly}).`);
  const js = p.inlineJs.gzip + p.jsFirstLoad.gzip + p.jsAfterIdle.gzip;
  if (own && p.transfer > own.transfer) problems.push(`a first visit transfers ${p.transfer} bytes (budget ${own.transfer}).`);
  if (own?.js !== undefined && js > own.js) problems.push(`ships ${js} bytes of JavaScript, gzipped, without interaction (budget ${own.js}).`);
  problems.push(...p.missing.map((path) => `refers to ${path}, which is not in the build.`));
  return problems.map((problem) => `${p.page}: ${problem}`);
}

if (values.check) {
  const failures = pages.flatMap(overBudget);
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log('\nEvery page is within budget.');
}
