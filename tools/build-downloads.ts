/**
 * `npm run build:downloads`, after `npm run build`: the book to take away, written into dist/downloads/ with the
 * book's version in each name: an EPUB, a PDF of each chapter and of the whole book (with Chromium), and a ZIM for
 * Kiwix (with zim-tools). A format whose tool is missing is left out, said so, and not offered on the pages.
 * Usage: node tools/build-downloads.ts [--dir dist] [--base /]
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { normalBase } from '../integrations/after-build/built-site.ts';
import { downloadsFolder } from '../integrations/after-build/offline-files.ts';
import { formatSize } from '../src/lib/file-size.ts';
import { readBuiltBook } from './downloads/built-book.ts';
import { makeEpub } from './downloads/epub.ts';
import { type PdfJob, printPdfs } from './downloads/pdf.ts';
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
// Made in a copy of the built book, which replaces it only once every download is written and linked.
await replaceWhole(
  values.dir,
  async (dist) => {
    const out = join(dist, downloadsFolder);
    const book = readBuiltBook(dist, base);
    mkdirSync(out, { recursive: true });

    const written: Download[] = [];
    const epub = `${name}-${version}.epub`;
    // SOURCE_DATE_EPOCH (the reproducible-builds convention, in seconds) makes two runs give the same EPUB.
    const epoch = Number(process.env.SOURCE_DATE_EPOCH);
    const epubBytes = makeEpub(book, { version, modified: Number.isInteger(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date() });
    writeFileSync(join(out, epub), epubBytes);
    written.push({ file: epub, bytes: epubBytes.length, kind: 'epub' });

    // A chapter's PDF holds its sub-pages too.
    const chapterJobs: (PdfJob & { chapter: string })[] = [];
    for (const page of book.pages) {
      if (page.chapter)
        chapterJobs.push({
          file: `${name}-${version}-chapter-${page.route.replace(/\D/g, '').padStart(2, '0')}.pdf`,
          pages: [page],
          header: page.pre,
          chapter: page.route,
        });
      else chapterJobs.at(-1)?.pages.push(page);
    }
    const bookPdf = `${name}-${version}.pdf`;
    try {
      const pdfs = await printPdfs(book, [...chapterJobs, { file: bookPdf, pages: book.pages, header: undefined }], out, values.port);
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
