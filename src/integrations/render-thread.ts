/**
 * A second renderer, in a thread of its own (see render-threads.ts): it loads the build's prerender bundle,
 * as Astro's own renderer does, and answers requests (request-thread.ts): { url, route } with the page
 * rendered; { images: true } with the pictures its pages asked for, for Astro to generate with the rest.
 * It also posts { log } for Astro's warnings.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { AstroPrerenderer } from 'astro';
import { answerRequests } from './request-thread.ts';

export interface RenderThreadData {
  /** The prerender bundle's entry (a file URL). */
  entry: string;
  /** What Astro's build knows and the bundle does not: each page's stylesheets, the scripts of every page. */
  styles: [string, unknown][];
  scripts: unknown[];
  /** The configuration Astro's picture recorder reads. */
  config: { base: string; build: unknown; image: unknown };
  /** What the book's integrations recorded for the pages (globals under registered symbols, by key). */
  registries: [string, unknown][];
}
export type RenderRequest = { url: string; route: { route: string; component: string } } | { images: true };
export interface RenderedPage {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}
export interface Log {
  level: 'info' | 'warn' | 'error';
  label: string | null;
  message: string;
}
/** Astro's list of the pictures pages ask for: each source file, and each size and format of it to make. */
export type StaticImages = Awaited<ReturnType<NonNullable<AstroPrerenderer['collectStaticImages']>>>;

type Route = { route: string; component: string };
interface BuildApp {
  manifest: { routes: { routeData: Route }[] };
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  render(request: Request, options: { routeData: unknown }): Promise<Response>;
  logger: unknown;
}

const data = workerData as RenderThreadData;

// Pictures a page asks for are recorded as Astro's build records them, by Astro's own recorder.
const astroDist = join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
const { default: assets } = (await import(pathToFileURL(join(astroDist, 'assets/vite-plugin-assets.js')).href)) as {
  default: (options: unknown) => { config?: (c: unknown, env: { command: string }) => void; buildStart?: () => void }[];
};
const [recorder] = assets({ settings: { config: data.config, adapter: undefined }, fs: undefined, sync: false, logger: undefined });
recorder?.config?.({}, { command: 'build' });
recorder?.buildStart?.();

const { createRequest } = (await import(pathToFileURL(join(astroDist, 'core/request.js')).href)) as {
  createRequest: (options: { url: string; headers: Headers; logger: unknown; isPrerendered: boolean; routePattern: string }) => Request;
};
for (const [key, value] of data.registries) (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(key)] = value;
const { app } = (await import(data.entry)) as { app: BuildApp };
app.setInternals({ pagesByKeys: new Map(data.styles.map(([key, styles]) => [key, { styles }])), entrySpecifierToBundleMap: new Map() });
const destination = {
  write(event: Log) {
    parentPort?.postMessage({ log: { level: event.level, label: event.label, message: event.message } } satisfies { log: Log });
    return true;
  },
};
app.setOptions({ settings: { scripts: data.scripts }, logger: { options: { destination } } });
const routes = new Map(app.manifest.routes.map(({ routeData }) => [`${routeData.route}\0${routeData.component}`, routeData]));

async function render(url: string, route: Route): Promise<RenderedPage> {
  const routeData = routes.get(`${route.route}\0${route.component}`);
  if (!routeData) throw new Error(`The render thread has no route ${route.route} (${route.component})`);
  // As Astro's build asks: no headers, no query (Astro.request.headers warns on a prerendered page).
  const request = createRequest({ url, headers: new Headers(), logger: app.logger, isPrerendered: true, routePattern: route.component });
  const response = await app.render(request, { routeData });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: response.body === null ? null : await response.arrayBuffer(),
  };
}

/** Astro's list of pictures as a thread can send it: a picture imported as a component (an SVG) becomes its data. */
function sendable(images: StaticImages = new Map()): StaticImages {
  const data = <T,>(src: T): T => (typeof src === 'function' ? { ...src } : src);
  return new Map(
    [...images].map(([path, { originalSrcPath, transforms }]) => [
      path,
      {
        originalSrcPath,
        transforms: new Map([...transforms].map(([hash, { finalPath, transform }]) => [hash, { finalPath, transform: { ...transform, src: data(transform.src) } }])),
      },
    ]),
  );
}

answerRequests(
  async (request: RenderRequest): Promise<RenderedPage | StaticImages> =>
    'images' in request ? sendable((globalThis as { astroAsset?: { staticImages?: StaticImages } }).astroAsset?.staticImages) : render(request.url, request.route),
  // A page's bytes move to the build's thread rather than being copied.
  (result) => ('body' in result && result.body ? [result.body] : []),
);
