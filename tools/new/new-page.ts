/**
 * `npm run new:chapter` and `npm run new:subpage`: a new chapter or sub-page from the templates, ready to build.
 * Usage: node tools/new/new-page.ts chapter [--number 11] --title "Noise and health" [--published]
 *        node tools/new/new-page.ts subpage --chapter 3 [--name BlockD] --title "Block D: …" [--published]
 * A new page starts as a draft (draft: true) unless --published is given.
 * In a terminal a value left out is asked for (Enter takes the default shown); elsewhere the command
 * stops with its usage. The book is read from BOOK_CHAPTERS_DIR, or chapters/.
 */
import { stdin, stdout } from 'node:process';
import { createInterface, type Interface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import {
  newChapter,
  newSubpage,
  nextChapterNumber,
  nextSubpage,
  parseWholeNumber,
  readBookFiles,
  ScaffoldError,
  writeNewPage,
} from './new-page-plan.ts';
import { href } from '../../src/lib/routes.ts';
import { chaptersFolder } from '../../src/lib/chapter-files.ts';

const usage = {
  chapter: 'npm run new:chapter -- [--number 11] --title "Noise and health" [--published]',
  subpage: 'npm run new:subpage -- --chapter 3 [--name BlockD] --title "Block D: Drainage and flooding" [--published]',
};
type Kind = keyof typeof usage;

/** A flag left out where no one can be asked: the usage is shown with the message. */
class UsageError extends ScaffoldError {}

const dir = chaptersFolder();
const devServer = 'http://localhost:4321';

let prompt: Interface | undefined;

/** The flag's value; else, in a terminal, the author's answer; else the default; else a usage error. */
async function value(given: string | undefined, flag: string, question: string, fallback?: string | number): Promise<string> {
  if (given !== undefined) return given;
  if (stdin.isTTY) {
    prompt ??= createInterface({ input: stdin, output: stdout });
    const answer = (await prompt.question(fallback === undefined ? `${question}: ` : `${question} [${fallback}]: `)).trim();
    return answer || (fallback === undefined ? '' : String(fallback));
  }
  if (fallback !== undefined) return String(fallback);
  throw new UsageError(`--${flag} is missing.`);
}

const options = {
  title: { type: 'string' },
  published: { type: 'boolean' },
  number: { type: 'string' },
  chapter: { type: 'string' },
  name: { type: 'string' },
} as const;
const flagsOf: Record<Kind, string[]> = { chapter: ['title', 'published', 'number'], subpage: ['title', 'published', 'chapter', 'name'] };
const parse = (args: string[]) => parseArgs({ args, options }).values;
type Flags = ReturnType<typeof parse>;

async function main(kind: Kind, flags: Flags) {
  const stray = Object.keys(flags).find((flag) => !flagsOf[kind].includes(flag));
  if (stray) throw new UsageError(`new:${kind} has no --${stray}.`);
  const book = readBookFiles(dir);
  // A new page holds the template's instructions: it starts as a draft, which the built book leaves out.
  const draft = flags.published !== true;
  let page;
  let inDraftChapter = false;
  if (kind === 'chapter') {
    const next = nextChapterNumber(book);
    const number = parseWholeNumber('number', await value(flags.number, 'number', 'Chapter number', next), next);
    const title = await value(flags.title, 'title', 'Chapter title');
    page = newChapter(book, { number, title, draft });
  } else {
    const chapter = parseWholeNumber('chapter', await value(flags.chapter, 'chapter', 'Number of the chapter it belongs to'), 3);
    const name = await value(flags.name, 'name', 'Page name, which ends its address', nextSubpage(book, chapter).name);
    const title = await value(flags.title, 'title', 'Page title');
    page = newSubpage(book, { chapter, name, title, draft });
    inDraftChapter = book.chapters.some((c) => c.number === chapter && c.draft);
  }
  for (const file of writeNewPage(page)) console.log(`Created ${file}`);
  if (kind === 'chapter')
    console.log("The picture is a placeholder: replace it with the chapter's own, and describe that picture in the image's alt.");
  const address = href(page.route, process.env.BASE_PATH ?? '/');
  console.log(`Its address is ${address}: run npm run dev and open ${devServer}${address}`);
  console.log(
    draft
      ? "It is a draft: npm run dev shows it, the built book leaves it out. When your text has replaced the template's, remove the line draft: true."
      : inDraftChapter
        ? 'Its chapter is a draft: npm run dev shows it, the built book leaves it out with its chapter.'
        : "The next build publishes it with the others, and npm run check fails until your text has replaced the template's (in italics).",
  );
}

const kind = process.argv[2];
if (kind !== 'chapter' && kind !== 'subpage') {
  console.error(`Say what to create, chapter or subpage:\n  ${usage.chapter}\n  ${usage.subpage}`);
  process.exit(1);
}
try {
  await main(kind, parse(process.argv.slice(3)));
} catch (error) {
  // parseArgs reports an unknown or valueless flag with a code; those need the usage too.
  const misused = error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
  // Ctrl+C or Ctrl+D at a question: the author changed their mind, and nothing was written.
  if (
    error instanceof Error &&
    (error.name === 'AbortError' || ('code' in error && (error.code === 'ABORT_ERR' || error.code === 'ERR_USE_AFTER_CLOSE')))
  ) {
    console.error('\nStopped: nothing was written.');
    process.exit(130);
  }
  if (!(error instanceof ScaffoldError) && !misused) throw error;
  console.error(error.message);
  if (misused) console.error(`Usage: ${usage[kind]}`);
  process.exitCode = 1;
} finally {
  prompt?.close();
}
