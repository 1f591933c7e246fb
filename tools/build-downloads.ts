/**
 * `npm run build:downloads`, after `npm run build`: the book to take away, written into dist/downloads/ with the
 * book's version in each name: an EPUB, a PDF of each chapter and of the whole book (with Chromium), and a ZIM for
 * Kiwix (with zim-tools). A format whose tool is missing is left out, said so, and not offered on the pages.
 * Usage: node tools/build-downloads.ts [--dir dist] [--base /]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { normalBase } from '../integrations/after-build/built-site.ts';
import { downloadsFolder } from '../integrations/after-build/offline-files.ts';
import { formatSize } from '../src/lib/file-size.ts';
import { readBuiltBook } from './downloads/built-book.ts';
import { makeEpub } from './downloads/epub.ts';
import { printPdfs } from './downloads/pdf.ts';
import { type Download, linkDownloads } from './downloads/page-links.ts';
import { replaceWhole } from './build/whole-folder.ts';
import { hasZimTools, makeZim } from './downloads/zim.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    base: { type: 'string', default: process.env.BASE_PATH ?? '/' },
    port: { type: 'string', default: '4510' },
  },
});

const base = normalBase(values.base);
const { name, version } = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { name: string; version: string };
if (!existsSync(join(values.dir, 'index.html'))) {
  console.error(`There is no built book in ${values.dir}: run npm run build first.`);
  process.exit(1);
}
const existing = join(values.dir, downloadsFolder);
// The pages already link to the files of an earlier run: they would be printed and packed with those links.
if (existsSync(existing)) {
  console.error(`${existing} is there already: run npm run build first, then npm run build:downloads once.`);
  process.exit(1);
}
// SOURCE_DATE_EPOCH (the reproducible-builds convention, in seconds) gives every edition the same date run after run.
const epoch = Number(process.env.SOURCE_DATE_EPOCH);
const modified = Number.isInteger(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();

/** Builds the editions to take away (src/editions/) beside the built book; returns their folder. */
function buildEdition(): string {
  const folder = join(dirname(resolve(values.dir)), '.edition');
  rmSync(folder, { recursive: true, force: true });
  const astro = join(import.meta.dirname, '../node_modules/astro/bin/astro.mjs');
  const built = spawnSync(process.execPath, [astro, 'build', '--outDir', folder], { stdio: 'inherit', env: { ...process.env, BOOK_EDITIONS: '1' } });
  if (built.status !== 0) throw new Error(`The print edition could not be built (astro build ended with ${built.status}).`);
  return folder;
}

// Made in a copy of the built book, which replaces it only once every download is written and linked.
await replaceWhole(
  values.dir,
  async (dist) => {
    const out = join(dist, downloadsFolder);
    const book = readBuiltBook(dist, base);
    mkdirSync(out, { recursive: true });

    const written: Download[] = [];
    const epub = `${name}-${version}.epub`;
    const epubBytes = makeEpub(book, { version, modified });
    writeFileSync(join(out, epub), epubBytes);
    written.push({ file: epub, bytes: epubBytes.length, kind: 'epub' });

    // A chapter's PDF holds its sub-pages too.
    const chapterJobs = book.pages
      .filter((page) => page.chapter)
      .map((page) => {
        const number = page.route.replace(/\D/g, '');
        return { file: `${name}-${version}-chapter-${number.padStart(2, '0')}.pdf`, route: `/edition/print/${number}`, chapter: page.route };
      });
    const bookPdf = `${name}-${version}.pdf`;
    try {
      const edition = buildEdition();
      const facts = { authors: book.facts.authors, subject: book.facts.description, language: 'en-GB', date: modified };
      const pdfs = await printPdfs(edition, base, [...chapterJobs, { file: bookPdf, route: '/edition/print' }], out, values.port, facts);
      for (const { file, chapter } of chapterJobs) written.push({ file, bytes: pdfs.get(file)!, kind: { chapter } });
      written.push({ file: bookPdf, bytes: pdfs.get(bookPdf)!, kind: 'book-pdf' });
    } catch (error) {
      console.log(`No PDFs: Chromium could not print them (Debian: apt-get install chromium). ${(error as Error).message.split('\n')[0]}`);
    }

    if (hasZimTools()) {
      const file = `${name}-${version}.zim`;
      written.push({ file, bytes: await makeZim(book, { target: join(out, file), name }), kind: 'zim' });
    } else console.log('No ZIM: zimwriterfs is not installed (Debian: apt-get install zim-tools).');

    await linkDownloads(book, written);
    for (const { file, bytes } of written) console.log(`${`${downloadsFolder}/${file}`.padEnd(60)} ${formatSize(bytes)}`);
  },
  { startFrom: values.dir },
);
