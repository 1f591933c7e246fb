/**
 * The files `npm run build:downloads` made from the built book (npm test runs it after the build), checked by the
 * tools readers' software trusts: EPUBCheck, zimcheck and kiwix-serve, poppler's pdftotext.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';
import { DomUtils, parseDocument } from 'htmlparser2';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { chromium } from '@playwright/test';
import { normalBase } from '../../integrations/after-build/built-site.ts';
import { chromiumArgs, testChromiumPath } from '../../tools/common/chromium.ts';
import { readEditionBook } from '../../tools/downloads/edition-files.ts';
import { makeEpub } from '../../tools/downloads/epub.ts';
import { projectRoot } from '../../tools/common/scratch-project.ts';
import { needs, pathOf } from '../support/system-tools.ts';
import { slowTier } from '../support/tiers.ts';
import { systemTool } from '../../tools/common/system-tools.ts';
import { bookConfig } from '../../src/book.config.ts';
import { licenceSentence, licenceText } from '../../src/lib/licence.ts';

const dist = join(projectRoot, 'dist');
const downloads = join(dist, 'downloads');
const { name, version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; version: string };
const file = (suffix: string) => join(downloads, `${name}-${version}${suffix}`);
const run = promisify(execFile);
/** What only the web page does, which no edition may say: its controls, its search, its tabs and gestures. */
const webOnlyWords = [
  'new tab',
  'arrow keys',
  'swiping',
  'full size',
  'Open the data',
  'Save this page',
  'offline reading',
  'Search the book',
  'JavaScript',
];
/** The editions the downloads were made from (npm run build:downloads builds them beside dist/). */
const editionFolder = join(projectRoot, '.edition');
const edition = readEditionBook(editionFolder);
const textOf = (html: string) => DomUtils.textContent(parseDocument(html)).replace(/\s+/g, ' ');
/** Chapter 1's key figure as every edition must show it: its number, what it counts, and its source. */
const keyFigure = ['nearly 1.1 billion', 'people lived in slums or slum-like conditions in urban areas in 2020', 'Source: (United Nations, 2023)'];
/** A built page's title and the headings of its text, as a reader sees them. */
function headings(route: string): string[] {
  const page = parseDocument(readFileSync(join(dist, route, 'index.html'), 'utf8'));
  const text = DomUtils.findOne((element) => element.attribs.class === 'chapter__body', page.children);
  return [
    ...DomUtils.findAll((element) => element.name === 'h1', page.children),
    ...DomUtils.findAll((element) => element.name === 'h2', text?.children ?? []),
  ].map((heading) => DomUtils.textContent(heading).replace(/\s+/g, ' ').trim());
}

it('npm run build:downloads wrote each format, its name carrying the version', () => {
  expect(existsSync(downloads), 'run npm run build, then npm run build:downloads').toBe(true);
  const files = readdirSync(downloads);
  // The ZIM is left out where zim-tools is missing (the build says so); CI installs it (.ci/run).
  const zim = (systemTool('zimwriterfs').path && systemTool('python3.libzim').path) || process.env.CI ? ['.zim'] : [];
  for (const suffix of ['.epub', '.pdf', ...zim, '-chapter-01.pdf', '-chapter-10.pdf']) expect(files).toContain(`${name}-${version}${suffix}`);
});

