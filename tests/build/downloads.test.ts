/**
 * The files `npm run build:downloads` made from the built book (npm test runs it after the build), checked by the
 * tools readers' software trusts: EPUBCheck, zimcheck and kiwix-serve, poppler's pdftotext.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';
import { DomUtils, parseDocument } from 'htmlparser2';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tools/scratch-project.ts';

const dist = join(projectRoot, 'dist');
const downloads = join(dist, 'downloads');
const { name, version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; version: string };
const file = (suffix: string) => join(downloads, `${name}-${version}${suffix}`);
const run = promisify(execFile);
/** Debian's tools, which .ci/run installs: on a machine without them a test says what to install. */
const installed = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const textOf = (html: string) => DomUtils.textContent(parseDocument(html)).replace(/\s+/g, ' ');
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
  for (const suffix of ['.epub', '.pdf', '.zim', '-chapter-01.pdf', '-chapter-10.pdf']) expect(files).toContain(`${name}-${version}${suffix}`);
});

describe('the EPUB', () => {
  const entries = unzipSync(readFileSync(file('.epub')));
  const documents = Object.keys(entries).filter((path) => path.endsWith('.xhtml'));

  it('passes EPUBCheck with no error and no warning', async () => {
    expect(installed('epubcheck'), 'EPUBCheck is not installed: apt-get install epubcheck').toBe(true);
    // Debian's /usr/bin/epubcheck is the jar itself.
    const { stdout } = await run('java', ['-jar', '/usr/bin/epubcheck', file('.epub')]).catch((error: { stdout: string; stderr: string }) => ({
      stdout: `${error.stdout}${error.stderr}`,
    }));
    expect(stdout).toContain('No errors or warnings detected.');
  });

  it('has every chapter and sub-page in reading order, in its navigation document', () => {
    const nav = strFromU8(entries['EPUB/nav.xhtml']!).split('epub:type="landmarks"')[0]!;
    const order = [...nav.matchAll(/href="text\/([^"]+)"/g)].map((match) => match[1]);
    expect(order.slice(0, 3)).toEqual(['chapter-01.xhtml', 'chapter-02.xhtml', 'chapter-03.xhtml']);
    expect(order).toContain('chapter-03-blocka.xhtml');
    expect(order).toHaveLength(documents.filter((path) => path.startsWith('EPUB/text/')).length);
    expect(textOf(nav)).toContain('Chapter 1. Introduction');
  });

  it('shows the boxes, activities and tip in full, embeds as links, pictures and references', () => {
    const chapter = strFromU8(entries['EPUB/text/chapter-01.xhtml']!);
    const text = textOf(chapter);
    for (const words of [
      'Box 1: Public health and the urban built environment',
      'Low-density cities in a region with a long dry season',
      'Activity 2:',
      'Suggested reading: Szreter (2003)',
    ])
      expect(text).toContain(words);
    expect(chapter).toContain('href="https://www.youtube.com/watch?v=jbkSRLYSojo"');
    expect(chapter).not.toMatch(/<(script|button|iframe)\b/);
    expect(chapter).toMatch(/<img [^>]*src="\.\.\/images\/[^"]+\.svg"[^>]*alt="World map/);
    expect(chapter).toContain('<li id="ref-galea2005">');
  });

  it('has all its own links resolve: every file and every anchor they name is in it', () => {
    const ids = new Map(
      documents.map((path) => [path, new Set([...strFromU8(entries[path]!).matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]))]),
    );
    const broken: string[] = [];
    for (const path of documents) {
      for (const [, href] of strFromU8(entries[path]!).matchAll(/\s(?:href|src)="([^"]+)"/g)) {
        if (/^(https?|mailto):/.test(href!)) continue;
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
    expect(installed('pdftotext'), 'pdftotext is not installed: apt-get install poppler-utils').toBe(true);
    const { stdout } = await run('pdftotext', ['-layout', '-f', String(first), ...(last ? ['-l', String(last)] : []), pdf, '-']);
    return stdout.split('\f').map((page) => page.replace(/\s+/g, ' ').trim());
  }
  /** Every bookmark, depth first: its title and how deep it is. */
  async function bookmarks(pdf: string): Promise<{ title: string; depth: number; page: number }[]> {
    const { stdout } = await run('qpdf', ['--json', '--json-key=outlines', pdf], { maxBuffer: 64 * 1024 * 1024 });
    type Item = { title: string; destpageposfrom1: number; kids: Item[] };
    const flat = (items: Item[], depth: number): { title: string; depth: number; page: number }[] =>
      items.flatMap((item) => [{ title: item.title, depth, page: item.destpageposfrom1 }, ...flat(item.kids, depth + 1)]);
    return flat((JSON.parse(stdout) as { outlines: Item[] }).outlines, 0);
  }

  it("a chapter's PDF holds its headings and its sub-pages' titles, as selectable text", async () => {
    const text = (await pagesOf(file('-chapter-03.pdf'))).join(' ');
    for (const heading of [...headings('index/Chapter3'), ...headings('index/Chapter3/BlockA')]) expect(text, heading).toContain(heading);
  });

  it('the book opens with its title page, its copyright page and a contents page that gives each chapter its page', async () => {
    const [title = '', copyright = '', contents = ''] = await pagesOf(file('.pdf'), 1, 3);
    expect(title).toContain('Public health in mega-cities; the environmental dimension.');
    expect(title).toMatch(/^Public health .* By Author One \(placeholder name\), .* Version \d+\.\d+\.\d+, \d{1,2} \w+ \d{4}$/);
    expect(copyright).toMatch(/^© \d{4} Author One/);
    expect(contents).toMatch(/^Contents Preface \d+ Chapter 1: Introduction \d+ Chapter 2: /);
    // Each chapter starts at the top of the page the contents give it: its label and title come first, after the running head.
    const pages = await pagesOf(file('.pdf'));
    const squeezed = (text: string) => text.replace(/\s+/g, '').toLowerCase();
    const listed = [...contents.matchAll(/(Chapter \d+): (.+?) (\d+)(?= Chapter \d| Block | \d+$)/g)];
    expect(listed).toHaveLength(10);
    for (const [, label = '', title = '', page] of listed) {
      expect(squeezed(pages[Number(page) - 1] ?? '').slice(0, 200), `${label} on page ${page}`).toContain(squeezed(`${label}${title}`));
    }
  });

  it('has bookmarks titled as the headings, blocks under their chapter, and no link to this machine', async () => {
    const marks = await bookmarks(file('.pdf'));
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
    const words = new Set((await pagesOf(file('.pdf'))).join(' ').split(' '));
    for (const { title } of marks) for (const word of title.split(' ')) expect(words, `"${word}" in "${title}"`).toContain(word);
    const { stdout } = await run('qpdf', ['--qdf', '--object-streams=disable', file('.pdf'), '-'], {
      encoding: 'latin1',
      maxBuffer: 64 * 1024 * 1024,
    });
    const addresses = [...stdout.matchAll(/\/URI \(([^)]*)\)/g)].map(([, uri]) => uri!);
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

  it('print no instruction for a screen', async () => {
    const text = (await pagesOf(file('.pdf'))).join(' ');
    for (const words of ['new tab', 'arrow keys', 'swiping', 'full size', 'Open the data', 'Save this chapter', 'JavaScript'])
      expect(text).not.toContain(words);
  });
});

describe('the ZIM', () => {
  it('passes zimcheck -A', async () => {
    expect(installed('zimcheck'), 'zimcheck is not installed: apt-get install zim-tools').toBe(true);
    const { stdout } = await run('zimcheck', ['-A', file('.zim')]);
    expect(stdout).toContain('Overall Test Status: Pass');
    expect(stdout).not.toContain('[WARNING]');
  });

  it('opens in kiwix-serve at the Introduction, and its search finds a chapter', async () => {
    expect(installed('kiwix-serve'), 'kiwix-serve is not installed: apt-get install kiwix-tools').toBe(true);
    const port = 4640;
    const server = spawn('kiwix-serve', ['--port', String(port), '--address', '127.0.0.1', file('.zim')], { stdio: 'ignore' });
    try {
      const origin = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            fetch(`${origin}/`).then(
              (answer) => answer.ok,
              () => false,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      const book = `${name}-${version}`;
      const introduction = await fetch(`${origin}/${book}/index/Chapter1/index.html`);
      expect(introduction.status).toBe(200);
      const html = await introduction.text();
      expect(html).toMatch(/<h1[^>]*>Introduction<\/h1>/);
      // Its stylesheet is found from where Kiwix serves the page.
      const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
      expect((await fetch(new URL(stylesheet!, introduction.url))).status).toBe(200);
      const search = await (await fetch(`${origin}/search?content=${book}&pattern=sanitation`)).text();
      expect(search).toContain(`/${book}/index/Chapter3/index.html`);
    } finally {
      server.kill();
    }
  });
});
