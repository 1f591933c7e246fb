/**
 * The site as a ZIM file for Kiwix (https://wiki.openzim.org/wiki/ZIM_file_format), written by zim-tools'
 * zimwriterfs with its full-text index. Kiwix serves a ZIM under a path of its own and runs no service worker, so
 * the copy it is made from has every link made relative to its page, the pages made static (see makeStatic: Kiwix's
 * own search replaces the book's), and none of the web-only files (scripts, worker, search index, host rules).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { downloadsFolder } from '../../integrations/after-build/offline-files.ts';
import type { BuiltBook } from './built-book.ts';
import { allElements, makeStatic } from './static-page.ts';

/** What a reader in Kiwix has no use for: the web's scripts, worker and offline files, search index, host rules, copies. */
const webOnly = [
  /^_astro\/.*\.js$/,
  /\.br$/,
  /^(sw\.js|offline-save\.js|404\.html|robots\.txt|sitemap.*\.xml|_headers|_redirects)$/,
  new RegExp(`^(pagefind|offline|offline-files|${downloadsFolder}|\\.nginx)/`),
];
const isWebOnly = (file: string) => webOnly.some((pattern) => pattern.test(file));

/** ISO 639-3 codes, which ZIM metadata wants, for the languages the book may be written in. */
const iso6393: Record<string, string> = { en: 'eng', fr: 'fra', es: 'spa', pt: 'por', ar: 'ara', zh: 'zho', hi: 'hin', sw: 'swa' };

/** Whether zimwriterfs (Debian's zim-tools) can be run here. */
export function hasZimTools(): boolean {
  try {
    execFileSync('zimwriterfs', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The attributes that hold addresses of the site's files. */
const urlAttributes = ['href', 'src', 'poster'];

/** Writes the ZIM to `target`; returns its size. */
export async function makeZim(book: BuiltBook, { target, name }: { target: string; name: string }): Promise<number> {
  const { site, facts } = book;
  const root = mkdtempSync(join(tmpdir(), 'book-zim-'));
  try {
    const files = readdirSync(site.dist, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(sep).join('/'))
      .filter((file) => !isWebOnly(file) && statSync(join(site.dist, file)).isFile());
    const kept = new Set(files);
    /** Files the pages refer to: only those go in (the build keeps the originals of optimised pictures too). */
    const referenced = new Set<string>();
    /** An address of the site, as seen from `file`: the file it is served from, relative to it; undefined if not in the ZIM. */
    const localTo = (file: string, address: string): string | undefined => {
      if (!address.startsWith(site.base) || address.startsWith('//')) return undefined;
      const url = new URL(address, 'http://book.invalid');
      const served = site.fileOf(decodeURIComponent(url.pathname));
      const path = served && relative(site.dist, served).split(sep).join('/');
      if (path === undefined || !kept.has(path)) return undefined;
      referenced.add(path);
      return `${posix.relative(posix.dirname(file), path) || posix.basename(path)}${url.hash}`;
    };
    const pages = files.filter((file) => file.endsWith('.html'));
    for (const file of pages) {
      const document = makeStatic(parseDocument(site.text(`${site.base}${file}`) ?? ''));
      for (const element of allElements(document)) relink(element, (address) => localTo(file, address));
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), DomUtils.getOuterHTML(document, { decodeEntities: true, encodeEntities: 'utf8' }));
    }
    for (const file of referenced) {
      if (file.endsWith('.html')) continue;
      mkdirSync(dirname(join(root, file)), { recursive: true });
      cpSync(join(site.dist, file), join(root, file));
    }
    await sharp(join(site.dist, 'favicon.svg')).resize(48, 48).png().toFile(join(root, 'illustration.png'));
    const language = iso6393[facts.language.split('-')[0]!];
    if (language === undefined)
      throw new Error(`The ZIM needs the ISO 639-3 code of the language "${facts.language}": add it to tools/downloads/zim.ts.`);
    rmSync(target, { force: true });
    execFileSync(
      'zimwriterfs',
      [
        '--welcome=index.html',
        '--illustration=illustration.png',
        `--language=${language}`,
        `--title=${facts.title}`,
        `--description=${facts.description}`,
        `--creator=${facts.authors.join(', ')}`,
        `--publisher=${facts.authors.join(', ')}`,
        `--name=${name}_${facts.language}_all`,
        ...(facts.url ? [`--source=${facts.url}`] : []),
        '--scraper=npm run build:downloads',
        root,
        target,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return statSync(target).size;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Makes an element's addresses of the site relative; drops what points outside the ZIM (a link keeps its text). */
function relink(element: Element, local: (address: string) => string | undefined): void {
  for (const name of urlAttributes) {
    const address = element.attribs[name];
    if (address === undefined || !address.startsWith('/')) continue;
    const found = local(address);
    if (found !== undefined) element.attribs[name] = found;
    else if (element.name === 'a') delete element.attribs[name];
    else DomUtils.removeElement(element);
  }
  const srcset = element.attribs.srcset;
  if (srcset !== undefined) {
    element.attribs.srcset = srcset
      .split(',')
      .map((candidate) => {
        const [address = '', ...size] = candidate.trim().split(/\s+/);
        return [address.startsWith('/') ? (local(address) ?? address) : address, ...size].join(' ');
      })
      .join(', ');
  }
}
