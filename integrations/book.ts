import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import postcssGlobalData from '@csstools/postcss-global-data';
import type { AstroIntegration } from 'astro';
import postcssCustomMedia from 'postcss-custom-media';
import postcssDarkThemeClass from 'postcss-dark-theme-class';
import type { UserConfig } from 'vite';
import { href, isListedPage, paths } from '../src/lib/routes.ts';
import { BuiltSite, normalBase } from './after-build/built-site.ts';
import { writeHostFiles } from './after-build/host-files.ts';
import { finishPages } from './after-build/finish-pages.ts';
import { writeBrotliCopies } from './after-build/precompress.ts';
import { writeSearchIndex } from './after-build/search-index.ts';
import { checkAnalyticsConfig } from './analytics-config.ts';
import { checkClient, checkClientId, checkWhileEditing } from './check/while-editing.ts';
import { citations } from './citation-marks/plugin.ts';
import { typography } from './component-typography.ts';
import { mdxComponentCheck } from './mdx-component-check.ts';
import { mdxPictures } from './mdx-pictures.ts';
import { pictureSizes } from './picture-sizes.ts';
import { scriptOnUse } from './vite/script-on-use.ts';
import { uiStrings } from './vite/ui-strings.ts';
import { copyDownloads, stagedDownloads } from './after-build/staged-downloads.ts';
import { downloadsList } from './vite/downloads-list.ts';
import { clientModules } from './vite/client-modules.ts';
import type { ModuleGraph } from './after-build/module-graph.ts';

type LogHandler = NonNullable<NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onLog']>;

// Astro's own MDX head-injection marker trips a harmless bundler warning on each chapter (docs/architecture.md).
const withoutHeadInjectWarnings: LogHandler = (level, log, handle) => {
  if (log.code !== 'MODULE_LEVEL_DIRECTIVE' || !/\.mdx\b/.test(log.id ?? '')) handle(level, log);
};

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The styles of what chapters and sub-pages are made of (their layout, wayfinding, the book components with their
 * islands, src/components/book/). The home page's preface may use the book components, so it loads this file too.
 */
const chapterStyles =
  /src\/(layouts\/ChapterLayout|components\/(book\/|ChapterPage|CiteChapter|ReadingNavigation|DraftNote|offline\/SaveForOffline|wayfinding\/(Breadcrumb|OnThisPage|ChapterMeta))).*(\.css|type=style)/;

/**
 * The book's build, its parts added in a fixed order: MDX, React islands and the sitemap; the Markdown processor
 * with the component check; the hydration directives; the Vite settings; and after the build the search index
 * (from the pages as Astro rendered them), data-saver sizes, offline reading and the hosts' files.
 */
/** npm run build:downloads builds the editions to take away first (tools/downloads/): paper, e-readers and Kiwix, not the web. */
export const buildsEditions = process.env.BOOK_EDITIONS === '1';

