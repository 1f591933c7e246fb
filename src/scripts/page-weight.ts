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
  jsFirstLoad: Size;
  inlineJs: Size;
  jsOnInteraction: Size;
  images: Size;
  requests: number;
  missing: string[];
}

function weigh(file: string): PageWeight {
  const page = file === '404.html' ? '/404' : `/${dirname(file).split(sep).join('/')}`.replace(/\/\.$/, '/');
  const pageUrl = new URL(page.endsWith('/') ? page : `${page}/`, 'http://site');
  const html = readFileSync(join(dist, file), 'utf8');
  const refs = pageRefs(html);
  const resolve = (urls: string[]) =>
    urls.map((url) => new URL(url, pageUrl)).filter((url) => url.origin === pageUrl.origin).map((url) => url.pathname);
  const js = (entries: string[]) => moduleClosure(resolve(entries), (path) => read(path)?.toString('utf8'));
  const firstLoadJs = js([...refs.scripts, ...refs.eagerIslandEntries]);
  const interactionJs = js(refs.islandEntries).filter((path) => !firstLoadJs.includes(path));
  const fetched = [...resolve(refs.stylesheets), ...firstLoadJs, ...resolve(refs.images), ...resolve(refs.icons)];
  return {
    page,
    html: sizeOf(html),
    css: sizesOf(resolve(refs.stylesheets)),
    jsFirstLoad: sizesOf(firstLoadJs),
    inlineJs: sizeOf(refs.inlineScripts.join('')),
    jsOnInteraction: sizesOf(interactionJs),
    images: sizesOf(resolve(refs.images)),
    requests: 1 + new Set(fetched).size,
    missing: [...new Set(fetched.filter((path) => read(path) === undefined))],
  };
}

const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file === '404.html' || file === 'index.html' || file.endsWith(`${sep}index.html`))
  .sort()
  .map(weigh);

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
const both = (size: Size) => `${kb(size.raw)} ${kb(size.gzip)}`;
const columns = ['HTML', 'CSS', 'JS load', 'JS inline', 'JS on tap', 'Images'] as const;
const width = Math.max(...pages.map((p) => p.page.length), 4);
console.log(`Page weight in KB (raw, gzip) of ${dist}/; JS on tap is fetched only when a reader uses an island.\n`);
console.log(`${'Page'.padEnd(width)}  ${columns.map((c) => c.padStart(13)).join(' ')}  Requests`);
for (const p of pages) {
  const cells = [p.html, p.css, p.jsFirstLoad, p.inlineJs, p.jsOnInteraction, p.images].map(both);
  console.log(`${p.page.padEnd(width)}  ${cells.join(' ')}  ${String(p.requests).padStart(8)}`);
}
const total = (pick: (p: PageWeight) => Size) => addSizes(pages.map(pick));
console.log(`${'All pages'.padEnd(width)}  ${[total((p) => p.html), total((p) => p.css), total((p) => p.jsFirstLoad), total((p) => p.inlineJs), total((p) => p.jsOnInteraction), total((p) => p.images)].map(both).join(' ')}`);

mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify({ budgets, pages }, null, 2)}\n`);
console.log(`\nWritten to ${values.json}`);

if (values.check) {
  const failures = pages.flatMap((p) => [
    ...(p.jsFirstLoad.raw > budgets.firstLoadJsBytes
      ? [`${p.page}: loads ${p.jsFirstLoad.raw} bytes of JavaScript before the reader interacts (budget ${budgets.firstLoadJsBytes}).`]
      : []),
    ...(p.inlineJs.gzip > budgets.inlineJsGzipBytes
      ? [`${p.page}: inline scripts weigh ${p.inlineJs.gzip} bytes gzipped (budget ${budgets.inlineJsGzipBytes}).`]
      : []),
    ...p.missing.map((path) => `${p.page}: refers to ${path}, which is not in the build.`),
  ]);
  if (failures.length > 0) {
    console.error(`\nOver budget:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(`\nEvery page is within budget: no JavaScript before interaction, inline scripts under ${budgets.inlineJsGzipBytes} bytes gzipped.`);
}
