/**
 * Part of `npm run bench`: the largest paint (Lighthouse, mobile, simulated throttling) of the Introduction and the
 * reading session's eight pages, against Starlight 0.42's same pages built from the same chapters (starlight-book.ts),
 * both served as `npm start` serves them. Lighthouse's simulation varies from run to run by about 100 ms, so each
 * page is measured several times, the pages taking turns, and medians are compared.
 * Targets (--check): the home page no later than the Introduction, and no page later than Starlight's equivalent.
 * Usage: node tools/bench/largest-paint.ts [--runs 3] [--check] [--json tests/.output/largest-paint.json] [--port 4530]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseRunner } from './lighthouse-runner.ts';
import { buildStarlightBook, sessionPages, starlightSessionPages } from './starlight-book.ts';
import { startServer } from '../server/spawn-server.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    check: { type: 'boolean', default: false },
    json: { type: 'string', default: 'tests/.output/largest-paint.json' },
    port: { type: 'string', default: '4530' },
  },
});

/** The book's pages measured: the Introduction, and the reading session's, each beside Starlight's with the same text. */
const pages: { page: string; starlight?: string }[] = [
  { page: '/Introduction' },
  ...sessionPages.map((page, i) => {
    const starlight = starlightSessionPages[i];
    return starlight ? { page, starlight } : { page };
  }),
];

const bookPort = Number(values.port);
const starlightPort = bookPort + 1;
const starlightDist = await buildStarlightBook();
const servers = await Promise.all([startServer(bookPort), startServer(starlightPort, { args: ['--dir', starlightDist] })]);
process.on('exit', () => servers.forEach((server) => server.kill()));
const lighthouse = await lighthouseRunner(['performance']);

const paints = new Map<string, number[]>();
const measure = async (port: number, path: string, key: string) => {
  const { audits } = await lighthouse.run(`http://127.0.0.1:${port}${path}`);
  paints.set(key, [...(paints.get(key) ?? []), Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN)]);
};
try {
  for (let run = 0; run < Number(values.runs); run++) {
    for (const { page, starlight } of pages) {
      await measure(bookPort, page, page);
      if (starlight) await measure(starlightPort, starlight, `Starlight ${starlight}`);
    }
  }
} finally {
  lighthouse.close();
  servers.forEach((server) => server.kill());
}

const median = (key: string) => {
  const sorted = [...(paints.get(key) ?? [])].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
console.log(`Largest paint, Lighthouse mobile (simulated), median of ${values.runs} runs each, the pages taking turns\n`);
console.log(`${'Page'.padEnd(24)} ${'Book ms'.padStart(8)} ${'Starlight ms'.padStart(13)}   Runs (book; Starlight)`);
const rows = pages.map(({ page, starlight }) => ({
  page,
  ms: median(page),
  starlight: starlight ? { page: starlight, ms: median(`Starlight ${starlight}`) } : null,
  runs: paints.get(page) ?? [],
  starlightRuns: starlight ? (paints.get(`Starlight ${starlight}`) ?? []) : [],
}));
for (const row of rows)
  console.log(
    `${row.page.padEnd(24)} ${String(row.ms).padStart(8)} ${String(row.starlight?.ms ?? '-').padStart(13)}   ${row.runs.join(', ')}${row.starlight ? `; ${row.starlightRuns.join(', ')}` : ''}`,
  );
mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
console.log(`\nWritten to ${values.json}`);

if (values.check) {
  const home = median('/');
  const introduction = median('/Introduction');
  const misses = [
    ...(home > introduction ? [`the home page's largest paint (${home} ms) is later than the Introduction's (${introduction} ms)`] : []),
    ...rows.flatMap((row) =>
      row.starlight && row.ms > row.starlight.ms
        ? [`${row.page} (${row.ms} ms) paints later than Starlight's ${row.starlight.page} (${row.starlight.ms} ms)`]
        : [],
    ),
  ];
  if (misses.length > 0) {
    console.error(`\nBelow target:\n${misses.join('\n')}`);
    process.exit(1);
  }
  console.log("\nThe home page paints no later than the Introduction, and no page later than Starlight's.");
}
