/**
 * The book to take away, made before the web build that offers it (npm run build:downloads): the editions for paper,
 * e-readers and Kiwix are built (src/editions/, BOOK_EDITIONS=1), then packed into an EPUB, a PDF of each chapter and
 * of the whole book (Chromium and Paged.js), and a ZIM (zim-tools), each name carrying the book's version, with their
 * list (downloads.json). A format whose tool is missing is left out, said so, and not offered on the pages.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { downloadsListFile } from '../../integrations/after-build/staged-downloads.ts';
import { astroBuild } from '../build/astro-build.ts';
import type { Download } from '../../src/lib/downloads.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { readEditionBook } from './edition-files.ts';
import { makeEpub } from './epub.ts';
import { testChromiumPath } from '../common/chromium.ts';
import { printPdfs } from './pdf.ts';
import { libzimPython, makeZim, zimwriterfs } from './zim.ts';

const { name, version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { name: string; version: string };

/** Builds the editions into `folder` (the book's pages as they are printed and packed, not the web's). */
async function buildEditions(folder: string, stopping: Stopping): Promise<void> {
  rmSync(folder, { recursive: true, force: true });
  await astroBuild(folder, { env: { ...process.env, BOOK_EDITIONS: '1' }, ...stopping }).catch((error: unknown) => {
    throw new Error(`The editions to take away could not be built (${error instanceof Error ? error.message : String(error)}).`);
  });
}

/** What stops the making (the build's signal), and what is told each process it starts (the build's lock). */
interface Stopping {
  signal?: AbortSignal | undefined;
  started?: ((pid: number) => void) | undefined;
}

/**
 * Makes every download into `target`, with their list; `base` is the site's base path, `port` a free one to print
 * from. They are made in a fresh folder put in place of `target` only when all is made: a stopped or failed run leaves
 * the last ones whole.
 */
export async function makeDownloads(target: string, { base, port, signal, started }: { base: string; port: string } & Stopping): Promise<Download[]> {
  const edition = join(dirname(target), '.edition');
  await buildEditions(edition, { signal, started });
  signal?.throwIfAborted();
  const book = readEditionBook(edition);
  const folder = `${target}-next`;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  try {
    const made = await makeInto(folder, edition, base, port, book, signal);
    signal?.throwIfAborted();
    rmSync(target, { recursive: true, force: true });
    renameSync(folder, target);
    return made;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function makeInto(
  folder: string,
  edition: string,
  base: string,
  port: string,
  book: ReturnType<typeof readEditionBook>,
  signal: AbortSignal | undefined,
): Promise<Download[]> {
  const made: Download[] = [];
  const write = (file: string, bytes: Uint8Array, kind: Download['kind']) => {
    writeFileSync(join(folder, file), bytes);
    made.push({ file, bytes: bytes.length, kind });
  };

  write(`${name}-${version}.epub`, await makeEpub(edition, base, book), 'epub');

  // A chapter's PDF holds its sub-pages too.
  const chapters = book.pages.filter((page) => page.chapter).map((page) => Number(page.route.replace(/\D/g, '')));
  const chapterPdf = (chapter: number) => `${name}-${version}-chapter-${String(chapter).padStart(2, '0')}.pdf`;
  const bookPdf = `${name}-${version}.pdf`;
  try {
    const jobs = [
      ...chapters.map((chapter) => ({ file: chapterPdf(chapter), route: `/edition/print/${chapter}` })),
      { file: bookPdf, route: '/edition/print' },
    ];
    const facts = {
      authors: book.authors,
      subject: book.description,
      language: book.language,
      rights: book.rights,
      licenceUrl: book.licence.url,
      date: new Date(book.date),
    };
    const pdfs = await printPdfs(edition, base, jobs, folder, port, facts);
    for (const chapter of chapters) made.push({ file: chapterPdf(chapter), bytes: pdfs.get(chapterPdf(chapter))!, kind: { chapter } });
    made.push({ file: bookPdf, bytes: pdfs.get(bookPdf)!, kind: 'book-pdf' });
  } catch (error) {
    // Stopped while printing: the PDFs were not refused by Chromium, the run was stopped.
    signal?.throwIfAborted();
    // A missing Chromium is the reader's machine's matter; anything else is a fault in the print pages, named as it is.
    const why = testChromiumPath() ? 'printing them failed:' : 'no Chromium to print them (Debian: apt-get install chromium).';
    console.log(`No PDFs: ${why} ${(error as Error).message.split('\n')[0]}`);
  }
  signal?.throwIfAborted();

  // A ZIM is made with its licence, or not at all.
  const zimMissing = [zimwriterfs, libzimPython].filter((tool) => !tool.path);
  if (zimMissing.length === 0) {
    const file = `${name}-${version}.zim`;
    made.push({ file, bytes: await makeZim({ folder: edition, base, book, name, target: join(folder, file) }), kind: 'zim' });
  } else console.log(`No ZIM: ${zimMissing.map((tool) => tool.missing).join('; ')}.`);

  writeFileSync(join(folder, downloadsListFile), JSON.stringify(made, null, 2));
  for (const { file, bytes } of made) console.log(`downloads/${file}`.padEnd(60), formatSize(bytes));
  return made;
}
