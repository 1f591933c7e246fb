import type { AstroIntegrationLogger } from 'astro';
import type { BuiltSite } from './built-site.ts';
import { applyEdits, parsePage } from './html.ts';
import { writeInlineToFiles } from './inline-to-files.ts';
import { type FinishedPage, writeOfflineWorker } from './offline-worker.ts';
import { pageRefs } from './page-refs.ts';

/**
 * The steps that finish the built pages (see docs/architecture.md), each page parsed once: the inline scripts and
 * styles moved to files; then the offline lists and sizes, which read each page as that step left it. Pages are written by BuiltSite, once.
 */
export async function finishPages(site: BuiltSite, logger: AstroIntegrationLogger): Promise<void> {
  const pages = new Map(site.htmlFiles().map((path) => [site.fileOf(path)!, parsePage(path, site.text(path) ?? '')]));
  const moved = writeInlineToFiles(site, pages.values());
  const finished = new Map<string, FinishedPage>();
  for (const [file, page] of pages) {
    site.rewrite(page.path, applyEdits(page));
    const refs = pageRefs(page.all);
    const loads = moved.get(page) ?? { scripts: [], stylesheets: [] };
    const now = { ...refs, scripts: [...refs.scripts, ...loads.scripts], stylesheets: [...refs.stylesheets, ...loads.stylesheets] };
    finished.set(file, { all: page.all, refs: now });
  }
  await writeOfflineWorker(
    site,
    (sitePath) => {
      const file = site.fileOf(sitePath);
      return file === undefined ? undefined : finished.get(file);
    },
    logger.fork('book:offline'),
  );
}
