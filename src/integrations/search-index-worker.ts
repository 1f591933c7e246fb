/**
 * The search index, built in a thread of its own (see search-index.ts) while Astro renders the pages:
 * - { scan: true }: Pagefind reads the pages written whole since the last scan (the build's other core
 *   is otherwise idle while Astro renders);
 * - { done: true }: every page is written; Pagefind reads the rest and the thread posts { read: true }
 *   (from then on the pages may change), writes the index, then posts { report } or { error }.
 */
import { readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join, sep } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { close, createIndex, type PagefindIndex } from 'pagefind';
import { writtenWhole } from '../lib/built-site.ts';
import { bundleDir, literalGlob } from '../lib/search.ts';

export type IndexerMessage = { scan: true } | { done: true };
export type IndexerReply = { read: true } | { report: string } | { error: string };

// Pagefind also writes its own interfaces, a web worker (search-ui.ts sets noWorker) and a wasm for
// pages without a language: the book uses none of them, so they are not deployed.
const unused = [
  'pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js',
  'pagefind-component-ui.css', 'pagefind-highlight.js', 'pagefind-worker.js', 'wasm.unknown.pagefind',
];

class Indexer {
  private readonly site: string;
  private readonly index: PagefindIndex;
  private readonly added = new Set<string>();
  private readonly problems: string[];
  private pageCount = 0;

  constructor(site: string, index: PagefindIndex, problems: string[]) {
    this.site = site;
    this.index = index;
    this.problems = problems;
  }

  /** Hands Pagefind the pages not read yet: those written whole, or with `all`, every one. */
  async read(all: boolean): Promise<void> {
    const pages = readdirSync(this.site, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.html') && !this.added.has(file))
      .filter((file) => all || writtenWhole(join(this.site, file)))
      .sort();
    for (const page of pages) this.added.add(page);
    const globs = pages.map((page) => ({ page, glob: literalGlob(page.split(sep).join('/')) }));
    for (const { page } of globs.filter(({ glob }) => glob === undefined)) this.problems.push(`${page}: rename it without the backslash (\\), which search cannot read`);
    const readable = globs.flatMap(({ glob }) => glob ?? []);
    if (readable.length === 0) return;
    const added = await this.index.addDirectory({ path: this.site, glob: `{${readable.join(',')}}` });
    this.pageCount += added.page_count;
    this.problems.push(...added.errors);
  }

  async write(): Promise<string> {
    const output = join(this.site, bundleDir);
    const written = await this.index.writeFiles({ outputPath: output });
    await close();
    this.problems.push(...written.errors);
    if (this.problems.length > 0) throw new Error(`Pagefind could not index the book: ${this.problems.join('; ')}`);
    await Promise.all(unused.map((file) => rm(join(output, file), { force: true })));
    const entry = JSON.parse(await readFile(join(output, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    return `Indexed ${entry.languages['en']?.page_count ?? 0} of ${this.pageCount} pages for search in ${bundleDir}/`;
  }
}

const post = (reply: IndexerReply) => parentPort?.postMessage(reply);
const failed = (error: unknown) => post({ error: String(error instanceof Error ? error.message : error) });

const { site } = workerData as { site: string };
// Pagefind runs at a low priority, which its process inherits from this thread (on Linux a thread's own):
// while Astro renders, it takes what that leaves of the cores, and after, all of them.
try {
  setPriority(10);
} catch {
  // A system that refuses leaves it at the normal priority.
}
const { index, errors } = await createIndex({ forceLanguage: 'en' });
if (!index) {
  failed(`Pagefind could not start: ${errors.join('; ')}`);
  parentPort?.close();
} else {
  const indexer = new Indexer(site, index, [...errors]);
  // One message at a time, in order; a scan asked for while another waits adds nothing.
  let queue = Promise.resolve();
  let scanWaiting = false;
  parentPort?.on('message', (message: IndexerMessage) => {
    if ('scan' in message && scanWaiting) return;
    scanWaiting ||= 'scan' in message;
    queue = queue
      .then(async () => {
        if ('scan' in message) {
          scanWaiting = false;
          return indexer.read(false);
        }
        await indexer.read(true);
        post({ read: true });
        post({ report: await indexer.write() });
        parentPort?.close();
      })
      .catch(async (error: unknown) => {
        failed(error);
        await close();
        parentPort?.close();
      });
  });
}
