/**
 * `npm run bench`: what the book costs its readers and its authors, in one JSON file to compare versions.
 * Builds the book (timed), then runs each part and gathers what they write:
 * page weight per page (page-weight.ts), a reading session of eight pages on a phone with one browser cache
 * (reading-session.ts), what analytics adds when on (analytics-weight.ts), Lighthouse on
 * every page (lighthouse.ts), the first pages' largest paint against each other and Starlight's (largest-paint.ts),
 * how fast `npm run dev` starts and shows an edit (dev-start-time.ts), and build and dev start times of generated
 * books of 10, 100 and 1,000 chapters (scale-bench.ts), and the downloads (npm run build:downloads): how long they
 * take and each file's size.
 * Usage: node tools/bench/bench.ts [--json tests/.output/bench.json] [--compare old-bench.json] [--check] [--skip-scale]
 *   --check fails when a page breaks its budget, a gated Lighthouse score drops, the home page paints later than
 *   the Introduction or a page later than Starlight's, the session or scale targets are missed, or a download is
 *   over its size (the EPUB 2 MB, the ZIM 5 MB).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { astroBin, projectRoot } from '../common/scratch-project.ts';
import { benchTargets } from './budgets.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'string', default: 'tests/.output/bench.json' },
    compare: { type: 'string' },
    check: { type: 'boolean', default: false },
    'skip-scale': { type: 'boolean', default: false },
  },
});

const output = join(projectRoot, 'tests/.output/bench');
// A part that fails writes nothing: no earlier run's figures may stand in for it.
rmSync(output, { recursive: true, force: true });
mkdirSync(output, { recursive: true });
const failed: string[] = [];

/** Runs one part with the project's Node, its tables printed as it goes; a failed check is remembered, not fatal. */
function run(script: string, args: string[] = []): void {
  console.log(`\n── ${[script, ...args].join(' ')}`);
  try {
    execFileSync(process.execPath, [join(projectRoot, script), ...args], { cwd: projectRoot, stdio: 'inherit' });
  } catch {
    failed.push(script);
  }
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const part = (name: string) => join(output, `${name}.json`);
/** What a part wrote, or null if it wrote nothing (it failed). */
const readPart = <T>(name: string): T | null => (existsSync(part(name)) ? readJson<T>(part(name)) : null);
const check = values.check ? ['--check'] : [];

console.log('── astro build');
const buildStart = performance.now();
execFileSync(process.execPath, [astroBin, 'build'], {
  cwd: projectRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
const buildSeconds = Math.round((performance.now() - buildStart) / 10) / 100;
console.log(`The book built in ${buildSeconds} s`);

console.log('\n── npm run build:downloads');
const downloadsStart = performance.now();
// The downloads need the published address; the bench measures them as built for this placeholder one when none is set.
process.env.SITE_URL ??= 'https://megacities.example.org';
run('tools/build/build.ts', ['--downloads']);
const downloadsDir = join(projectRoot, 'dist/downloads');
const downloads = {
  seconds: Math.round((performance.now() - downloadsStart) / 10) / 100,
  files: existsSync(downloadsDir) ? readdirSync(downloadsDir).map((file) => ({ file, bytes: statSync(join(downloadsDir, file)).size })) : [],
};
for (const [suffix, limit] of Object.entries(benchTargets.downloads)) {
  const found = downloads.files.find(({ file }) => file.endsWith(suffix));
  if (values.check && (!found || found.bytes > limit)) failed.push(`the ${suffix} download (${found?.bytes ?? 'none'} bytes; limit ${limit})`);
}

run('tools/bench/page-weight.ts', ['--json', part('page-weight'), ...check]);
const weight = readJson<{ pages: { page: string }[] }>(part('page-weight'));
// Every page but the 404 page, which Lighthouse cannot score (it refuses an error status).
const pages = weight.pages.map((p) => p.page).filter((page) => page !== '/404');
run('tools/bench/lighthouse.ts', ['--json', part('lighthouse'), ...check, ...pages]);
run('tools/bench/largest-paint.ts', ['--json', part('largest-paint'), ...check]);
run('tools/bench/reading-session.ts', ['--json', part('reading-session'), ...check]);
run('tools/bench/analytics-weight.ts', ['--json', part('analytics')]);
run('tools/bench/dev-start-time.ts', ['--json', part('dev')]);
if (!values['skip-scale']) run('tools/bench/scale-bench.ts', ['--json', part('scale'), ...check]);

const lighthouse = readPart<{ page: string }[]>('lighthouse') ?? [];
const report = {
  date: new Date().toISOString(),
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim(),
  machine: { node: process.version, cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
  build: { seconds: buildSeconds },
  downloads,
  pages: weight.pages.map((p) => ({ ...p, lighthouse: lighthouse.find((l) => l.page === p.page) ?? null })),
  largestPaint: readPart('largest-paint'),
  readingSession: readPart('reading-session'),
  analytics: readPart('analytics'),
  dev: readPart('dev'),
  scale: readPart('scale'),
};
mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nEverything written to ${values.json}`);

if (values.compare) compare(readJson(values.compare), report);

if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}

/** Prints every number that changed by more than 2 % between an earlier report and this one. */
function compare(before: unknown, after: unknown): void {
  const numbers = (value: unknown, path: string, into: Map<string, number>) => {
    if (typeof value === 'number') into.set(path, value);
    else if (Array.isArray(value)) value.forEach((item, i) => numbers(item, `${path}[${(item as { page?: string })?.page ?? i}]`, into));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) numbers(item, path ? `${path}.${key}` : key, into);
    return into;
  };
  const old = numbers(before, '', new Map());
  const changes = [...numbers(after, '', new Map())].filter(([path, now]) => {
    const was = old.get(path);
    return was !== undefined && Math.abs(now - was) > Math.abs(was) * 0.02;
  });
  console.log(`\nChanged by more than 2 % since ${values.compare}:`);
  for (const [path, now] of changes) console.log(`  ${path}: ${old.get(path)} → ${now}`);
  if (changes.length === 0) console.log('  nothing');
}
