/**
 * The PDFs: the whole book and each chapter, from the print edition (src/editions/print/, built by
 * `npm run build:downloads`), laid out in pages by Paged.js in headless Chromium, tagged, with bookmarks from the
 * headings and the book's metadata. Nothing of the web page is printed, and no address of this machine.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { decompress } from 'wawoff2';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { chromiumArgs, testChromiumPath } from '../common/chromium.ts';
import { type PdfMetadata, setMetadata } from '../common/pdf-metadata.ts';
import { startServer } from '../server/spawn-server.ts';

export interface PdfJob {
  /** The PDF's file name. */
  file: string;
  /** The edition's page to print: /edition/print for the book, /edition/print/3 for Chapter 3. */
  route: string;
}

/** What the book's facts give every PDF's metadata: its rights, authors, subject, language and date (SOURCE_DATE_EPOCH's, or now). */
export type PdfFacts = Omit<PdfMetadata, 'title' | 'creator' | 'producer'>;

/** Paged.js's polyfill, the file its package exports under the "polyfill" condition, for a page to run. */
function pagedPolyfill(): string {
  const main = createRequire(import.meta.url).resolve('pagedjs');
  const root = main.slice(0, main.lastIndexOf('/node_modules/pagedjs/') + '/node_modules/pagedjs/'.length);
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: { polyfill: string } };
  return join(root, exports.polyfill);
}

/**
 * A fontconfig file that sets every generic family in the book's types, for the printing Chromium: the pictures (a
 * chart, an author's SVG with words in it) ask for sans-serif or system-ui, which would be the machine's own fonts.
 * Chromium's font loader reads TrueType, not the WOFF2 the fonts come in: each is unpacked once into `dir`.
 */
async function bookFonts(dir: string): Promise<string> {
  const require = createRequire(import.meta.url);
  mkdirSync(dir, { recursive: true });
  for (const font of ['source-sans-3', 'source-serif-4']) {
    const files = dirname(require.resolve(`@fontsource/${font}/files/${font}-latin-400-normal.woff2`));
    for (const name of readdirSync(files).filter((file) => /-latin(-ext)?-(400|600|700)-(normal|italic)\.woff2$/.test(file)))
      writeFileSync(join(dir, name.replace(/\.woff2$/, '.ttf')), await decompress(readFileSync(join(files, name))));
  }
  // The static Source Sans 3 files name their family "Source Sans 3 ExtraLight", whatever their weight.
  const alias = (generic: string, families: string[]) =>
    `<alias binding="strong"><family>${generic}</family><prefer>${families.map((family) => `<family>${family}</family>`).join('')}</prefer></alias>`;
  const config =
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>' +
    `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${dir}</dir><cachedir>${join(dir, 'cache')}</cachedir>` +
    ['sans-serif', 'system-ui', 'Arial', 'Helvetica'].map((generic) => alias(generic, ['Source Sans 3', 'Source Sans 3 ExtraLight'])).join('') +
    ['serif', 'Times New Roman', 'Times'].map((generic) => alias(generic, ['Source Serif 4'])).join('') +
    '</fontconfig>\n';
  writeFileSync(join(dir, 'fonts.conf'), config);
  return join(dir, 'fonts.conf');
}

/**
 * Gives each printed page's ids its own prefix, and its links to them the same: the pages of a document each have
 * a #box-1 or a first footnote, and every link must lead to its own page's.
 */
function uniqueIds() {
  for (const article of document.querySelectorAll<HTMLElement>('article[data-page]')) {
    const prefix = `${article.id}--`;
    const own = new Set<string>();
    for (const element of article.querySelectorAll<HTMLElement>('[id]')) {
      own.add(element.id);
      element.id = prefix + element.id;
    }
    for (const link of article.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      const target = decodeURIComponent(link.getAttribute('href')!.slice(1));
      if (own.has(target)) link.setAttribute('href', `#${prefix}${target}`);
    }
    for (const name of ['aria-labelledby', 'aria-describedby']) {
      for (const element of article.querySelectorAll<HTMLElement>(`[${name}]`)) {
        const ids = element.getAttribute(name)!.split(/\s+/);
        element.setAttribute(name, ids.map((id) => (own.has(id) ? prefix + id : id)).join(' '));
      }
    }
  }
}

/** Every picture loaded before the pages are laid out: on paper none waits to be scrolled to. */
async function everyPicture() {
  for (const image of document.images) image.loading = 'eager';
  await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
}

/** Prints each job from the edition built in `edition` (served under `base`) into `out`; returns each file's size. */
export async function printPdfs(
  edition: string,
  base: string,
  jobs: PdfJob[],
  out: string,
  port: string,
  facts: PdfFacts,
): Promise<Map<string, number>> {
  const server = await startServer(port, { args: ['--dir', edition, '--base', base] });
  const executablePath = testChromiumPath();
  const env = { ...process.env, FONTCONFIG_FILE: await bookFonts(join(edition, '.fontconfig')) };
  const browser = await chromium.launch({ args: chromiumArgs, env, ...(executablePath ? { executablePath } : {}) });
  const sizes = new Map<string, number>();
  try {
    const page = await browser.newPage();
    // Paged.js lays the pages out when asked, once the ids are unique.
    await page.addInitScript(() => Object.assign(window, { PagedConfig: { auto: false } }));
    for (const job of jobs) {
      const response = await page.goto(`http://127.0.0.1:${port}${base}${job.route.slice(1)}/`, { waitUntil: 'load' });
      if (!response?.ok()) throw new Error(`The print edition has no page ${job.route} (${response?.status()})`);
      await page.evaluate(uniqueIds);
      await page.evaluate(everyPicture);
      await page.addScriptTag({ path: pagedPolyfill() });
      await page.evaluate(() => (window as unknown as { PagedPolyfill: { preview: () => Promise<unknown> } }).PagedPolyfill.preview());
      const headings = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((heading) => heading.textContent!.replace(/\s+/g, ' ').trim()),
      );
      const title = await page.title();
      const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true, outline: true });
      const pdf = await finished(printed, { ...facts, title, headings });
      writeFileSync(join(out, job.file), pdf);
      sizes.set(job.file, pdf.length);
    }
  } finally {
    await browser.close();
    server.kill();
  }
  return sizes;
}

/** What made the PDFs, as their Info dictionary and their XMP say (tools/common/pdf-metadata.ts). */
const made = { creator: 'Public health in mega-cities, print edition', producer: 'Chromium and Paged.js; pdf-lib' };

/**
 * The printed PDF with its metadata, and its bookmarks titled exactly as the headings: Chromium joins the lines of a
 * heading that wraps without the space between them ("publichealth").
 */
async function finished(printed: Buffer, facts: PdfFacts & { title: string; headings: string[] }): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(printed, { updateMetadata: false });
  const byLetters = new Map(facts.headings.map((heading) => [heading.replace(/\s+/g, ''), heading]));
  const retitle = (item: PDFDict | undefined) => {
    for (let node = item; node; node = node.lookupMaybe(PDFName.of('Next'), PDFDict)) {
      const title = node.lookupMaybe(PDFName.of('Title'), PDFString, PDFHexString)?.decodeText();
      const heading = title === undefined ? undefined : byLetters.get(title.replace(/\s+/g, ''));
      if (heading) node.set(PDFName.of('Title'), PDFHexString.fromText(heading));
      retitle(node.lookupMaybe(PDFName.of('First'), PDFDict));
    }
  };
  retitle(pdf.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict)?.lookupMaybe(PDFName.of('First'), PDFDict));
  setMetadata(pdf, { ...facts, ...made });
  return pdf.save();
}
