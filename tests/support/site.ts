import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { readBuilt as readBuiltFile } from '../../integrations/after-build/built-site.ts';
import { type ModuleGraph, moduleClosure } from '../../integrations/after-build/module-graph.ts';
import { readModuleGraph } from '../../tools/common/built-modules.ts';
import { pageRefs } from '../../integrations/after-build/page-refs.ts';

const dist = join(import.meta.dirname, '../../dist');

/** A built file's text by its site path (/_astro/x.js, or a page's route), or undefined if the build has none. */
export const readBuilt = (sitePath: string) => readBuiltFile(dist, '/', sitePath)?.toString('utf8');

/** The page's own scripts as the browser fetches them (its <script src> files and their imports), never an island's code. */
export const pageScriptFiles = (html: string): string[] => pageModules(pageRefs(html).scripts.map((src) => new URL(src, 'http://site/').pathname));

/** The modules the entries load with them (site paths), from the built files' imports. */
export const pageModules = (entries: string[]): string[] => moduleClosure(entries, (modules ??= readModuleGraph(dist)));
let modules: ModuleGraph | undefined;

/** Every page of the built site, as route paths (/, /members, /index/Chapter3/BlockA …), 404 excluded. */
export function sitePages(): string[] {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`${sep}index.html`) || file === 'index.html')
    .map((file) => `/${file.split(sep).slice(0, -1).join('/')}`)
    .sort();
}

/** Pages the book serves that are not routes of the specification: embedded in a chapter, and `noindex`. */
export const embeddedPages = ['/slides/introduction'];

/** Pages the book adds for its readers that are not routes of the specification: `noindex`, out of the sitemap. */
export const readerAidPages = ['/offline'];

/** The chapter routes of the specification. */
export const chapterRoutes = Array.from({ length: 10 }, (_, i) => `/index/Chapter${i + 1}`);

/** Every route the specification names, with the main heading a reader should see there. */
export const specRoutes: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /^Public health in mega-cities; the environmental dimension\.$/ },
  { path: '/members', heading: /^Members$/ },
  { path: '/index', heading: /^Index$/ },
  { path: '/Introduction', heading: /^Introduction$/ },
  { path: '/index/Chapter1', heading: /^Introduction$/ },
  { path: '/index/Chapter2', heading: /^Public health in mega-slums$/ },
  { path: '/index/Chapter3', heading: /^Water, sanitation and public health in rapidly growing cities$/ },
  { path: '/index/Chapter4', heading: /^Food systems and obesity in rapidly growing cities: a syndemic approach$/ },
  { path: '/index/Chapter5', heading: /^Beyond the built environment; the neighbourhood effect\. A ‘case’ study$/ },
  { path: '/index/Chapter6', heading: /^Climate crisis and public health$/ },
  { path: '/index/Chapter7', heading: /^Heat waves in rapidly growing cities: Public health emergencies$/ },
  { path: '/index/Chapter8', heading: /^Air quality and public health in rapidly growing cities$/ },
  { path: '/index/Chapter9', heading: /^Mental health in megacities\. Substance abuse$/ },
  { path: '/index/Chapter10', heading: /^Urban violence: The war on drugs$/ },
  { path: '/index/Chapter3/BlockA', heading: /^Block A/ },
  { path: '/index/Chapter3/BlockB', heading: /^Block B/ },
  { path: '/index/Chapter3/BlockC', heading: /^Block C/ },
];

/**
 * One page of each layout: chapters 2 to 10 and blocks B and C are Markdown in Chapter 1's and Block A's layout,
 * and Chapter 1 holds every component a chapter can use. A sweep that repeats at another width or in another theme
 * (where only the layout or the colours differ) checks these.
 */
export const layoutPages = [
  '/',
  '/index',
  '/members',
  '/Introduction',
  '/index/Chapter1',
  '/index/Chapter3/BlockA',
  '/offline',
  '/slides/introduction',
];
