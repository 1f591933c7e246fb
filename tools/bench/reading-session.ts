/**
 * Part of `npm run bench`: what a reading session costs a reader on a phone, not one page. One browser cache reads
 * eight pages in a row, served as `npm start` serves them (docs/hosting.md's host rules: the build's Brotli copies,
 * `/_astro/` cached for a year, pages revalidated by ETag), with the offline worker off, on, and on with Chromium's
 * data saver.
 * Bytes are counted as the browser's Resource Timing counts them (compressed body + 300 bytes of headers for each
 * response from the network; nothing for a cached one), from the browser's own events: the browser is never asked
 * to intercept a request, which would turn its cache off. The home video and its poster are left out of the count.
 * Pages are opened and left to settle, not scrolled (pictures further down would load as the reader scrolls).
 * Starlight 0.42 reads the same session in the same run, built from the same chapters (tools/bench/starlight-book.ts).
 * Usage: node tools/bench/reading-session.ts [--json tests/.output/reading-session.json] [--port 4510] [--check] [--files]
 * (--files lists what each page fetched, worker off)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Request } from '@playwright/test';
import { readBuilt } from '../../integrations/after-build/built-site.ts';
import { elements } from '../../integrations/after-build/html.ts';
import { benchTargets } from './budgets.ts';
import { furnitureOf, inlineScriptsSize, sizeOf } from './sizes.ts';
import { pageRefs } from '../../integrations/after-build/page-refs.ts';
import { chromiumArgs, chromiumPath } from '../common/chromium.ts';
import { startServer } from '../server/spawn-server.ts';
import { buildStarlightBook, sessionPages, starlightSessionPages } from './starlight-book.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'string', default: 'tests/.output/reading-session.json' },
    port: { type: 'string', default: '4510' },
    check: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
  },
});

/** Pages that are stubs (a chapter still in preparation): the "each page after the first" figure. */
const stubPages = ['/index/Chapter2', '/index/Chapter4', '/index/Chapter5'];

/** Starlight's pages for those stubs (tools/bench/starlight-book.ts). */
const starlightStubPages = ['/index/chapter2/', '/index/chapter4/', '/index/chapter5/'];

/** The home video and its poster: left out (a reader who plays it chooses its bytes). */
const leftOut = /\.(webm|mp4)$|\/home-city-poster\./;

/** Resource Timing's header estimate: a response from the network counts its compressed body plus this. */
const headerBytes = 300;

type Mode = 'worker off' | 'worker on' | 'worker on, data saver';
const modes: Mode[] = ['worker off', 'worker on', 'worker on, data saver'];

interface PageCost {
  page: string;
  bytes: number;
  requests: number;
  /** Of which the offline worker's own requests (its script, and what it caches). */
  workerBytes: number;
  /** Each response from the network: its path and bytes. */
  files: { path: string; bytes: number }[];
}

const browser = await chromium.launch({ executablePath: chromiumPath() ?? chromium.executablePath(), args: chromiumArgs });

const results = {} as Record<Mode, PageCost[]>;
let server = await startServer(values.port);
for (const mode of modes) results[mode] = await session(mode);
server.kill();
// The same session from a host that compresses on the fly (quicker, larger), as most hosts do: no Brotli copies.
server = await startServer(values.port, { args: ['--on-the-fly'] });
const onTheFly = await session('worker off');
server.kill();
// The same chapters as a Starlight site, built now and served alike: what this book is held against.
server = await startServer(values.port, { args: ['--dir', await buildStarlightBook()] });
const starlightCosts = await session('worker off', starlightSessionPages);
server.kill();
await browser.close();

/** Runs one session in a fresh browser profile (an empty cache), page after page in one tab. */
async function session(mode: Mode, pages = sessionPages): Promise<PageCost[]> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: mode === 'worker off' ? 'block' : 'allow',
  });
  const page = await context.newPage();
  if (mode === 'worker on, data saver') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  }
  const costs: PageCost[] = [];
  const watch = traffic(context);
  for (const path of pages) {
    watch.reset();
    await page.goto(`http://127.0.0.1:${values.port}${path}`, { waitUntil: 'load' });
    await watch.quiet();
    costs.push({ page: path, ...watch.totals() });
  }
  await context.close();
  return costs;
}

/** Every finished request of the context, the offline worker's included, and a wait for the network to fall quiet. */
function traffic(context: BrowserContext) {
  let pending = 0;
  let lastChange = Date.now();
  let counted: { path: string; bytes: number; worker: boolean }[] = [];
  const changed = () => (lastChange = Date.now());
  const done = async (request: Request) => {
    pending--;
    changed();
    const response = await request.response();
    // Served by the worker or the memory/disk cache: nothing crossed the network for the page.
    if (!response || response.fromServiceWorker() || leftOut.test(new URL(request.url()).pathname)) return;
    const { responseBodySize } = await request.sizes();
    // A cache hit reports no body; a revalidation (304) has none but crossed the network.
    if (responseBodySize > 0 || response.status() === 304)
      counted.push({ path: new URL(request.url()).pathname, bytes: responseBodySize + headerBytes, worker: request.serviceWorker() !== null });
  };
  context.on('request', () => (pending++, changed()));
  context.on('requestfinished', (request) => void done(request));
  context.on('requestfailed', () => (pending--, changed()));
  return {
    reset: () => (counted = []),
    totals: () => ({
      bytes: counted.reduce((sum, { bytes }) => sum + bytes, 0),
      requests: counted.length,
      workerBytes: counted.filter(({ worker }) => worker).reduce((sum, { bytes }) => sum + bytes, 0),
      files: counted.map(({ path, bytes }) => ({ path, bytes })),
    }),
    /** Resolves once no request has started or ended for 1.5 s (the worker registers when the browser is idle). */
    quiet: async () => {
      while (pending > 0 || Date.now() - lastChange < 1500) await new Promise((resolve) => setTimeout(resolve, 250));
    },
  };
}

