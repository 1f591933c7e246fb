import { availableParallelism } from 'node:os';
import type { AstroConfig, AstroIntegration } from 'astro';
import type { Compiled, CompileRequest, CompileThreadData } from './compile-thread.ts';
import { leastBusy, RequestThread } from './request-thread.ts';

/**
 * Compiling the chapters on every core. @astrojs/mdx compiles each chapter on the build's own thread, which
 * is the busiest in a big book's bundling while the other cores mostly wait. In a build, this wraps the MDX
 * renderer of `processor` (made by book-markdown.ts): a thread per extra core (BOOK_COMPILE_THREADS sets the
 * number; 0 turns them off) builds the same processor and compiles the chapters it is sent. Until the threads
 * are loaded, chapters compile on the build's thread, so a small book never waits for them (with
 * BOOK_COMPILE_THREADS set, every chapter does). A chapter's mistake comes back as thrown here, with its
 * line, column and title, and @astrojs/mdx reports it with the file as before.
 */
export function compileThreads(processor: { options: object }): AstroIntegration {
  const chosen = process.env['BOOK_COMPILE_THREADS'];
  const count = chosen === undefined ? availableParallelism() - 1 : Number(chosen);
  // The current bundling's renderer: one, as @astrojs/mdx may ask again before its first request is answered.
  let current: { pool: Promise<ChapterPool | undefined>; renderer: ReturnType<CreateMdxRenderer> } | undefined;
  let log: ((message: string) => void) | undefined;
  const close = async () => {
    const pool = await current?.pool;
    current = undefined;
    const { sent, total, threads } = (await pool?.close()) ?? { sent: 0, total: 0, threads: 0 };
    if (threads > 0) log?.(`${sent} of ${total} chapters compiled by ${threads} more thread(s)`);
  };
  return {
    name: 'book:compile-threads',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, logger }) => {
        if (command !== 'build' || count < 1) return;
        log = (message) => logger.info(message);
        // @astrojs/mdx drops its renderer when a bundling ends; so do the threads (a next bundling starts its own).
        updateConfig({ vite: { plugins: [{ name: 'book:compile-threads', buildEnd: close }] } });
      },
      'astro:config:done': ({ config, logger }) => {
        // Astro's configuration holds a copy of the processor, with the same options and functions.
        const markdown = config.markdown.processor;
        const own = markdown.createMdxRenderer?.bind(markdown);
        if (!log || !own || markdown.options !== processor.options) return;
        markdown.createMdxRenderer = (...options) => {
          if (current) return current.renderer;
          const [shared, { srcDir, ...mdx }] = options;
          let data: CompileThreadData;
          try {
            data = structuredClone({ shared, mdx: { ...mdx, srcDir: srcDir?.href } });
          } catch (error) {
            logger.warn(`chapters compile on the build's thread: their options cannot reach another (${String(error)})`);
            current = { pool: Promise.resolve(undefined), renderer: own(...options) };
            return current.renderer;
          }
          const warn = (error: unknown) => logger.warn(`a compile thread did not start, its chapters compile on the build's thread: ${String(error)}`);
          const pool = own(...options).then((here) => new ChapterPool(here, count, data, warn));
          const renderer = pool.then(async (ready) => {
            // Asked for (BOOK_COMPILE_THREADS), the threads compile every chapter: wait for them.
            if (chosen !== undefined) await ready.started;
            return { process: (...chapter: Chapter) => ready.compile(chapter) };
          });
          current = { pool, renderer };
          return renderer;
        };
      },
      'astro:build:done': close,
    },
  };
}

type CreateMdxRenderer = NonNullable<AstroConfig['markdown']['processor']['createMdxRenderer']>;
type CompileThread = RequestThread<CompileRequest, Compiled>;
type Chapter = [content: string, filePath: string, frontmatter: Record<string, unknown>];

/**
 * The threads of one bundling, and where each chapter compiles: on the least busy thread; before any is
 * loaded, one at a time on the build's thread, each in a turn of its own, so that a thread's first message
 * (it is loaded) is heard between two chapters, and the chapters still waiting then go to it.
 */
class ChapterPool {
  readonly started: Promise<unknown>;
  private readonly threads: CompileThread[] = [];
  private readonly waiting: { chapter: Chapter; resolve: (compiled: Compiled) => void; reject: (error: unknown) => void }[] = [];
  private readonly here: { process: (...chapter: Chapter) => Promise<Compiled> };
  private sent = 0;
  private total = 0;
  private closed = false;

  constructor(here: ChapterPool['here'], count: number, data: CompileThreadData, warn: (error: unknown) => void) {
    this.here = here;
    const start = () => RequestThread.start<CompileRequest, Compiled>(new URL('./compile-thread.ts', import.meta.url), data);
    this.started = Promise.all(Array.from({ length: count }, () => start().then((thread) => this.add(thread), warn)));
  }

  compile(chapter: Chapter): Promise<Compiled> {
    this.total++;
    const thread = this.leastBusy();
    if (thread) return this.send(thread, chapter);
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ chapter, resolve, reject }) === 1) setImmediate(() => this.next());
    });
  }

  /** Stops the threads (one still loading stops once loaded) and says how many chapters they compiled. */
  async close() {
    this.closed = true;
    await Promise.all(this.threads.map((thread) => thread.stop()));
    return { sent: this.sent, total: this.total, threads: this.threads.length };
  }

  private async add(thread: CompileThread) {
    if (this.closed) {
      await thread.stop();
      return;
    }
    this.threads.push(thread);
    for (const { chapter, resolve, reject } of this.waiting.splice(0)) this.send(this.leastBusy() ?? thread, chapter).then(resolve, reject);
  }

  private next() {
    const first = this.waiting.shift();
    if (!first) return;
    this.here.process(...first.chapter).then(first.resolve, first.reject);
    if (this.waiting.length > 0) setImmediate(() => this.next());
  }

  private send(thread: CompileThread, [content, filePath, frontmatter]: Chapter) {
    this.sent++;
    return thread.request({ content, filePath, frontmatter });
  }

  private leastBusy() {
    // With no thread loaded, or only failed ones, chapters compile here.
    return leastBusy(this.threads);
  }
}
