/**
 * The valid fixture book built as an author builds it (`npm run build`), with draft pages added: every published page,
 * rendered as written, and no trace of a draft (page, contents, navigation, sitemap, search, offline lists): a page
 * marked `draft: true` is the author's to preview, which tests/e2e/dev-server.spec.ts shows `npm run dev` does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, buildBook, buildTimeout } from '../support/build-book.ts';
import { addDrafts, blockOfDraft, draftBlock, draftChapter } from '../support/drafts.ts';

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
    name: 'valid',
    edit: addDrafts,
    signal: hooks.signal,
  });
}, buildTimeout);

describe('the valid book, built', () => {
  it('builds, with every chapter and sub-page (nothing skipped)', () => {
    const { code, output, dist } = built;
    expect(code, output).toBe(0);
    for (const page of ['index/Chapter1', 'index/Chapter2', 'index/Chapter2/BlockA', 'index', 'Introduction']) {
      expect(existsSync(join(dist, page, 'index.html')), page).toBe(true);
    }
    const contents = readFileSync(join(dist, 'index/index.html'), 'utf8');
    expect(contents).toContain('A first chapter');
    // The downloads are their own step (npm run build:downloads): without it no page offers them.
    expect(existsSync(join(dist, 'downloads'))).toBe(false);
    expect(contents).not.toContain('Take the book away');
    expect(contents).toContain('A second chapter');
    expect(readFileSync(join(dist, 'index/Chapter2/BlockA/index.html'), 'utf8')).toContain('follows it in reading order');
    // Chapter 2's frontmatter gives its last update; Chapter 1 has none, and no git history in the scratch copy: no date.
    expect(readFileSync(join(dist, 'index/Chapter2/index.html'), 'utf8')).toMatch(/Last updated <time datetime="2025-05-01"[^>]*>1 May 2025<\/time>/);
    expect(readFileSync(join(dist, 'index/Chapter1/index.html'), 'utf8')).not.toContain('<time');
    // A footnote's mark and its note link to each other: each link's target is on the page.
    const second = readFileSync(join(dist, 'index/Chapter2/index.html'), 'utf8');
    const footnoteLinks = [...second.matchAll(/href="#(user-content-fn[^"]*)"/g)].map(([, id]) => id!);
    expect(footnoteLinks.length, 'a mark and a back-link').toBeGreaterThanOrEqual(2);
    for (const id of footnoteLinks) expect(second, id).toContain(`id="${id}"`);
  });
});

describe('its draft chapter and draft sub-pages', () => {
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