/** Kilobytes (1,000 bytes) to one decimal. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const sum = (costs: PageCost[]) => costs.reduce((total, cost) => total + cost.bytes, 0);
const off = results['worker off'];
const summarise = (costs: PageCost[], stubsOf = stubPages) => {
  const stubs = costs.filter((cost) => stubsOf.includes(cost.page));
  return { firstPage: costs[0]!.bytes, stubPage: Math.max(...stubs.map((cost) => cost.bytes)), session: sum(costs) };
};
const summary = Object.fromEntries(modes.map((mode) => [mode, summarise(results[mode])])) as Record<Mode, ReturnType<typeof summarise>>;
const onTheFlySummary = summarise(onTheFly);
/** Starlight 0.42 with the same chapters, measured in this run. */
const starlight = summarise(starlightCosts, starlightStubPages);
const targets = { ...benchTargets.session, session: Math.round(benchTargets.session.timesStarlight * starlight.session) };

const columns = [...modes.map((mode) => [mode, results[mode]] as const), ['worker off, host compressing', onTheFly] as const];
console.log('Reading session on a phone (375 px), one browser cache; bytes as Resource Timing counts them:');
console.log(`  ${'page'.padEnd(24)}${columns.map(([name]) => name.padStart(31)).join('')}`);
sessionPages.forEach((path, i) => console.log(`  ${path.padEnd(24)}${columns.map(([, costs]) => kb(costs[i]!.bytes).padStart(31)).join('')}`));
console.log(`  ${'8 pages'.padEnd(24)}${columns.map(([, costs]) => kb(sum(costs)).padStart(31)).join('')}`);
console.log("  (npm start sends the build's brotli copies; the last column is a host that compresses each answer on the fly)");
if (values.files)
  for (const cost of off)
    console.log(`  ${cost.page}\n${cost.files.map(({ path, bytes }) => `    ${String(bytes).padStart(7)}  ${path}`).join('\n')}`);
console.log('Starlight 0.42, the same chapters, worker off, same server (tools/bench/starlight-book.ts):');
starlightCosts.forEach((cost) => console.log(`  ${cost.page.padEnd(24)}${kb(cost.bytes).padStart(31)}`));
console.log(`  first page ${kb(starlight.firstPage)}, stub page ${kb(starlight.stubPage)}, 8 pages ${kb(starlight.session)}.`);

/** What each page of the session carries again (gzip bytes, from the built files): inline scripts, inline styles, <head>, and all its furniture. */
const repeated = sessionPages.map((path) => {
  const html = readBuilt('dist', '/', path)?.toString('utf8') ?? '';
  const styles = elements(html).filter((element) => element.tagName === 'style');
  return {
    page: path,
    inlineScripts: inlineScriptsSize(pageRefs(html).inlineScripts).gzip,
    inlineStyles: styles.length > 0 ? sizeOf(styles.map((style) => style.text).join('')).gzip : 0,
    head: sizeOf(html.slice(0, html.indexOf('</head>'))).gzip,
    furniture: sizeOf(furnitureOf(html)).gzip,
  };
});
console.log('Carried again by every page (gzip bytes): inline scripts, inline styles, <head>, everything but <main>:');
for (const r of repeated)
  console.log(`  ${r.page.padEnd(24)}${[r.inlineScripts, r.inlineStyles, r.head, r.furniture].map((n) => String(n).padStart(8)).join('')}`);

const firstVisitExtra = results['worker on, data saver'][0]!.bytes - off[0]!.bytes;
const misses = [
  summary['worker off'].stubPage > targets.stubPage &&
    `a stub chapter after another page costs ${kb(summary['worker off'].stubPage)} (at most ${kb(targets.stubPage)})`,
  summary['worker off'].session > targets.session && `the eight pages cost ${kb(summary['worker off'].session)} (at most ${kb(targets.session)})`,
  firstVisitExtra > targets.dataSaverWorkerExtra &&
    `with data saver on, the offline worker adds ${kb(firstVisitExtra)} to the first visit (at most ${kb(targets.dataSaverWorkerExtra)})`,
].filter((miss): miss is string => typeof miss === 'string');

mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(
  values.json,
  `${JSON.stringify({ pages: sessionPages, results, summary, onTheFly: { results: onTheFly, summary: onTheFlySummary }, repeated, firstVisitExtra, starlight: { results: starlightCosts, summary: starlight }, targets }, null, 2)}\n`,
);
console.log(`Written to ${values.json}`);
if (misses.length > 0) {
  console[values.check ? 'error' : 'log'](`Over target: ${misses.join('; ')}.`);
  if (values.check) process.exitCode = 1;
}
