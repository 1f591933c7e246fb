/**
 * The PDFs: each chapter (with its sub-pages) and the whole book, printed by headless Chromium from the pages' own
 * print stylesheet (src/styles/print.css: running header, page numbers, boxes open, addresses after links), tagged,
 * with an outline from the headings. Several pages print as one document: their articles put one after another in
 * the first page's frame, each page's ids prefixed so that its links still lead within the PDF.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { type Element, Text } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { caseless } from '../../src/lib/address-case.ts';
import { chromiumArgs, testChromiumPath } from '../chromium.ts';
import { startServer } from '../server/start.ts';
import { type BookPage, type BuiltBook, byClass, findOne } from './built-book.ts';

export interface PdfJob {
  /** The PDF's file name. */
  file: string;
  pages: BookPage[];
  /** The running header's right-hand side: "Chapter 3"; none for the whole book. */
  header: string | undefined;
}

/** The folder, inside the served site, where the combined pages wait to be printed. */
const printFolder = 'downloads/print-pages';

/** One HTML page holding the given pages' articles, in the first page's frame, without scripts. */
function combinedPage(book: BuiltBook, job: PdfJob): string {
  const { site } = book;
  const frame = parseDocument(site.text(site.sitePath(job.pages[0]!.route)) ?? '');
  const main = findOne((element) => element.name === 'main', frame);
  if (!main) throw new Error(`${job.pages[0]!.route} has no <main>`);
  const several = job.pages.length > 1;
  const prefixOf = new Map(job.pages.map((page, index) => [caseless(page.route), `p${index + 1}-`]));
  const articles = job.pages.map((page, index) => {
    const article = findOne((element) => element.name === 'article', parseDocument(site.text(site.sitePath(page.route)) ?? ''));
    if (!article) throw new Error(`${page.route} has no <article>`);
    if (several) prefixIds(article, `p${index + 1}-`, prefixOf, site.base);
    return article;
  });
  main.children = [];
  for (const article of articles) DomUtils.appendChild(main, article);
  for (const script of DomUtils.findAll((element) => element.name === 'script' && element.attribs.type !== 'application/ld+json', frame.children))
    DomUtils.removeElement(script);
  // Every picture is on paper: none waits to be scrolled to.
  for (const image of DomUtils.findAll((element) => element.name === 'img' || element.name === 'iframe', frame.children))
    delete image.attribs.loading;
  const pageName = findOne(byClass('print-header__page'), frame);
  if (pageName) {
    if (job.header === undefined) DomUtils.removeElement(pageName);
    else {
      pageName.children = [];
      DomUtils.appendChild(pageName, new Text(job.header));
    }
  }
  const title = findOne((element) => element.name === 'title', frame);
  if (title) {
    title.children = [];
    DomUtils.appendChild(title, new Text(job.header ?? book.facts.title));
  }
  return DomUtils.getOuterHTML(frame, { decodeEntities: true, encodeEntities: 'utf8' });
}

/** Gives a page's ids a prefix, and its links to itself or to another page of the same PDF the matching one. */
function prefixIds(article: Element, prefix: string, prefixOf: Map<string, string>, base: string): void {
  article.attribs.id = prefix.slice(0, -1);
  for (const element of DomUtils.findAll(() => true, article.children)) {
    for (const name of ['id', 'for']) if (element.attribs[name]) element.attribs[name] = `${prefix}${element.attribs[name]}`;
    for (const name of ['aria-labelledby', 'aria-describedby', 'aria-controls'])
      if (element.attribs[name])
        element.attribs[name] = element.attribs[name]
          .split(/\s+/)
          .map((id) => `${prefix}${id}`)
          .join(' ');
    const href = element.name === 'a' ? element.attribs.href : undefined;
    if (href?.startsWith('#')) element.attribs.href = `#${prefix}${href.slice(1)}`;
    else if (href?.startsWith(base)) {
      const url = new URL(href, 'http://book.invalid');
      const target = prefixOf.get(caseless(`/${url.pathname.slice(base.length)}`));
      if (target !== undefined) element.attribs.href = url.hash ? `#${target}${url.hash.slice(1)}` : `#${target.slice(0, -1)}`;
    }
  }
}

/** Prints each job into `out`; returns each file's size. */
export async function printPdfs(book: BuiltBook, jobs: PdfJob[], out: string, port: string): Promise<Map<string, number>> {
  const folder = join(book.site.dist, printFolder);
  mkdirSync(folder, { recursive: true });
  jobs.forEach((job, index) => writeFileSync(join(folder, `${index}.html`), combinedPage(book, job)));
  const server = await startServer(port, '--dir', book.site.dist, '--base', book.site.base);
  const executablePath = testChromiumPath();
  const browser = await chromium.launch({ args: chromiumArgs, ...(executablePath ? { executablePath } : {}) });
  const sizes = new Map<string, number>();
  try {
    const page = await browser.newPage();
    for (const [index, job] of jobs.entries()) {
      await page.goto(`http://127.0.0.1:${port}${book.site.base}${printFolder}/${index}.html`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const pdf = await page.pdf({
        path: join(out, job.file),
        format: 'A4',
        preferCSSPageSize: true,
        printBackground: true,
        tagged: true,
        outline: true,
      });
      sizes.set(job.file, pdf.length);
    }
  } finally {
    await browser.close();
    server.kill();
    rmSync(folder, { recursive: true, force: true });
  }
  return sizes;
}
