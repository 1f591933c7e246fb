/**
 * Runs `npm run build` (the author check, then `astro build`) on a fixture book, as an author would, and returns what
 * they would read.
 * Each build gets a scratch copy of the project (see tools/common/scratch-project.ts for why).
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, scratchEnv, scratchProject, spawnGroup } from '../../tools/common/scratch-project.ts';
import { writeFixtureBook } from './fixture-books.ts';

const buildScript = join(projectRoot, 'tools/build/build.ts');

/** Per fixture: project/ (the scratch copy), dist/, cache/ and build.log, kept for a look after a failing test. */
export const outputRoot = join(projectRoot, 'tests/.output/books');

/**
 * The time limit of a test or hook that builds: there to end a hang, not to judge speed. A build takes about 10 s on a
 * quiet machine and can take two minutes on a busy one.
 */
export const buildTimeout = 300_000;

export interface BuildResult {
  /** The process exit code: 0 when the build succeeded. */
  code: number;
  /** Everything the build printed, without colour codes. */
  output: string;
  /** The output folder, e.g. to look for built pages. */
  dist: string;
  /** The scratch copy that was built, e.g. to serve it with `astro dev` afterwards. */
  root: string;
}

export interface BuildOptions {
  /** The output folder's name under tests/.output/books (the fixture's name by default), so two builds of one fixture can coexist. */
  name?: string;
  /** Changes the scratch copy before it is built (its root folder), e.g. to make a second version of a book. */
  edit?: (root: string) => void;
  /** Environment variables for the build, e.g. a Firebase configuration. */
  env?: Record<string, string>;
  /** A built book to put in the output folder first, as the last good one a refused build must leave as it was. */
  lastGood?: string;
  /** Extra arguments for the build command, such as --downloads. */
  args?: string[];
  /**
   * Stops the build, with every process it started, when aborted: pass the test's `signal` (aborted when the test
   * times out or the run is cancelled), or in a hook one aborted in afterAll. The build is also stopped if the test
   * process ends first.
   */
  signal?: AbortSignal;
}

/** Builds tests/fixtures/books/<fixture>; never rejects, since a failing build is what most tests want. */
export async function buildBook(
  fixture: string,
  { name = fixture, edit, env: extraEnv = {}, lastGood, args = [], signal }: BuildOptions = {},
): Promise<BuildResult> {
  const root = scratchProject(join(outputRoot, name, 'project'), writeFixtureBook(fixture, join(outputRoot, name, 'book')));
  edit?.(root);
  const out = join(outputRoot, name);
  for (const stale of ['dist', 'cache', 'build.log']) rmSync(join(out, stale), { recursive: true, force: true });
  // Published somewhere, as a real book is (npm test builds the site with this address too); SITE_URL: '' builds without one.
  const env = scratchEnv(root, join(out, 'cache'), { SITE_URL: 'https://megacities.example.org', ...extraEnv });
  const dist = join(out, 'dist');
  if (lastGood) cpSync(lastGood, dist, { recursive: true });
  // The build starts `astro build`, which starts more: in a group of their own, an abort stops them all.
  const { child, closed } = spawnGroup(process.execPath, [buildScript, '--out-dir', dist, ...args], {
    cwd: root,
    env,
    signal,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  await closed;
  const stopped = signal?.aborted ? `\nThe build was stopped: ${String(signal.reason)}\n` : '';
  const code = child.exitCode ?? 1;
  // eslint-disable-next-line no-control-regex -- strip colour codes, as a terminal would show the text
  const plain = (stdout + stderr + stopped).replace(/\x1b\[[0-9;]*m/g, '');
  writeFileSync(join(out, 'build.log'), plain);
  return { code, output: plain, dist, root };
}
