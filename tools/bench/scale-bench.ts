/**
 * Part of `npm run bench`: how build time grows with the book. Builds generated books of 10, 100 and
 * 1,000 Introduction-sized chapters (tools/bench/generated-book.ts), each from a clean cache, and reports the
 * time per book and the cost of each added chapter, which must stay flat (no step quadratic in chapters);
 * then how long `npm run dev` takes to start on each book, and an edit to reach the open page (dev-start-time.ts).
 * Usage: node tools/bench/scale-bench.ts [--chapters 10,100,1000] [--json tests/.output/scale.json] [--check]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { builtPageFiles } from '../../integrations/after-build/built-site.ts';
import { benchTargets } from './budgets.ts';
import { writeGeneratedBook } from './generated-book.ts';
import { astroBin, projectRoot, scratchEnv, scratchProject } from '../common/scratch-project.ts';
import { type DevTimes, measureDev } from './dev-start-time.ts';

const { values } = parseArgs({
  options: {
    chapters: { type: 'string', default: '10,100,1000' },
    json: { type: 'string', default: 'tests/.output/scale.json' },
    check: { type: 'boolean', default: false },
  },
});

const targets = benchTargets.scale;

const work = join(projectRoot, 'tests/.output/scale');
const sizes = values.chapters
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);

interface ScaleRun {
  chapters: number;
  pages: number;
  seconds: number;
  dev?: DevTimes;
}

function buildGenerated(chapters: number): ScaleRun {
  const out = join(work, `book-${chapters}`);
  const root = scratchProject(join(out, 'project'), writeGeneratedBook(join(out, 'chapters'), chapters));
  const cache = join(out, 'cache');
  const dist = join(out, 'dist');
  for (const stale of [cache, dist, join(root, 'node_modules/.vite')]) rmSync(stale, { recursive: true, force: true });
  const start = performance.now();
  execFileSync(process.execPath, [astroBin, 'build', '--outDir', dist], { cwd: root, env: scratchEnv(root, cache), stdio: 'ignore' });
  const seconds = (performance.now() - start) / 1000;
  return { chapters, pages: builtPageFiles(dist).length, seconds: Math.round(seconds * 100) / 100 };
}

const runs: ScaleRun[] = [];
for (const chapters of sizes) {
  const run = buildGenerated(chapters);
  run.dev = await measureDev({ chaptersDir: join(work, `book-${chapters}`, 'chapters'), port: 4410 });
  const dev = `npm run dev ready in ${(run.dev.startMs / 1000).toFixed(1)} s, first page ${(run.dev.firstPageMs / 1000).toFixed(1)} s, an edit shown in ${run.dev.hmrMs} ms`;
  console.log(`${String(chapters).padStart(5)} chapters: ${run.pages} pages built in ${run.seconds.toFixed(1)} s; ${dev}`);
  runs.push(run);
}

/** Milliseconds each chapter adds between two book sizes: the slope, free of the fixed start-up cost. */
const marginal = runs.slice(1).map((run, i) => {
  const previous = runs[i] as ScaleRun;
  return {
    from: previous.chapters,
    to: run.chapters,
    msPerChapter: Math.round(((run.seconds - previous.seconds) * 1000) / (run.chapters - previous.chapters)),
  };
});
for (const m of marginal) console.log(`  ${m.from} → ${m.to} chapters: ${m.msPerChapter} ms per added chapter`);

mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify({ targets, runs, marginal }, null, 2)}\n`);
console.log(`Written to ${values.json}`);

if (values.check) {
  const thousand = runs.find((run) => run.chapters === 1000);
  const [first, last] = [marginal[0], marginal.at(-1)];
  const misses = [
    ...(thousand && thousand.seconds > targets.thousandChaptersSeconds
      ? [`1,000 chapters took ${thousand.seconds} s (target ${targets.thousandChaptersSeconds} s)`]
      : []),
    ...(first && last && last !== first && last.msPerChapter > first.msPerChapter * targets.marginalGrowth
      ? [
          `a chapter costs ${last.msPerChapter} ms in a book of ${last.to} but ${first.msPerChapter} ms in one of ${first.to}: a step grows faster than the book`,
        ]
      : []),
  ];
  if (misses.length > 0) {
    console.error(`\nBelow target:\n${misses.join('\n')}`);
    process.exit(1);
  }
  console.log('Build time within target and flat per chapter.');
}