export default function book(): AstroIntegration {
  let base = '/';
  let root = new URL('file:///');
  // Which browser module imports which, recorded as the client build is written.
  const modules: ModuleGraph = {};
  const editions = buildsEditions;
  // npm run build:downloads: the files it made before this build, which the pages offer and the site serves.
  const downloads = editions ? undefined : stagedDownloads();
  return {
    name: 'book',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, addClientDirective, injectRoute, injectScript, logger }) => {
        base = normalBase(config.base);
        if (editions) for (const route of editionRoutes) injectRoute({ ...route, entrypoint: fromHere(route.entrypoint) });
        root = config.root;
        const analytics = checkAnalyticsConfig(command, config.root, logger.fork('book:analytics'));
        if (!config.site && command === 'build') {
          logger.info(
            'No SITE_URL: the pages name no address of their own (canonical links, link previews, the sitemap, citations). Set SITE_URL to the address you publish at.',
          );
        }
        // The preview closes a mistake's overlay that arrives after the mistake is fixed (check/while-editing.ts).
        if (command === 'dev') injectScript('page', `import ${JSON.stringify(checkClientId)};`);
        addClientDirective({ name: 'interaction', entrypoint: fromHere('../src/directives/interaction.ts') });
        updateConfig({
          integrations: [
            // Static Markdown compiles to HTML strings; links stay elements, so bookComponents' `a` (Link) renders them,
            // and in the editions headings too, so a printed sub-page's go a level down (src/editions/print/).
            mdx({ optimize: { ignoreElementNames: editions ? ['a', 'h2', 'h3', 'h4'] : ['a'] } }),
            react(),
            // A sitemap lists absolute addresses: only when the site's is known.
            ...(config.site && !editions ? [bookSitemap(base)] : []),
          ],
          // A wrong prop on a book component stops the build with the file, the line and the fix.
          // …then citations ([@key]) become the <Cite>s and the reference list the page renders in APA style, and the
          // components' words get the Markdown's typography (curly quotes).
          markdown: { processor: satteri({ mdastPlugins: [mdxComponentCheck, citations, typography, pictureSizes] }) },
          // Chapter pictures are SVG files of this repository (trusted): rasterized only where a format is asked for.
          image: { dangerouslyProcessSVG: true },
          vite: {
            // Drafts (draft: true) show in `astro dev` and are left out of a build (src/lib/chapters.ts).
            define: {
              'import.meta.env.BOOK_SHOW_DRAFTS': JSON.stringify(command === 'dev'),
              'import.meta.env.BOOK_EDITIONS': JSON.stringify(editions),
            },
            // A picture missing from a chapter's text: the chapter's line and the fix, not the bundler's words.
            plugins: [
              mdxPictures(),
              scriptOnUse('search-ui', fromHere('../src/components/search/search-ui.ts')),
              scriptOnUse('analytics', fromHere('../src/components/analytics/firebase.ts'), { built: analytics }),
              uiStrings(),
              checkClient(),
              downloadsList(downloads?.list ?? []),
              clientModules(modules),
            ],
            // Scripts in cached files, never inlined into every page: only first-paint and one-page scripts stay inline.
            build: { rolldownOptions: { onLog: withoutHeadInjectWarnings }, assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
            // Every chapter in one server chunk, not a chunk each: a long book bundles and renders faster. A chapter's
            // styles in one file: one compressed stream is smaller than the five they would otherwise make.
            environments: editions
              ? {}
              : {
                  prerender: {
                    build: {
                      rolldownOptions: {
                        output: {
                          codeSplitting: {
                            groups: [
                              { name: 'chapters', test: /\.mdx($|\?)/ },
                              { name: 'chapter-styles', test: chapterStyles },
                            ],
                          },
                        },
                      },
                    },
                  },
                },
            // Radix Dialog's scroll lock, without a run-time <style> (refused by a strict CSP), and lighter.
            resolve: { alias: [{ find: /^react-remove-scroll$/, replacement: fromHere('../src/components/islands/scroll-lock.tsx') }] },
            css: {
              postcss: {
                // One breakpoint table for every stylesheet (src/styles/breakpoints.css); each dark block also
                // answers the reader's own choice, <html data-theme="dark|light">.
                plugins: [
                  postcssGlobalData({ files: [fromHere('../src/styles/breakpoints.css')] }),
                  postcssCustomMedia(),
                  postcssDarkThemeClass({ darkSelector: '[data-theme="dark"]', lightSelector: '[data-theme="light"]' }),
                ],
              },
            },
          },
        });
      },
      // npm run dev: the author check after each saved change, its mistakes on the preview's overlay (check/while-editing.ts).
      'astro:server:setup': ({ server, logger }) => {
        checkWhileEditing(server, fileURLToPath(root), logger.fork('book:check'));
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (editions) return;
        if (downloads) copyDownloads(downloads, fileURLToPath(dir));
        await writeSearchIndex(dir, logger.fork('book:search'));
        // Pages are read once, parsed once, edited in memory by each step, and written once.
        const site = new BuiltSite(fileURLToPath(dir), base, modules);
        await finishPages(site, logger);
        logger.info(`${site.writeChanged()} pages written with their sizes`);
        await writeHostFiles(dir, base, site.routes().map(site.sitePath), logger.fork('book:hosts'));
        await writeBrotliCopies(site.dist, logger.fork('book:compress'));
      },
    },
  };
}

/** The pages the editions to take away are made from (src/editions/): the book to print, and each chapter. */
const editionRoutes = [
  { pattern: '/edition/print', entrypoint: '../src/editions/print/print-book.astro' },
  { pattern: '/edition/print/[chapter]', entrypoint: '../src/editions/print/print-chapter.astro' },
  { pattern: '/edition/[edition]/[file]', entrypoint: '../src/editions/files/file-page.astro' },
  { pattern: '/edition/book.json', entrypoint: '../src/editions/files/book.json.ts' },
];

/** The sitemap: canonical addresses only, written as the pages' canonical links write them (no trailing slash). */
function bookSitemap(base: string): AstroIntegration {
  return sitemap({
    filter: (page) => isListedPage(new URL(page).pathname, base),
    serialize: (item) => {
      const url = new URL(item.url);
      // The home page's address is the base path itself, slash included (/book/, not /book).
      if (url.pathname !== href(paths.home, base)) url.pathname = url.pathname.replace(/\/$/, '');
      return { ...item, url: url.href };
    },
  });
}