describe('the EPUB', () => {
  const entries = unzipSync(readFileSync(file('.epub')));
  const text = (path: string) => strFromU8(entries[path]!);
  const documents = Object.keys(entries).filter((path) => path.endsWith('.xhtml'));
  const opf = text('EPUB/package.opf');
  const pages = edition.pages.map((page) => `${page.file}.xhtml`);

  it('passes EPUBCheck with no error and no warning', async (context) => {
    needs(context, 'java', 'epubcheck');
    // Debian's /usr/bin/epubcheck is the jar itself.
    const { stdout } = await run(pathOf('java'), ['-jar', pathOf('epubcheck'), file('.epub')], { signal: context.signal }).catch(
      (error: { stdout: string; stderr: string }) => ({
        stdout: `${error.stdout}${error.stderr}`,
      }),
    );
    expect(stdout).toContain('No errors or warnings detected.');
  });

  it('passes DAISY Ace with no violation, and claims EPUB Accessibility 1.1 at WCAG 2.1 AA', async (context) => {
    slowTier(context, 'DAISY Ace');
    const report = join(projectRoot, 'tests/.output/ace');
    const ace = join(projectRoot, 'node_modules/.bin/ace-cli');
    await run(ace, ['--force', '--silent', '--outdir', report, file('.epub')], {
      env: { ...process.env, PUPPETEER_EXECUTABLE_PATH: testChromiumPath() ?? '' },
      signal: context.signal,
    });
    type Assertion = { 'earl:test': { 'dct:title': string }; 'earl:result': { 'earl:outcome': string } };
    const result = JSON.parse(readFileSync(join(report, 'report.json'), 'utf8')) as {
      'earl:result': { 'earl:outcome': string };
      assertions: { 'earl:testSubject': { url: string }; assertions: Assertion[] }[];
    };
    const violations = result.assertions.flatMap((document) =>
      document.assertions.map((assertion) => `${document['earl:testSubject'].url}: ${assertion['earl:test']['dct:title']}`),
    );
    expect(violations).toEqual([]);
    expect(result['earl:result']['earl:outcome']).toBe('pass');
    expect(opf).toContain('<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>');
  });

  it('opens with its cover, a title page, its contents and the preface, then every chapter and sub-page in reading order', () => {
    const hrefs = new Map([...opf.matchAll(/<item id="([^"]+)" href="([^"]+)"/g)].map(([, id, href]) => [id!, href!]));
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map(([, id]) => hrefs.get(id!));
    expect(spine).toEqual(['cover.xhtml', 'title.xhtml', 'contents.xhtml', 'preface.xhtml', ...pages]);
    // A cover picture every catalogue reads: PNG, not SVG.
    expect(opf).toMatch(/<item id="cover-image" href="images\/cover\.png" media-type="image\/png" properties="cover-image"\/>/);
    const title = textOf(text('EPUB/title.xhtml'));
    for (const words of [edition.title, `By ${edition.authors[0]}`, `Version ${version}`, edition.rights]) expect(title).toContain(words);
  });

  it('lists the preface and every page in its contents and in toc.ncx, each sub-page under its chapter', () => {
    const nav = text('EPUB/contents.xhtml');
    expect([...nav.matchAll(/<a href="([^"]+)"/g)].map(([, href]) => href)).toEqual(['preface.xhtml', ...pages]);
    expect(nav).toMatch(/<a href="chapter-03\.xhtml">Chapter 3: [^<]+<\/a><ol><li><a href="chapter-03-blocka\.xhtml">/);
    const ncx = text('EPUB/toc.ncx');
    expect([...ncx.matchAll(/<content src="([^"]+)"/g)].map(([, src]) => src)).toEqual(['preface.xhtml', ...pages]);
    expect(ncx).toMatch(/<content src="chapter-03\.xhtml"\/><navPoint [^>]+><navLabel><text>Block A/);
    expect(opf).toContain('<spine toc="ncx">');
  });

  it('says whose it is and who publishes it, and is dated and made byte for byte from its edition (SOURCE_DATE_EPOCH)', async () => {
    expect(opf).toContain(`<dc:rights>${edition.rights}</dc:rights>`);
    expect(opf).toMatch(/<dc:publisher>Author One \(placeholder name\), /);
    expect(opf).toContain(`<meta property="dcterms:modified">${edition.date.replace(/\.\d+Z$/, 'Z')}</meta>`);
    const epoch = Number(process.env.SOURCE_DATE_EPOCH);
    if (epoch > 0) expect(edition.date).toBe(new Date(epoch * 1000).toISOString());
    expect(Buffer.from(await makeEpub(editionFolder, normalBase(process.env.BASE_PATH ?? '/'), edition)).equals(readFileSync(file('.epub')))).toBe(
      true,
    );
  });

  it('shows the boxes, activities and tip in full, every annex, embeds as links, pictures and references', () => {
    const chapter = text('EPUB/chapter-01.xhtml');
    const words = textOf(chapter);
    for (const shown of [
      'Box 1. Public health and the urban built environment',
      'Low-density cities in a region with a long dry season',
      'Activity 2.',
      'Suggested reading:',
      'Annex 1.1.',
      'Annex 1.2.',
      ...keyFigure,
    ])
      expect(words).toContain(shown);
    expect(chapter).toContain('href="https://www.youtube.com/watch?v=jbkSRLYSojo"');
    expect(chapter).not.toMatch(/<(script|button|iframe)\b/);
    for (const path of documents) for (const shown of webOnlyWords) expect(textOf(text(path)), path).not.toContain(shown);
    expect(chapter).toMatch(/<img [^>]*src="images\/[^"]+\.svg"[^>]*alt="World map/);
    expect(chapter).toContain('<li id="ref-galea2005">');
  });

  it("carries the edition's styles only, none of the web's", () => {
    // The medium's stylesheet, and the components' edition styles, which the print pages share.
    const styles = Object.keys(entries).filter((path) => path.endsWith('.css'));
    expect(styles.length).toBeGreaterThan(0);
    for (const path of styles) expect(text(path)).not.toMatch(/\.external|var\(--book-/);
  });

  it('has all its own links resolve: every file and every anchor they name is in it', () => {
    const ids = new Map(
      documents.map((path) => [path, new Set([...strFromU8(entries[path]!).matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]))]),
    );
    const broken: string[] = [];
    for (const path of documents) {
      for (const [, href] of strFromU8(entries[path]!).matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        if (/^(https?|mailto):/.test(href!)) {
          if (/127\.0\.0\.1|localhost/.test(href!)) broken.push(`${path}: ${href} (this machine)`);
          continue;
        }
        const [target = '', fragment] = href!.split('#');
        const resolved = target === '' ? path : posix.join(posix.dirname(path), target);
        if (!(resolved in entries)) broken.push(`${path}: ${href}`);
        else if (fragment && !ids.get(resolved)?.has(fragment)) broken.push(`${path}: ${href} (no such anchor)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the PDFs', () => {
  /** The text of some pages of a PDF, as pdftotext reads it, one string per page. */
  async function pagesOf(pdf: string, first = 1, last?: number): Promise<string[]> {
    const { stdout } = await run(pathOf('pdftotext'), ['-layout', '-f', String(first), ...(last ? ['-l', String(last)] : []), pdf, '-']);
    return stdout.split('\f').map((page) => page.replace(/\s+/g, ' ').trim());
  }
  /** The whole book's pages, read once for the tests that read them all. */
  let bookPages: Promise<string[]> | undefined;
  const pagesOfBook = () => (bookPages ??= pagesOf(file('.pdf')));
  const pdfText = (value: unknown) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : '');
  /** Every bookmark, depth first: its title and how deep it is (the outline's items, each a chain of First and Next). */
  function bookmarks(document: PDFDocument): { title: string; depth: number }[] {
    const marks: { title: string; depth: number }[] = [];
    const walk = (item: PDFDict | undefined, depth: number) => {
      for (let node = item; node; node = node.lookupMaybe(PDFName.of('Next'), PDFDict)) {
        marks.push({ title: pdfText(node.lookup(PDFName.of('Title'))), depth });
        walk(node.lookupMaybe(PDFName.of('First'), PDFDict), depth + 1);
      }
    };
    walk(document.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict)?.lookupMaybe(PDFName.of('First'), PDFDict), 0);
    return marks;
  }
  /** The address of every link on the PDF's pages (their link annotations' URI actions). */
  const linkAddresses = (document: PDFDocument): string[] =>
    document.getPages().flatMap((page) =>
      (page.node.Annots()?.asArray() ?? []).flatMap((reference) => {
        const action = page.node.context.lookupMaybe(reference, PDFDict)?.lookupMaybe(PDFName.of('A'), PDFDict);
        return action?.has(PDFName.of('URI')) ? [pdfText(action.lookup(PDFName.of('URI')))] : [];
      }),
    );

  it("a chapter's PDF shows its key figure, with its source", async (context) => {
    needs(context, 'pdftotext');
    const text = (await pagesOf(file('-chapter-01.pdf'))).join(' ');
    for (const shown of keyFigure) expect(text).toContain(shown);
  });

  it("a chapter's PDF holds its headings and its sub-pages' titles, as selectable text", async (context) => {
    needs(context, 'pdftotext');
    const text = (await pagesOf(file('-chapter-03.pdf'))).join(' ');
    for (const heading of [...headings('index/Chapter3'), ...headings('index/Chapter3/BlockA')]) expect(text, heading).toContain(heading);
  });

  it('the book opens with its title page, its copyright page and a contents page that gives each chapter its page', async (context) => {
    needs(context, 'pdftotext');
    const [title = '', copyright = '', contents = ''] = await pagesOf(file('.pdf'), 1, 3);
    expect(title).toContain('Public health in mega-cities; the environmental dimension.');
    expect(title).toMatch(/^Public health .* By Author One \(placeholder name\), .* Version \d+\.\d+\.\d+, \d{1,2} \w+ \d{4}$/);
    expect(copyright).toMatch(/^© \d{4} Author One/);
    expect(contents).toMatch(/^Contents Preface \d+ Chapter 1: Introduction \d+ Chapter 2: /);
    // Each chapter starts at the top of the page the contents give it: its label and title come first, with no running
    // head above them (the page after has one).
    const pages = await pagesOfBook();
    const squeezed = (text: string) => text.replace(/\s+/g, '').toLowerCase();
    const listed = [...contents.matchAll(/(Chapter \d+): (.+?) (\d+)(?= Chapter \d| Block | \d+$)/g)];
    expect(listed).toHaveLength(10);
    for (const [, label = '', title = '', page] of listed) {
      expect(squeezed(pages[Number(page) - 1] ?? ''), `${label} on page ${page}`).toMatch(
        new RegExp(`^${squeezed(`${label}${title}`).replace(/[^a-z0-9]/g, '.')}`),
      );
    }
  });

  it('has bookmarks titled as the headings, blocks under their chapter, and no link to this machine', async (context) => {
    needs(context, 'pdftotext');
    const document = await PDFDocument.load(readFileSync(file('.pdf')), { updateMetadata: false });
    const marks = bookmarks(document);
    expect(marks.slice(0, 4).map(({ title, depth }) => `${depth}:${title}`)).toEqual([
      '0:Public health in mega-cities; the environmental dimension.',
      '0:Contents',
      '0:Preface',
      '0:Introduction',
    ]);
    const block = marks.find(({ title }) => title.startsWith('Block A:'));
    const chapter3 = marks.find(({ title }) => title.startsWith('Water, sanitation and public health'));
    expect(block?.depth).toBe((chapter3?.depth ?? -2) + 1);
    // Titles read as the headings: no two words glued where a long heading wrapped.
    const words = new Set((await pagesOfBook()).join(' ').split(' '));
    for (const { title } of marks) for (const word of title.split(' ')) expect(words, `"${word}" in "${title}"`).toContain(word);
    const addresses = linkAddresses(document);
    expect(addresses.length).toBeGreaterThan(10);
    for (const address of addresses) expect(address).toMatch(/^(https:\/\/(?!127\.|localhost)|mailto:)/);
  });

  it('say who wrote them, when (SOURCE_DATE_EPOCH), in what language, and are tagged', async () => {
    for (const pdf of [file('-chapter-01.pdf'), file('.pdf')]) {
      const document = await PDFDocument.load(readFileSync(pdf), { updateMetadata: false });
      expect(document.catalog.get(PDFName.of('StructTreeRoot')), `${pdf} is tagged`).toBeDefined();
      expect(document.getAuthor()).toMatch(/^Author One \(placeholder name\), /);
      expect(document.getSubject()).toBeTruthy();
      expect(document.catalog.get(PDFName.of('Lang'))?.toString()).toContain('en-GB');
      const epoch = Number(process.env.SOURCE_DATE_EPOCH);
      if (epoch > 0) expect(document.getCreationDate()?.getTime()).toBe(epoch * 1000);
    }
    expect((await PDFDocument.load(readFileSync(file('-chapter-01.pdf')), { updateMetadata: false })).getTitle()).toBe('Chapter 1: Introduction');
  });

  it("are set in the book's types only, the lettering of charts and of an author's SVG pictures too", async (context) => {
    needs(context, 'pdffonts');
    for (const pdf of [file('.pdf'), file('-chapter-01.pdf')]) {
      const { stdout } = await run(pathOf('pdffonts'), [pdf]);
      // Below its two heading lines, each font's name (a subset's, such as AAAAAA+SourceSerif4-Regular) comes first.
      const fonts = new Set(
        stdout
          .split('\n')
          .slice(2)
          .flatMap((line) => line.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') || []),
      );
      expect(
        [...fonts].filter((font) => !/^(SourceSerif4|SourceSans3)/.test(font)),
        pdf,
      ).toEqual([]);
      // The map's legend and the charts' axes are words of the page, in the book's sans-serif.
      expect(fonts, pdf).toContain('SourceSans3ExtraLight-Regular');
    }
  });

  it("print a link's address after its words, once, in the page's own spelling", async (context) => {
    needs(context, 'pdftotext');
    const text = (await pagesOfBook()).join(' ');
    expect(text).toMatch(/Read the WHO news release \(https:\/\/www\.who\.int\/news\//);
    expect(text).toContain('course site (https://example.org/megacities-course-overview)');
    expect(text).not.toMatch(/\/Index\/Chapter/);
    // An embed's title, who made it and its address, each apart.
    expect(text).toContain('4 Minutes. Hans Rosling');
  });

  it('print no instruction for a screen', async (context) => {
    needs(context, 'pdftotext');
    const text = (await pagesOfBook()).join(' ');
    for (const words of webOnlyWords) expect(text).not.toContain(words);
  });
});

describe('the ZIM', () => {
  /** A file of the ZIM as it is stored, before Kiwix adds its bar. */
  const stored = (path: string) => execFileSync(pathOf('zimdump'), ['show', `--url=${path}`, file('.zim')], { encoding: 'utf8' });
  const zimFiles = ['title.html', 'preface.html', ...edition.pages.map((page) => `${page.file}.html`)];

  it('passes zimcheck -A', async (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'zimcheck');
    const { stdout } = await run(pathOf('zimcheck'), ['-A', file('.zim')]);
    expect(stdout).toContain('Overall Test Status: Pass');
    expect(stdout).not.toContain('[WARNING]');
  });

  it("holds the book's pages and nothing of the web site: no script, search, policy or offline control", (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'zimdump');
    const listed = execFileSync(pathOf('zimdump'), ['list', file('.zim')], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    expect(listed.filter((path) => path.endsWith('.html')).sort()).toEqual([...zimFiles].sort());
    expect(listed.filter((path) => /\.(js|mjs|json)$|pagefind|sw\.js/.test(path))).toEqual([]);
    for (const path of zimFiles) {
      const page = stored(path);
      expect(page, path).not.toMatch(/<(script|button|iframe|form|input)\b|Content-Security-Policy|pagefind|data-saver|127\.0\.0\.1|localhost/i);
      for (const words of webOnlyWords) expect(textOf(page), path).not.toContain(words);
    }
  });

  it("shows Chapter 1's key figure, with its source", (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'zimdump');
    const chapter = zimFiles.find((path) => /chapter-01/.test(path))!;
    for (const shown of keyFigure) expect(textOf(stored(chapter))).toContain(shown);
  });

  it('leads on from every page, as a reader pages through it: previous, contents, next, and a chapter to its blocks', (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'zimdump');
    /** The addresses the links of a page's <nav class="…"> lead to. */
    const ledTo = (path: string, navigation: string) => {
      const nav = DomUtils.findOne(
        (element) => element.name === 'nav' && element.attribs['class'] === navigation,
        parseDocument(stored(path)).children,
      );
      return nav ? DomUtils.findAll((element) => element.name === 'a', [nav]).map((link) => link.attribs['href']) : [];
    };
    const sequence = zimFiles.slice(1);
    for (const [index, path] of sequence.entries())
      expect(ledTo(path, 'turns'), path).toEqual([sequence[index - 1], 'title.html', sequence[index + 1]].filter(Boolean));
    const chapter3 = ledTo('chapter-03.html', 'blocks');
    expect(chapter3).toEqual(['chapter-03-blocka.html', 'chapter-03-blockb.html', 'chapter-03-blockc.html']);
    // The handout is its title, linked, not its address as words.
    expect(stored('chapter-01.html')).toMatch(/<a href="[^"]*chapter-1-handout\.pdf">Chapter 1 handout: Cities, environment and health<\/a>/);
  });

  it('opens in kiwix-serve at its title page and contents, its search finds a chapter, and it is dated by SOURCE_DATE_EPOCH', async (context) => {
    // The build dates the ZIM with faketime when it is installed: without it the date is the day of the build.
    needs(context, 'zimwriterfs', 'python3.libzim', 'faketime', 'kiwix-serve', 'kiwix-manage');
    await withKiwix(async (origin, book) => {
      const welcome = await fetch(`${origin}/${book}/`);
      expect(welcome.status).toBe(200);
      const html = await welcome.text();
      expect(textOf(html)).toContain(edition.title);
      expect(html).toMatch(/<a href="chapter-03-blocka\.html">/);
      const search = await (await fetch(`${origin}/search?content=${book}&pattern=sanitation`)).text();
      expect(search).toContain(`/${book}/chapter-03.html`);
    });
    const library = join(projectRoot, 'tests/.output/kiwix-library.xml');
    rmSync(library, { force: true });
    execFileSync(pathOf('kiwix-manage'), [library, 'add', file('.zim')]);
    const entry = readFileSync(library, 'utf8');
    expect(entry).toContain(`date="${edition.date.slice(0, 10)}"`);
    // Kiwix's library says what the book holds: pictures and a full-text index, no videos (they stay online).
    const tags = /tags="([^"]*)"/.exec(entry)?.[1]?.split(';') ?? [];
    expect(tags).toEqual(expect.arrayContaining(['_pictures:yes', '_videos:no', '_ftindex:yes']));
    expect(tags).not.toContain('_videos:yes');
    // Each of the book's tags once (libzim and libkiwix each add their own _ftindex:yes beside them).
    const ours = tags.filter((tag) => !tag.startsWith('_ftindex'));
    expect(new Set(ours).size, tags.join(';')).toBe(ours.length);
    // openZIM's metadata rules, which the Zimfarm and Kiwix's catalogue hold a ZIM to.
    const title = /title="([^"]*)"/.exec(entry)?.[1] ?? '';
    const description = /description="([^"]*)"/.exec(entry)?.[1] ?? '';
    expect(title.length, title).toBeGreaterThan(0);
    expect([...title].length, title).toBeLessThanOrEqual(30);
    expect(description.length, description).toBeGreaterThan(0);
    expect([...description].length, description).toBeLessThanOrEqual(80);
  });

  it('fits a 375 px phone and fills a 1280 px screen in Kiwix, page by page, with its bar working', async (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'kiwix-serve');
    const executablePath = testChromiumPath();
    const browser = await chromium.launch({ args: chromiumArgs, ...(executablePath ? { executablePath } : {}) });
    try {
      await withKiwix(async (origin, book) => {
        for (const width of [375, 1280]) {
          const page = await browser.newPage({ viewport: { width, height: 800 } });
          const errors: string[] = [];
          page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
          page.on('pageerror', (error) => errors.push(error.message));
          for (const path of zimFiles) {
            await page.goto(`${origin}/${book}/${path}`, { waitUntil: 'load' });
            const layout = await page.evaluate(() => ({
              wide: document.documentElement.scrollWidth,
              // Boxes and activities as wide as the text they sit in (not narrow columns).
              narrow: [...document.querySelectorAll('section.box, section.activity')]
                .filter((section) => section.getBoundingClientRect().width < 0.9 * section.parentElement!.getBoundingClientRect().width)
                .map((section) => section.id),
            }));
            expect(layout.wide, `${path} at ${width} px`).toBeLessThanOrEqual(width);
            expect(layout.narrow, `${path} at ${width} px`).toEqual([]);
          }
          // Kiwix's own bar (its search field) runs: no policy of the web's blocks its scripts.
          await expect.poll(() => page.locator('#kiwixsearchbox').count()).toBe(1);
          expect(errors, `at ${width} px`).toEqual([]);
          await page.close();
        }
      });
    } finally {
      await browser.close();
    }
  });
});

describe("the book's licence, in the same words in every edition", () => {
  const sentence = licenceText();
  const { url, spdx } = bookConfig.licence;
  /** The copyright line, then the licence's sentence: what each edition's metadata says of its rights. */
  const rights = new RegExp(`^© \\d{4} Author One \\(placeholder name\\), .+\\. ${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const entries = unzipSync(readFileSync(file('.epub')));

  it("is the EPUB's dc:rights after the copyright line, with the licence's address as dcterms:license, and its title page's", () => {
    const opf = strFromU8(entries['EPUB/package.opf']!);
    const stated = /<dc:rights>([^<]*)<\/dc:rights>/.exec(opf)?.[1] ?? '';
    expect(stated).toMatch(rights);
    expect(opf).toContain(`<meta property="dcterms:license">${url}</meta>`);
    const title = strFromU8(entries['EPUB/title.xhtml']!);
    expect(textOf(title)).toContain(stated);
    expect(title).toContain(`<a href="${url}" rel="license">${licenceSentence().name}</a>`);
  });

  it("is on the PDFs' copyright pages, the licence's address printed after its name, and in their XMP rights", async (context) => {
    needs(context, 'pdftotext');
    const opf = strFromU8(entries['EPUB/package.opf']!);
    const epubRights = /<dc:rights>([^<]*)<\/dc:rights>/.exec(opf)?.[1] ?? '';
    // The whole book's second page, a chapter's first: the words of the sentence, with the address as paper shows a link's.
    const { name } = licenceSentence();
    const printed = sentence.replace(name, `${name} (${url})`);
    for (const [pdf, page] of [
      [file('.pdf'), 2],
      [file('-chapter-01.pdf'), 1],
    ] as const) {
      const { stdout } = await run(pathOf('pdftotext'), ['-f', String(page), '-l', String(page), pdf, '-']);
      expect(stdout.replace(/\s+/g, ' '), pdf).toContain(printed);
      const document = await PDFDocument.load(readFileSync(pdf), { updateMetadata: false });
      const stream = document.catalog.lookup(PDFName.of('Metadata'), PDFStream);
      expect(stream, pdf).toBeInstanceOf(PDFRawStream);
      const xmp = new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode());
      const stated = /<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)<\/rdf:li>/.exec(xmp)?.[1] ?? '';
      expect(stated, pdf).toBe(epubRights);
      expect(xmp).toContain('<xmpRights:Marked>True</xmpRights:Marked>');
      expect(xmp).toContain(`<xmpRights:WebStatement>${url}</xmpRights:WebStatement>`);
    }
  });

  it("is the ZIM's License (its code) and LongDescription, as Kiwix reads them, and its title page's", async (context) => {
    needs(context, 'zimwriterfs', 'python3.libzim', 'kiwix-serve', 'zimdump');
    await withKiwix(async (origin, book) => {
      const meta = async (key: string) => (await fetch(`${origin}/raw/${book}/meta/${key}`)).text();
      expect(await meta('License')).toBe(spdx);
      const long = await meta('LongDescription');
      expect(long.startsWith(`${edition.description} `)).toBe(true);
      expect(long.slice(edition.description.length + 1)).toMatch(rights);
    });
    const title = execFileSync(pathOf('zimdump'), ['show', '--url=title.html', file('.zim')], { encoding: 'utf8' });
    expect(textOf(title)).toContain(sentence);
  });
});

/** Runs `check` while kiwix-serve serves the ZIM; gives it the server's origin and the book's name in its addresses. */
async function withKiwix(check: (origin: string, book: string) => Promise<void>): Promise<void> {
  const port = Number(process.env.TEST_PORT ?? 4322) + 140;
  const server = spawn(pathOf('kiwix-serve'), ['--port', String(port), '--address', '127.0.0.1', file('.zim')], { stdio: 'ignore' });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${origin}/`).then(
            (answer) => answer.ok,
            () => false,
          ),
        // kiwix-serve answers within a second; the limit only ends a wait for one that never starts.
        { timeout: 60_000 },
      )
      .toBe(true);
    await check(origin, `${name}-${version}`);
  } finally {
    server.kill();
  }
}
