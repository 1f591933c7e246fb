import { existsSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AstroIntegrationLogger } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import { type CheckOptions, type CheckResult, reportOf } from './author-check.ts';
import { type Finding, formatFinding, isWarning, type Kind, sortFindings } from './findings.ts';
import { afterSaving } from '../../src/lib/save-settled.ts';
import { chaptersFolder } from '../../src/lib/chapter-files.ts';

/** Mistakes that keep a page from being shown as written: the preview's overlay shows them, the rest the terminal. */
const stopsThePage = new Set<Kind>(['frontmatter', 'profile', 'fileName', 'mdx', 'characters', 'component', 'missingPicture', 'citation']);

/**
 * `npm run dev`: the author check again after each saved change to the chapters, references.bib or book/. A mistake that
 * keeps a page from showing is put on the preview's overlay in the check's words, and on every page opened while it
 * lasts; the whole report goes to the terminal. Once the last such mistake is undone, the open pages reload by themselves.
 */
export function checkWhileEditing(server: ViteDevServer, project: string, logger: AstroIntegrationLogger): void {
  const dir = chaptersFolder();
  const watched = [resolve(dir), resolve(project, 'book')].map((folder) => folder + sep);
  const hot = server.environments.client.hot;
  let shown: OverlayError | undefined;
  let lastReport = '';
  let running: Promise<void> | undefined;
  let again = false;

  // The check runs in a thread of its own: on a long book it takes seconds the preview must not wait for.
  const worker = new Worker(new URL('./check-worker.ts', import.meta.url));
  worker.unref();
  server.httpServer?.on('close', () => void worker.terminate());
  const checkBook = (options: CheckOptions) =>
    new Promise<CheckResult>((resolve, reject) => {
      worker.once('message', (answer: { result: CheckResult } | { error: string }) =>
        'result' in answer ? resolve(answer.result) : reject(new Error(answer.error)),
      );
      worker.postMessage(options);
    });

  // Saved changes seen, and how many of them the last finished check had read: pages wait until the two agree.
  let saves = 1;
  let checked = 0;
  const waiting: (() => void)[] = [];
  const checkedAll = () =>
    checked === saves ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve) && setTimeout(resolve, checkWaitMs));

  const check = async () => {
    const reading = saves;
    await checkOnce().finally(() => {
      checked = reading;
      if (checked === saves) for (const resolve of waiting.splice(0)) resolve();
    });
  };

  // Files saved since the last check: one left empty may be a save caught between its two writes.
  const changed = new Set<string>();
  const emptied = () => [...changed].some((path) => existsSync(path) && statSync(path).size === 0);

  const checkOnce = async () => {
    // An editor that empties a file and then writes it may be read in between (on a busy machine the second write
    // comes late): an empty file is given half a second to be written before it counts as a mistake.
    for (let waited = 0; waited < 5 && emptied(); waited++) await sleep(100);
    changed.clear();
    const result = await checkBook({ dir, project, external: false });
    const { lines, failed } = reportOf({ ...result, notes: [] });
    const report = lines.join('\n');
    if (report !== lastReport) {
      if (failed) logger.warn(`${report}\n(The built book needs these fixed: npm run build refuses it until then.)`);
      else if (lastReport) logger.info(lines.at(-1) ?? '');
      lastReport = report;
    }
    const err = overlayError(result.findings);
    if (err) {
      shown = err;
      sendOverlay(err);
    } else if (shown) {
      shown = undefined;
      hot.send({ type: 'full-reload' });
      // A mistake's page that was loading as this went out asks again when it connects (checkClient below).
      hot.send('book:check', { mistake: false });
    }
  };

  const sendOverlay = (err: OverlayError) => hot.send({ type: 'error', err });

  // One check at a time; changes saved while it runs are checked once more after it.
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = check()
      .catch((error: unknown) => logger.error(`The author check could not run: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };

  const checkSaved = afterSaving(schedule);
  server.watcher.on('all', (_event, path) => {
    if (!watched.some((folder) => path.startsWith(folder))) return;
    changed.add(path);
    saves += 1;
    checkSaved();
  });
  // While a mistake lasts, a page asked for is the overlay alone, in the check's words: its own render would fail in
  // other words, or show the page as it is not written. The dev client on it asks for the overlay as it connects.
  // A page asked for after a save waits for the check of it (a few hundred milliseconds, most often over before the
  // page's reload asks), so that a mistake just saved is never rendered in the parser's words first.
  // Every address the book renders waits, not only pages: an unknown address renders the 404 page, and a file such as
  // robots.txt reads the book too. Vite's own modules and the public folder's files do not.
  server.middlewares.use((request, response, next) => {
    const path = (request.url ?? '/').split(/[?#]/)[0]!;
    const ownFile = /^\/(@|_|node_modules\/|src\/)/.test(path) || (extname(path) !== '' && existsSync(join(server.config.publicDir, path)));
    if (request.method !== 'GET' || ownFile) return next();
    void checkedAll().then(() => {
      if (!shown) return next();
      response.statusCode = 500;
      if (!request.headers.accept?.includes('text/html')) {
        response.setHeader('Content-Type', 'text/plain; charset=utf-8');
        return response.end(`A mistake in the book:\n${shown.message}\n`);
      }
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><html lang="en" data-book-mistake><title>A mistake in the book</title><script type="module" src="/@id/__x00__${checkClientId}"></script></html>`,
      );
    });
  });
  hot.on('vite:client:connect', () => {
    if (shown) sendOverlay(shown);
  });
  // A page asks after each overlay: the check's, which may be older than the fix, or another one (the preview's modules
  // reloaded with the mistake, in the parser's words), which the check's words replace while the mistake lasts.
  hot.on('book:check', (_data, client) => {
    if (shown) sendOverlay(shown);
    else client.send('book:check', { mistake: false });
  });
  schedule();
}

