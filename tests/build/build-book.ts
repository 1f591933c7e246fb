/**
 * Runs a real `astro build` of a fixture book, as an author would, and returns what they would read.
 * Each build gets a scratch copy of the project: Astro writes content module maps to <root>/.astro
 * and Vite's dependency cache to <root>/node_modules/.vite whatever cacheDir says, so building in
 * the project itself would race other builds and hand the project's own dev server a fixture's chapters.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const project = join(import.meta.dirname, '../..');
const fixtures = join(project, 'tests/fixtures/books');
/** Per fixture: project/ (the scratch copy), dist/, cache/ and build.log, kept for a look after a failing test. */
const outputRoot = join(project, 'tests/.output/books');

/** What the project needs to build; chapters come from the fixture instead. */
const projectFiles = ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
/** Caches that must stay per build; everything else in node_modules is shared through symlinks. */
const ownCaches = new Set(['.vite', '.astro']);

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

/**
 * A copy of the project with the fixture as its chapters/, sharing installed packages but no caches.
 * It lives in tests/.output: gitignored, and TypeScript's `**` skips folders starting with a dot, so `astro check` skips the copies.
 */
function scratchProject(fixture: string, name: string): string {
  const root = join(outputRoot, name, 'project');
  for (const file of [...projectFiles, 'chapters', '.astro']) rmSync(join(root, file), { recursive: true, force: true });
  for (const file of projectFiles) cpSync(join(project, file), join(root, file), { recursive: true });
  cpSync(join(fixtures, fixture), join(root, 'chapters'), { recursive: true });
  // Kept between runs, so Vite's dependency cache in it stays warm.
  const modules = join(root, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of readdirSync(join(project, 'node_modules'))) {
    if (ownCaches.has(name)) continue;
    rmSync(join(modules, name), { force: true }); // the link only, never what it points to
    symlinkSync(join(project, 'node_modules', name), join(modules, name));
  }
  return root;
}

/** What Vitest puts in process.env for its own import.meta.env (MODE=test, DEV=1, PROD=''): a child Astro would take them as its own. */
const vitestOnly = /^(VITEST\w*|TEST|NODE_ENV|MODE|DEV|PROD|SSR|BASE_URL)$/;

/** The environment a build or dev server gets: this process's, as `npm run` would give it. */
export const childEnv = (): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(process.env).filter(([key]) => !vitestOnly.test(key)));

export interface BuildOptions {
  /** The output folder's name under tests/.output/books (the fixture's name by default), so two builds of one fixture can coexist. */
  name?: string;
  /** Changes the scratch copy before it is built (its root folder), e.g. to make a second version of a book. */
  edit?: (root: string) => void;
  /** Environment variables for the build, e.g. a Firebase configuration. */
  env?: Record<string, string>;
}

/** Builds tests/fixtures/books/<fixture>; never rejects, since a failing build is what most tests want. */
export async function buildBook(fixture: string, { name = fixture, edit, env: extraEnv = {} }: BuildOptions = {}): Promise<BuildResult> {
  if (!existsSync(join(fixtures, fixture))) throw new Error(`No fixture book at tests/fixtures/books/${fixture}`);
  const root = scratchProject(fixture, name);
  edit?.(root);
  const out = join(outputRoot, name);
  for (const stale of ['dist', 'cache', 'build.log']) rmSync(join(out, stale), { recursive: true, force: true });
  const env = {
    ...childEnv(),
    ASTRO_TELEMETRY_DISABLED: '1',
    BOOK_CHAPTERS_DIR: join(root, 'chapters'),
    BOOK_CACHE_DIR: join(out, 'cache'),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...extraEnv,
  };
  const astro = join(project, 'node_modules/astro/bin/astro.mjs');
  const dist = join(out, 'dist');
  const { code, output } = await promisify(execFile)(process.execPath, [astro, 'build', '--outDir', dist], { cwd: root, env }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout}${error.stderr}` }),
  );
  // eslint-disable-next-line no-control-regex -- strip colour codes, as a terminal would show the text
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  writeFileSync(join(out, 'build.log'), plain);
  return { code, output: plain, dist, root };
}
