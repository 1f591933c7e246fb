/**
 * A page marked `draft: true` is the author's to preview: `astro dev` shows it, marked as a draft,
 * and the built site has no trace of it (page, contents, navigation, sitemap, search, offline lists).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, buildBook, buildTimeout } from '../support/build-book.ts';
import { devBook, type DevServer } from '../support/dev-book.ts';

// Words that occur only in the draft pages, to look for anywhere in the built site.
const draftChapter = { title: 'A chapter still being written', word: 'zyzzogeton' };
const draftBlock = { title: 'Block B: notes for later', word: 'quahogging' };
const blockOfDraft = { title: 'Block A: part of the draft chapter', word: 'xylocopine' };
const draftMarker = 'Draft: shown while you write (npm run dev) and left out of the built book.';

/** The valid book (chapters 1 and 2, with 2/BlockA) plus draft chapter 3 with a sub-page, and a draft sub-page of chapter 2. */
function addDrafts(root: string) {
  const chapters = join(root, 'chapters');
  const image = 'image:\n  src: ./images/street.svg\n  alt: Three yellow buildings of different heights on a dark blue background.';
  writeFileSync(
    join(chapters, '03-draft.mdx'),
    `---\nnumber: 3\ntitle: ${draftChapter.title}\ndraft: true\n${image}\n---\n\nThe ${draftChapter.word} is a placeholder.\n`,
  );
  mkdirSync(join(chapters, '03-draft'));
  writeFileSync(
    join(chapters, '03-draft/BlockA.mdx'),
    `---\nchapter: 3\norder: 1\ntitle: "${blockOfDraft.title}"\n---\n\nThe ${blockOfDraft.word} is a placeholder.\n`,
  );
  writeFileSync(
    join(chapters, '02-second/BlockB.mdx'),
    `---\nchapter: 2\norder: 2\ntitle: "${draftBlock.title}"\ndraft: true\n---\n\nThe ${draftBlock.word} is a placeholder.\n`,
  );
}

/** Every text file of the built site, with its path; Pagefind's compressed index fragments unpacked. */
function builtText(dist: string): { file: string; text: string }[] {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
  return files.flatMap((file) => {
    if (/\.(html|xml|json|js|txt|css)$|^_headers$|^_redirects$/.test(file)) return [{ file, text: readFileSync(join(dist, file), 'utf8') }];
    if (file.endsWith('.pf_fragment')) return [{ file, text: gunzipSync(readFileSync(join(dist, file))).toString('utf8') }];
    return [];
  });
}

/** The pages Pagefind indexed: each fragment is "pagefind_dcd" followed by the page's JSON. */
function searchIndex(dist: string): { url: string; content: string }[] {
  const dir = join(dist, 'pagefind/fragment');
  return readdirSync(dir).map(
    (file) =>
      JSON.parse(
        gunzipSync(readFileSync(join(dir, file)))
          .toString('utf8')
          .replace(/^pagefind_dcd/, ''),
      ) as { url: string; content: string },
  );
}

const page = (dist: string, route: string) => readFileSync(join(dist, route, 'index.html'), 'utf8');
/** The previous and next links of a built page, as their addresses. */
const readingLinks = (html: string) => [...html.matchAll(/<a href="([^"]+)" rel="(prev|next)"/g)].map(([, href, rel]) => `${rel} ${href}`);

// A hook has no signal of its own: this one, aborted once the file is done, stops a build its hook left running.
const hooks = new AbortController();
afterAll(() => hooks.abort());

let built: BuildResult;
beforeAll(async () => {
  built = await buildBook('valid', {
    name: 'drafts',
    edit: addDrafts,
    signal: hooks.signal,
  });
}, buildTimeout);