/** What the preview's overlay shows: Vite's error, with the title and hint Astro's overlay also reads. */
interface OverlayError {
  title: string;
  message: string;
  hint: string;
  stack: string;
  loc?: { file: string; line: number; column: number };
}

/** The overlay for the check's findings: the first mistake that keeps a page from showing, or none. */
export function overlayError(findings: Finding[]): OverlayError | undefined {
  const [first] = sortFindings(findings.filter((finding) => !isWarning(finding) && stopsThePage.has(finding.kind)));
  if (!first) return undefined;
  // Astro's overlay shows the lines around `loc`, coloured as the file's kind: an MDX file's only (it has no colours
  // for BibTeX, and would show that error instead).
  const loc = first.file.endsWith('.mdx') ? { loc: { file: resolve(first.file), line: first.line, column: first.column } } : {};
  return {
    title: overlayTitle,
    message: formatFinding(first),
    hint: 'npm run check lists every mistake; the terminal shows them too.',
    stack: '',
    ...loc,
  };
}

export const checkClientId = 'virtual:book/check-client';
/** The longest a page waits for the check: on a very long book, the page is shown rather than held. */
const checkWaitMs = 3_000;
const overlayTitle = 'A mistake in the book.';

/**
 * The dev client's part of the check, on every page of the preview. The page shown while a mistake lasts asks whether it
 * is still there once connected, and reloads when it is not, so that a page loading as the fix was announced catches up.
 * Any page asks when an overlay arrives: the check's may be older than the fix (Vite hands a page that connects the last
 * error it could not deliver), and is closed if the mistake is gone; another may be the parser's words for the
 * mistake, which the check's replace.
 */
export function checkClient(): Plugin {
  return {
    name: 'book:check-client',
    apply: 'serve',
    resolveId: (id) => (id === checkClientId ? `\0${checkClientId}` : undefined),
    load: (id) =>
      id === `\0${checkClientId}`
        ? `if (import.meta.hot) {
  const hot = import.meta.hot;
  const mistakePage = document.documentElement.hasAttribute('data-book-mistake');
  let ours = false;
  hot.on('book:check', ({ mistake }) => {
    if (mistake) return;
    if (mistakePage) location.reload();
    else if (ours) document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.close());
  });
  hot.on('vite:error', ({ err }) => {
    const again = ours && err.title === ${JSON.stringify(overlayTitle)};
    ours = err.title === ${JSON.stringify(overlayTitle)};
    if (!again) hot.send('book:check');
  });
  if (mistakePage) hot.send('book:check');
}`
        : undefined,
  };
}
