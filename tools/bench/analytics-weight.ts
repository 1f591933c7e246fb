/**
 * `npm run bench`: what analytics costs a reader when it is on. Builds the book with a placeholder
 * Firebase configuration (nothing is sent anywhere) and reports, for the members page: the loader, a cached
 * script fetched with the page, and the files it fetches after the page has loaded and the browser is idle.
 * (Analytics off costs 0 bytes: tests/e2e/analytics.spec.ts checks that no page carries any of it.)
 * Usage: node tools/bench/analytics-weight.ts [--json tests/.output/analytics-weight.json]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { normalBase, readBuilt } from '../../integrations/after-build/built-site.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { addSizes, sizeOf } from './sizes.ts';
import { moduleClosure } from '../../integrations/after-build/module-graph.ts';
import { readModuleGraph } from '../common/built-modules.ts';
import { astroBin } from '../common/scratch-project.ts';
import { pageRefs } from '../../integrations/after-build/page-refs.ts';
import { attribute, elements } from '../../integrations/after-build/html.ts';

const { values } = parseArgs({ options: { json: { type: 'string', default: 'tests/.output/analytics-weight.json' } } });

const project = join(import.meta.dirname, '../..');
const dist = join(project, 'tests/.output/analytics-bench/dist');
const placeholder = {
  PUBLIC_FIREBASE_API_KEY: 'placeholder-api-key',
  PUBLIC_FIREBASE_APP_ID: '1:1234567890:web:0123456789abcdef',
  PUBLIC_FIREBASE_PROJECT_ID: 'placeholder-project',
  PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-PLACEHOLDER',
};
execFileSync(process.execPath, [astroBin, 'build', '--outDir', dist], {
  cwd: project,
  env: { ...process.env, ...placeholder, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const base = normalBase(process.env.BASE_PATH ?? '/');
const read = (path: string) => readBuilt(dist, base, path)?.toString('utf8');
const modules = readModuleGraph(dist);
const page = '/members';
const html = read(page) ?? '';
const settings = elements(html).find((element) => element.tagName === 'script' && attribute(element, 'id') === 'book-analytics')?.text;
if (!settings) throw new Error(`${page} built with a Firebase configuration carries no analytics settings: is Analytics.astro in BaseLayout?`);
const loaderFile = pageRefs(html).scripts.find((src) => read(src)?.includes('book-analytics'));
// The loader and the modules it imports, as one text.
const loader =
  loaderFile &&
  moduleClosure([loaderFile], modules, base)
    .map((file) => read(file) ?? '')
    .join('\n');
if (!loaderFile || !loader) throw new Error(`${page} has no analytics loader among its scripts: is Analytics.astro in BaseLayout?`);
// The loader fetches the SDK's file by its address, written into the loader as a string when it was built.
const sdk = /["'`]([^"'`]*\/analytics\.[\w-]+\.js)["'`]/.exec(loader)?.[1];
if (!sdk) throw new Error(`${page}'s analytics loader names no firebase file to fetch after idle.`);
const files = moduleClosure([sdk], modules, base);
const afterIdle = addSizes(files.map((file) => sizeOf(read(file) ?? '')));

const report = {
  page,
  withPage: { loader: loaderFile, ...sizeOf(loader) },
  afterIdle: { files, ...afterIdle },
  // Then Firebase's installations and configuration calls, and Google's gtag.js (not measured: it cannot be fetched here).
  thirdParty: ['POST firebaseinstallations.googleapis.com', 'GET firebase.googleapis.com (webConfig)', 'GET www.googletagmanager.com/gtag/js'],
};
mkdirSync(dirname(values.json), { recursive: true });
writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `Analytics on (placeholder configuration), ${page}: with the page, a loader of ${formatSize(report.withPage.gzip)} gzip (a cached file); ` +
    `after load and idle, ${files.length} file(s) of ${formatSize(afterIdle.gzip)} gzip (${formatSize(afterIdle.raw)} raw), then ${report.thirdParty.join(', ')}.`,
);
console.log(`Written to ${values.json}`);