describe('a book with a draft chapter and draft sub-pages, built', () => {
  it('builds the published pages and none of the drafts', () => {
    expect(built.code, built.output).toBe(0);
    const pages = readdirSync(join(built.dist, 'index'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('index.html'));
    expect(pages.sort()).toEqual(['Chapter1/index.html', 'Chapter2/BlockA/index.html', 'Chapter2/index.html', 'index.html']);
  });

  it("leaves them off the contents page, the chapter's list of blocks and the previous and next links", () => {
    const contents = page(built.dist, 'index');
    expect(contents).toContain('A second chapter');
    expect(contents).not.toContain(draftChapter.title);
    expect(contents).not.toContain('/index/Chapter3');
    const chapter2 = page(built.dist, 'index/Chapter2');
    expect(chapter2).toContain('Block A: a first case');
    expect(chapter2).not.toContain(draftBlock.title);
    expect(readingLinks(chapter2)).toEqual(['prev /index/Chapter1', 'next /index/Chapter2/BlockA']);
    // Block A is the last published page: no next link to the draft block or chapter after it.
    expect(readingLinks(page(built.dist, 'index/Chapter2/BlockA'))).toEqual(['prev /index/Chapter2']);
  });

  it('leaves them out of the sitemap, the search index and the offline lists', () => {
    const sitemap = readFileSync(join(built.dist, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('/index/Chapter2/BlockA<');
    expect(sitemap).not.toMatch(/Chapter3|BlockB/);
    const indexed = searchIndex(built.dist);
    expect(indexed.map((p) => p.url).sort()).toEqual(['/index/Chapter1/', '/index/Chapter2/', '/index/Chapter2/BlockA/']);
    expect(indexed.find((p) => p.url === '/index/Chapter2/')?.content).toContain('Clean water and safe sanitation');
    const offline = readdirSync(join(built.dist, 'offline-files'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'));
    expect(offline.sort()).toEqual(['Introduction.json', 'index/Chapter1.json', 'index/Chapter2.json', 'index/Chapter2/BlockA.json']);
  });

  it('has no word of the drafts anywhere in the built site', () => {
    const text = builtText(built.dist);
    // The check reads the files that matter: the published pages' words are found the same way.
    expect(text.some(({ text }) => text.includes('follows it in reading order'))).toBe(true);
    for (const { title, word } of [draftChapter, draftBlock, blockOfDraft]) {
      expect(text.filter(({ text }) => text.includes(word) || text.includes(title)).map(({ file }) => file)).toEqual([]);
    }
  });
});

describe('the same book in astro dev', () => {
  // Aborted in afterAll: stops the server even when beforeAll failed or timed out before it was ready.
  const stopDev = new AbortController();
  let dev: DevServer | undefined;
  beforeAll(async () => {
    expect(built.code, built.output).toBe(0);
    dev = await devBook(built.root, Number(process.env.TEST_PORT ?? 4322) + 82, { signal: stopDev.signal });
  }, buildTimeout);
  afterAll(async () => {
    stopDev.abort();
    await dev?.stop();
  });

  const html = async (route: string) => {
    const response = await fetch(`${dev!.origin}${route}`);
    expect(response.status, route).toBe(200);
    return response.text();
  };

  it('shows the draft chapter, its sub-page and the draft sub-page, each marked as a draft', async () => {
    for (const [route, { title, word }] of [
      ['/index/Chapter3', draftChapter],
      ['/index/Chapter3/BlockA', blockOfDraft],
      ['/index/Chapter2/BlockB', draftBlock],
    ] as const) {
      const text = await html(route);
      expect(text).toContain(title);
      expect(text).toContain(word);
      expect(text).toContain(draftMarker);
    }
    expect(await html('/index/Chapter2')).not.toContain(draftMarker);
  });

  it('lists the draft on the contents page, labelled, and links to it from the page before', async () => {
    const contents = await html('/index');
    expect(contents).toMatch(/Chapter 3 <span class="chapter-card__status"[^>]*>Draft<\/span>/);
    expect(contents).toContain(draftChapter.title);
    expect(readingLinks(await html('/index/Chapter2/BlockB'))).toEqual(['prev /index/Chapter2/BlockA', 'next /index/Chapter3']);
  });
});
