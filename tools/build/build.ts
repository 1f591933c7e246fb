/**
 * `npm run build`: the author check first (what it refuses, the build refuses, all at once and in seconds), then
 * `astro build` into a fresh folder, put in place of dist/ only when the whole build succeeded: a mistake never leaves
 * readers (or `npm start`) a missing or half-built book.
 * Usage: node tools/build/build.ts [--out-dir dist] [--or-last-good] [--downloads [--port 4510]]
 * --or-last-good (npm start): a refused or failed build still ends with 0 when dist/ holds an earlier book, then served.
 * --downloads (npm run build:downloads): the book to take away is made first, then offered by the pages it builds;
 * --port is the free port its PDFs are printed from.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBook, reportOf } from '../../integrations/check/author-check.ts';
import { astroBuild } from './astro-build.ts';
import { NotReplaced, replaceWhole, takeLock } from './whole-folder.ts';
import { normalBase } from '../../integrations/after-build/built-site.ts';
import { makeDownloads } from '../downloads/make-downloads.ts';
import { keptDownloads } from './kept-downloads.ts';
import { chaptersFolder } from '../../src/lib/chapter-files.ts';
import '../../integrations/load-env.ts';

const { values } = parseArgs({
  options: {
    'out-dir': { type: 'string', default: 'dist' },
    'or-last-good': { type: 'boolean', default: false },
    downloads: { type: 'boolean', default: false },
    port: { type: 'string', default: '4510' },
  },
});
const target = values['out-dir'];
// The book built is the one in the folder the command runs in, as for `astro build` (npm runs it from the project's).
const project = process.cwd();
/** Where npm run build:downloads makes the book to take away, on the project's disk (Astro builds the editions there). */
const madeDownloads = join(project, '.downloads');

/** Says why there is no new book (after the lines that say what to fix, unless `why` says it) and what readers get instead; ends the process. */
function notBuilt(why = 'The book was not built: fix what the lines above name, then run the command again.'): never {
  const last = join(target, 'index.html');
  const kept = existsSync(last)
    ? ` ${target}/ still holds the last good book, built ${statSync(last).mtime.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}.`
    : '';
  console.error(`\n${why}${kept}`);
  process.exit(kept && values['or-last-good'] ? 0 : 1);
}

// The editions point to the published book (its handout, its slides, each page's address): without it they would print
// annexes with no way to reach them.
if (values.downloads && !process.env.SITE_URL) {
  console.error(
    'The book to take away links to the published book (its handouts, its slides), so it needs its address: set SITE_URL to the address you publish at (in .env, or SITE_URL=https://… npm run build:downloads).',
  );
  notBuilt();
}
const checked = await checkBook({ dir: chaptersFolder(), project, external: false });
const { lines, failed } = reportOf({ ...checked, notes: [] });
if (failed) {
  for (const line of lines) console.error(line);
  notBuilt();
}
for (const line of lines) console.log(line);

// Stopped (Ctrl+C, or the build script alone killed): `astro build` is stopped too, and nothing it made is kept.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop.abort(signal));

await replaceWhole(target, async (fresh, started) => {
  if (!values.downloads) {
    // npm start offers the book to take away the last npm run build:downloads made, or says why not.
    const kept = values['or-last-good'] ? keptDownloads(target, madeDownloads, project) : {};
    if (kept.note) console.log(kept.note);
    return astroBuild(fresh, { env: { ...process.env, ...kept.env }, signal: stop.signal, started });
  }
  // Made in the project, then offered by the web build, which puts them in its downloads/ (integrations/after-build/staged-downloads.ts).
  // One at a time, whatever the output folder: they are made in the project's own .downloads/ and .edition/.
  const downloadsLock = takeLock(join(project, '.downloads-lock'), '.downloads');
  try {
    // Both locks hold what it starts: a build killed outright leaves those running for a while.
    const heldByBoth = (pid: number) => (started(pid), downloadsLock.holdAlso(pid));
    await makeDownloads(madeDownloads, {
      base: normalBase(process.env.BASE_PATH ?? '/'),
      port: values.port,
      signal: stop.signal,
      started: heldByBoth,
    });
  } finally {
    downloadsLock.release();
  }
  return astroBuild(fresh, { env: { ...process.env, BOOK_DOWNLOADS: madeDownloads }, signal: stop.signal, started });
}).catch((error: unknown) => {
  if (stop.signal.aborted) notBuilt(`The build was stopped (${String(stop.signal.reason)}), and ${target}/ was not replaced.`);
  if (error instanceof NotReplaced) notBuilt(`The book was not built: ${error.message}`);
  console.error(error instanceof Error ? error.message : String(error));
  notBuilt();
});
