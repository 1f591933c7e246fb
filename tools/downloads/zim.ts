/**
 * The book as a ZIM file for Kiwix (https://wiki.openzim.org/wiki/ZIM_file_format), written by zim-tools'
 * zimwriterfs with its full-text index, then copied by zim-metadata.py (python3-libzim) with the metadata zimwriterfs
 * 3.1 has no option for: the book's licence. The edition's own files (src/editions/files/: a first page with the title and
 * contents, the preface, the chapters and sub-pages), with the stylesheets and pictures they use. No script, no
 * search of its own, no policy of the web's: Kiwix brings its search and its bar.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import render from 'dom-serializer';
import sharp from 'sharp';
import { systemTool } from '../common/system-tools.ts';
import { editionFile, type EditionBook, editionFiles, PackageAssets } from './edition-files.ts';

/** ISO 639-3 codes, which ZIM metadata wants, for the languages the book may be written in. */
const iso6393: Record<string, string> = { en: 'eng', fr: 'fra', es: 'spa', pt: 'por', ar: 'ara', zh: 'zho', hi: 'hin', sw: 'swa' };

/** zimwriterfs (Debian's zim-tools), which writes the ZIM: `path` is undefined where it is not installed. */
export const zimwriterfs = systemTool('zimwriterfs');
/** Debian's Python with libzim, which adds the licence to the ZIM's metadata. */
export const libzimPython = systemTool('python3.libzim');

interface ZimOptions {
  /** The edition build's folder, its pages served under `base`. */
  folder: string;
  base: string;
  book: EditionBook;
  /** The package's name (its file name without version): the ZIM's name. */
  name: string;
  target: string;
}

/** Writes the ZIM to `target`; returns its size. */
export async function makeZim({ folder, base, book, name, target }: ZimOptions): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'book-zim-'));
  try {
    const assets = new PackageAssets(folder, base);
    for (const file of editionFiles(book, 'zim'))
      writeFileSync(join(root, `${file}.html`), render(editionFile(folder, 'zim', file, assets), { encodeEntities: 'utf8' }));
    for (const [place, bytes] of assets.files) {
      mkdirSync(dirname(join(root, place)), { recursive: true });
      writeFileSync(join(root, place), bytes);
    }
    await sharp(join(folder, 'favicon.svg')).resize(48, 48).png().toFile(join(root, 'illustration.png'));
    const language = iso6393[book.language.split('-')[0]!];
    if (language === undefined)
      throw new Error(`The ZIM needs the ISO 639-3 code of the language "${book.language}": add it to tools/downloads/zim.ts.`);
    rmSync(target, { force: true });
    const written = `${target}.zimwriterfs`;
    const command = [
      zimwriterfs.path ?? zimwriterfs.program,
      '--welcome=title.html',
      '--illustration=illustration.png',
      `--language=${language}`,
      // openZIM's limits: a title of at most 30 characters and a description of at most 80.
      `--title=${book.shortTitle}`,
      `--description=${book.summary}`,
      `--creator=${book.authors.join(', ')}`,
      `--publisher=${book.authors.join(', ')}`,
      `--name=${name}_${book.language.split('-')[0]}_all`,
      ...(book.url ? [`--source=${book.url}`] : []),
      '--scraper=npm run build:downloads',
      // Kiwix's library reads what a ZIM holds from its tags: pictures, no videos (they stay online); libzim adds _ftindex.
      '--tags=_pictures:yes;_videos:no;_details:yes;health;cities',
      root,
      written,
    ];
    // zimwriterfs dates the ZIM by the clock: libfaketime sets it to the edition's date (SOURCE_DATE_EPOCH), when installed.
    const faketime = systemTool('faketime').path;
    const dated = faketime ? [faketime, '-f', `@${book.date.slice(0, 10)} 12:00:00`, ...command] : command;
    execFileSync(dated[0]!, dated.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
    // openZIM's License takes the licence's code; LongDescription says it in the book's own words.
    const metadata = { License: book.licence.spdx, LongDescription: `${book.description} ${book.rights}` };
    execFileSync(libzimPython.path ?? libzimPython.program, [join(import.meta.dirname, 'zim-metadata.py'), root, written, target], {
      input: JSON.stringify(metadata),
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    return statSync(target).size;
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(`${target}.zimwriterfs`, { force: true });
  }
}
