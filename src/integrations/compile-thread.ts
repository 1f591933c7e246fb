/**
 * An MDX compiler in a thread of its own (see compile-threads.ts): it builds the book's processor as
 * astro.config.mjs does and compiles the chapters it is sent (request-thread.ts), each a chapter's MDX with
 * its frontmatter already read.
 */
import { workerData } from 'node:worker_threads';
import type { AstroConfig } from 'astro';
import { bookMarkdown } from './book-markdown.ts';
import { answerRequests } from './request-thread.ts';

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
  content: string;
  filePath: string;
  frontmatter: Record<string, unknown>;
}
const data = workerData as CompileThreadData;
const { srcDir, ...mdx } = data.mdx;
const processor = bookMarkdown();
const create: CreateMdxRenderer | undefined = processor.createMdxRenderer?.bind(processor);
if (!create) throw new Error('The book\'s Markdown processor compiles no MDX');
const renderer = await create(data.shared, srcDir === undefined ? mdx : { ...mdx, srcDir: new URL(srcDir) });

answerRequests(({ content, filePath, frontmatter }: CompileRequest) => renderer.process(content, filePath, frontmatter));
