/**
 * Where readers find the downloads: a "Take the book away" section on the contents page and on each chapter and
 * sub-page (its chapter's PDF, then the whole book's files), with each file's size, for the files that were made.
 * Plain links, each with `download`: nothing is fetched until a reader asks (no prefetch, data saver or not).
 * Written into the built pages, then the steps that depend on their bytes run again (offline sizes and worker,
 * brotli copies).
 */
import { Parser } from 'htmlparser2';
import { elements, hasClass, splice, startTag } from '../../integrations/after-build/html.ts';
import { downloadsFolder } from '../../integrations/after-build/offline-files.ts';
import { writeOfflineWorker } from '../../integrations/after-build/offline-worker.ts';
import { writeBrotliCopies } from '../../integrations/after-build/precompress.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { paths } from '../../src/lib/routes.ts';
import { t, type UiKey } from '../../src/i18n/ui.ts';
import type { BuiltBook } from './built-book.ts';

export interface Download {
  /** The file's name in downloads/. */
  file: string;
  bytes: number;
  /** What it is: the whole book's EPUB, PDF or ZIM, or one chapter's PDF (its route). */
  kind: 'epub' | 'book-pdf' | 'zim' | { chapter: string };
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function section(base: string, downloads: Download[]): string {
  const item = ({ file, bytes }: Download, label: UiKey) =>
    `<li>${startTag('a', { href: `${base}${downloadsFolder}/${file}`, download: '' })}${escapeText(t(label))}</a> ${escapeText(t('downloads.size', { size: formatSize(bytes) }))}</li>`;
  const labels = { epub: 'downloads.epub', 'book-pdf': 'downloads.bookPdf', zim: 'downloads.zim' } as const;
  const items = downloads.map((download) => item(download, typeof download.kind === 'string' ? labels[download.kind] : 'downloads.chapterPdf'));
  return (
    `<section class="downloads book-no-print" aria-labelledby="downloads" data-pagefind-ignore>` +
    `<h2 id="downloads">${escapeText(t('downloads.heading'))}</h2><p>${escapeText(t('downloads.intro'))}</p><ul>${items.join('')}</ul></section>`
  );
}

/** Where an element's end tag starts, found by the parser: the first `</name>` that closes an element of that name. */
function endTagStart(html: string, name: string): number | undefined {
  let found: number | undefined;
  const parser = new Parser({
    onclosetag(closed, implied) {
      if (found === undefined && closed === name && !implied) found = parser.startIndex;
    },
  });
  parser.end(html);
  return found;
}

/** After a page's text and its citation, before the links to the previous and next pages. */
const beforeReadingNav = (html: string) => elements(html).find((element) => hasClass(element, 'reading-nav'))?.start;

/** Adds the section to the contents page and every page of the book, then brings what depends on their bytes up to date. */
export async function linkDownloads(book: BuiltBook, downloads: Download[]): Promise<void> {
  const { site } = book;
  const whole = downloads.filter((download) => typeof download.kind === 'string');
  const add = (route: string, own: Download[], before: (html: string) => number | undefined) => {
    const html = site.text(site.sitePath(route));
    const at = html === undefined ? undefined : before(html);
    if (html === undefined || at === undefined) throw new Error(`${route}: found no place for the downloads`);
    site.rewrite(site.sitePath(route), splice(html, [{ start: at, end: at, text: section(site.base, [...own, ...whole]) }]));
  };
  add(paths.contents, [], (html) => endTagStart(html, 'main'));
  const pdfOf = (route: string) => downloads.filter((download) => typeof download.kind === 'object' && download.kind.chapter === route);
  // The Introduction's second address is a page of its own.
  if (site.text(site.sitePath(paths.introduction)) !== undefined) add(paths.introduction, pdfOf(paths.chapter(1)), beforeReadingNav);
  let chapterPdf: Download[] = [];
  for (const page of book.pages) {
    if (page.chapter) chapterPdf = pdfOf(page.route);
    add(page.route, chapterPdf, beforeReadingNav);
  }
  const log = { info: (message: string) => console.log(message) };
  await writeOfflineWorker(site, log);
  site.writeChanged();
  await writeBrotliCopies(site.dist, log);
}
