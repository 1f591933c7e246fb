/**
 * The e-book's and the ZIM's files as the edition build wrote them (src/editions/files/, under /edition/epub/ and
 * /edition/zim/), with the stylesheets and pictures they use, each given its place in the package: styles/ and images/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { Document, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { EditionBook } from '../../src/editions/files/book.json.ts';
import { type FileEdition, frontFiles } from '../../src/editions/addresses.ts';

export type { EditionBook };

/** The book's facts and pages, as the edition wrote them (/edition/book.json). */
export const readEditionBook = (folder: string): EditionBook => JSON.parse(readFileSync(join(folder, 'edition/book.json'), 'utf8')) as EditionBook;

/** Every file of an e-book or a ZIM in reading order: title page, contents, preface, then the chapters and sub-pages. */
export const editionFiles = (book: EditionBook, edition: FileEdition): string[] => [...frontFiles[edition], ...book.pages.map((page) => page.file)];

/** The stylesheets and pictures a package's files use: each file of the edition once, by its place in the package. */
export class PackageAssets {
  readonly files = new Map<string, Buffer>();
  readonly #folder: string;
  readonly #base: string;
  constructor(folder: string, base: string) {
    this.#folder = folder;
    this.#base = base;
  }

  /** The place in the package of a file the edition serves at `address` (/_astro/street.svg → images/street.svg, a PDF → files/). */
  place(address: string): string {
    const path = decodeURIComponent(new URL(address, 'http://edition.invalid').pathname);
    const file = join(this.#folder, path.startsWith(this.#base) ? path.slice(this.#base.length) : path);
    if (!existsSync(file)) throw new Error(`An edition's page uses ${address}, which the edition build does not have.`);
    const extension = extname(file).toLowerCase();
    const place = `${extension === '.css' ? 'styles' : /^\.(svg|png|jpe?g|gif|webp|avif)$/.test(extension) ? 'images' : 'files'}/${basename(file)}`;
    this.files.set(place, readFileSync(file));
    return place;
  }
}

/** One file of the edition, parsed, its stylesheets and pictures pointing at their places in the package. */
export function editionFile(folder: string, edition: FileEdition, file: string, assets: PackageAssets): Document {
  const written = [join(folder, 'edition', edition, file, 'index.html'), join(folder, 'edition', edition, `${file}.html`)].find(existsSync);
  if (!written) throw new Error(`The edition build has no ${edition} file ${file}: run it again (npm run build:downloads).`);
  const document = parseDocument(readFileSync(written, 'utf8'));
  // Stylesheets, pictures, and the book's files a link leads to (a ZIM's handout; an e-book's links lead to pages only).
  const uses = (element: Element) =>
    (element.name === 'link' && element.attribs.rel === 'stylesheet') ||
    element.name === 'img' ||
    (element.name === 'a' && /^\/.*\.\w+$/.test(element.attribs.href ?? ''));
  for (const element of DomUtils.findAll(uses, document.children)) {
    const attribute = element.name === 'img' ? 'src' : 'href';
    const address = element.attribs[attribute];
    if (address?.startsWith('/')) element.attribs[attribute] = assets.place(address);
  }
  return document;
}
