import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import type { Plugin } from 'vite';
import type { Log, RenderedPage, RenderRequest, RenderThreadData, StaticImages } from './render-thread.ts';
import { leastBusy, RequestThread } from './request-thread.ts';

/** Astro's logger, as its build passes it on (label first). */
type BuildLogger = Record<Log['level'], (label: string | null, message: string) => void>;

/** Astro's own renderer once set up: its app, which the build gives what the bundle lacks (not in Astro's public types). */
interface BuildApp {
  getOptions(): {
    allPages: Record<string, { key: string; styles: unknown[] }>;
    settings: { scripts: { stage: string }[]; config: { root: URL; base: string; build: unknown; image: { service: { entrypoint: string } } } };
    logger: BuildLogger;
  };
}

// A render thread takes the next page while it has fewer than this many more waiting than the build's own
// thread, which also writes every page to disk (measured on 1,000 chapters: 2 and 4 beat 0; 4 with 8 pages at once).
const threadLead = 4;
// Starting a thread costs about half a second (it loads the whole bundle): it pays off from about this many pages.
const minPagesForThreads = 100;

/**
 * Rendering on every core. Astro renders the pages on one thread, so on a two-core machine one core idles
 * through the longest step of a big book's build. This wraps Astro's renderer: for a book of 100 pages or more, a
 * thread per extra core (BOOK_RENDER_THREADS sets the number for any book; 0 turns them off) loads the prerender bundle Astro built and
 * renders its share of the pages, which Astro writes as its own; the pictures those pages ask for join
 * Astro's list (collectStaticImages, the renderer hook made for renderers outside Astro's thread).
 * `onPageRendered` is told of every page (search reads them as they come), `onAllRendered` when all are written.
 * Where Astro's build is not as this expects (a page script, a future Astro), every page renders on Astro's thread.
 */
export function renderThreads({ onPageRendered = () => {}, onAllRendered = () => {} } = {}): AstroIntegration {
  let entry: string | undefined;
  // Where the build wrote the prerender bundle's entry, which each thread loads.
  const prerenderEntry: Plugin = {
    name: 'book:prerender-entry',
    applyToEnvironment: (environment) => environment.name === 'prerender',
    writeBundle(options, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.fileName.startsWith('prerender-entry'));
      if (chunk && options.dir) entry = pathToFileURL(join(options.dir, chunk.fileName)).href;
    },
  };
  const chosen = process.env['BOOK_RENDER_THREADS'];
  const threads = chosen === undefined ? { count: availableParallelism() - 1, minPages: minPagesForThreads } : { count: Number(chosen), minPages: 0 };
  return {
    name: 'book:render-threads',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [prerenderEntry] } });
      },
      'astro:build:start': ({ setPrerenderer }) => {
        setPrerenderer((astro) => {
          const renderer = entry && threads.count > 0 ? onEveryCore(astro, entry, threads) : astro;
          let failed = false;
          return {
            ...renderer,
            render: async (request, options) => {
              const page = await renderer.render(request, options).catch((error: unknown) => {
                failed = true;
                throw error;
              });
              onPageRendered();
              return page;
            },
            teardown: async () => {
              await renderer.teardown?.();
              // (Also called when a page failed and the build stops.)
              if (!failed) onAllRendered();
            },
          };
        });
      },
    },
  };
}

