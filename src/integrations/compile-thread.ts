/**
 * An MDX compiler in a thread of its own (see compile-threads.ts): it builds the book's processor as
 * astro.config.mjs does and compiles the chapters it is sent. Messages:
 * - in: { id, content, filePath, frontmatter } a chapter's MDX (frontmatter already read);
 * - out: { ready: true } once loaded; { id, compiled } or { id, error } for each chapter.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AstroConfig } from 'astro';
import { bookMarkdown } from './book-markdown.ts';
import { type ThreadError, threadError } from './thread-error.ts';

type CreateMdxRenderer = NonNullable<AstroConfig['markdown']['processor']['createMdxRenderer']>;
type MdxRenderer = Awaited<ReturnType<CreateMdxRenderer>>;
/** A chapter compiled: its JavaScript and what Astro learns of it (components, scripts, head). */
export type Compiled = Awaited<ReturnType<MdxRenderer['process']>>;
type Shared = Parameters<CreateMdxRenderer>[0];
type MdxOptions = Parameters<CreateMdxRenderer>[1];
export interface CompileThreadData {
  shared: Shared;
  /** The MDX options, the source folder as text (a URL cannot cross threads). */
  mdx: Omit<MdxOptions, 'srcDir'> & { srcDir: string | undefined };
}
export interface CompileRequest {
  id: number;
  content: string;
  filePath: string;
  frontmatter: Record<string, unknown>;
}
export type CompileReply = { ready: true } | { id: number; compiled: Compiled } | { id: number; error: ThreadError };

const data = workerData as CompileThreadData;
const post = (reply: CompileReply) => parentPort?.postMessage(reply);
const { srcDir, ...mdx } = data.mdx;
const processor = bookMarkdown();
const create: CreateMdxRenderer | undefined = processor.createMdxRenderer?.bind(processor);
if (!create) throw new Error('The book\'s Markdown processor compiles no MDX');
const renderer = await create(data.shared, srcDir === undefined ? mdx : { ...mdx, srcDir: new URL(srcDir) });

parentPort?.on('message', ({ id, content, filePath, frontmatter }: CompileRequest) => {
  renderer.process(content, filePath, frontmatter).then(
    (compiled) => post({ id, compiled }),
    (error: unknown) => post({ id, error: threadError(error) }),
  );
});
post({ ready: true });