function onEveryCore(astro: AstroPrerenderer, entry: string, { count, minPages }: { count: number; minPages: number }): AstroPrerenderer {
  let threads: RenderThread[] = [];
  let start: (() => Promise<void>) | undefined;
  let here = 0;
  let sent = 0;
  let total = 0;
  let logger: BuildLogger | undefined;
  let imageService: (() => unknown) | undefined;
  return {
    ...astro,
    name: 'book:render-threads',
    setup: async () => {
      await astro.setup?.();
      const app = (astro as { app?: BuildApp }).app;
      const options = app?.getOptions();
      // A page script (stage "page") would need Astro's map of built scripts, which a thread does not get.
      if (!options || options.settings.scripts.some((script) => script.stage === 'page')) return;
      const { root, base, build, image } = options.settings.config;
      logger = options.logger;
      // Required, not imported: this module was loaded by Vite's config loader, closed by now.
      imageService = () => (createRequire(new URL('package.json', root))(image.service.entrypoint) as { default: unknown }).default;
      // As plain data, as a thread can receive it (URLs become strings; Astro's picture recorder reads none).
      const data = JSON.parse(
        JSON.stringify({ entry, styles: Object.values(options.allPages).map((page) => [page.key, page.styles]), scripts: options.settings.scripts, config: { base, build, image } }),
      ) as Omit<RenderThreadData, 'registries'>;
      start = async () => {
        const started = await Promise.allSettled(Array.from({ length: count }, () => startThread({ ...data, registries: bookRegistries() }, options.logger)));
        const failed = started.find((thread) => thread.status === 'rejected');
        threads = started.flatMap((thread) => (thread.status === 'fulfilled' ? [thread.value] : []));
        if (failed) {
          // The build goes on as Astro's own, slower: a thread that cannot load the bundle is a reason to look, not to stop.
          options.logger.warn('book:render-threads', `pages render on one thread: ${String(failed.reason)}`);
          await Promise.all(threads.map((thread) => thread.stop()));
          threads = [];
        }
      };
    },
    getStaticPaths: async () => {
      const paths = await astro.getStaticPaths();
      if (paths.length >= minPages) await start?.();
      return paths;
    },
    render: async (request, options) => {
      total++;
      const thread = leastBusy(threads, here + threadLead);
      if (thread) {
        sent++;
        const { route, component } = options.routeData;
        const { body, status, statusText, headers } = (await thread.request({ url: request.url, route: { route, component } })) as RenderedPage;
        return new Response(body, { status, statusText, headers });
      }
      here++;
      try {
        return await astro.render(request, options);
      } finally {
        here--;
      }
    },
    collectStaticImages: async () => {
      // Astro makes the pictures with the image service its renderer loaded on the first page with a picture: if it rendered none, load it.
      const assets = ((globalThis as { astroAsset?: { imageService?: unknown } }).astroAsset ??= {});
      if (threads.length > 0) assets.imageService ??= imageService?.();
      const images: StaticImages = (await astro.collectStaticImages?.()) ?? new Map();
      for (const list of (await Promise.all(threads.map((thread) => thread.request({ images: true })))) as StaticImages[]) {
        for (const [path, picture] of list) {
          const known = images.get(path);
          if (known) for (const [hash, transform] of picture.transforms) known.transforms.set(hash, transform);
          else images.set(path, picture);
        }
      }
      return images;
    },
    teardown: async () => {
      if (threads.length > 0) logger?.info('book:render-threads', `${sent} of ${total} pages rendered by ${threads.length} more thread(s)`);
      await Promise.all(threads.map((thread) => thread.stop()));
      threads = [];
      await astro.teardown?.();
    },
  };
}

/** What the book's integrations recorded for the pages to read: globals under a registered symbol `book.*` (src/lib/lazy-chunks.ts). */
function bookRegistries(): [string, unknown][] {
  const global = globalThis as unknown as Record<symbol, unknown>;
  return Object.getOwnPropertySymbols(global).flatMap((symbol) => {
    const key = Symbol.keyFor(symbol);
    return key?.startsWith('book.') ? [[key, global[symbol]] as [string, unknown]] : [];
  });
}

/** A render thread (render-thread.ts): it answers with pages and pictures, and its log lines go to Astro's logger. */
type RenderThread = RequestThread<RenderRequest, RenderedPage | StaticImages>;

const startThread = (data: RenderThreadData, logger: BuildLogger): Promise<RenderThread> =>
  RequestThread.start(new URL('./render-thread.ts', import.meta.url), data, (message) => {
    const { log } = message as { log: Log };
    logger[log.level](log.label, log.message);
  });
