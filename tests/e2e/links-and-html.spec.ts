import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { sitePages } from '../support/site.ts';
import { systemTool } from '../../tools/common/system-tools.ts';
import { missingHere } from '../support/system-tools.ts';

const dist = join(import.meta.dirname, '../../dist');

/** What the W3C Nu checker reports, as it reports it (a JSON list on its error stream, exit code 1 if any error). */
interface NuMessage {
  url: string;
  lastLine: number;
  message: string;
}
// vnu-jar's main export is the path of its vnu.jar (the package has no types).
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;
const java = systemTool('java');
const nuCheck = (files: string[]) =>
  new Promise<NuMessage[]>((resolve, reject) =>
    execFile(
      java.path ?? 'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _out, err) => {
        if (error && error.code !== 1) reject(error);
        else resolve((JSON.parse(err) as { messages: NuMessage[] }).messages);
      },
    ),
  );

/** What one visit reads of a page: the addresses it names on this site, and its texts as a reader meets them. */
interface Reading {
  path: string;
  links: string[];
  /** A link or emphasis glued to the word before or after it. */
  glued: string[];
  /** The visible headings, in order. */
  headings: string[];
  /** Every text a reader can meet, open or not: the page's own, a box's, a tip's, a description's. */
  texts: string[];
}

async function read(page: Page, path: string): Promise<Reading> {
  await page.goto(path);
  return {
    path,
    ...(await page.evaluate(() => {
      const links = [
        ...document.querySelectorAll<HTMLElement>(
          'a[href], link[href], img[src], script[src], source[src], source[srcset], video[src], video[poster], iframe[src]',
        ),
      ]
        .flatMap((el) => {
          const raw = el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('srcset') ?? '';
          return raw.split(',').map((part) => new URL(part.trim().split(/\s+/)[0] ?? '', location.href).href);
        })
        .filter((url) => new URL(url).origin === location.origin);
      const wordEdge = { end: /[\p{L}\p{N}]$/u, start: /^[\p{L}\p{N}]/u };
      const text = (node: Node | null) => (node?.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '');
      const glued = [...document.body.querySelectorAll('a, em, strong, code, time')].flatMap((element) => {
        const own = element.textContent ?? '';
        const [before, after] = [text(element.previousSibling), text(element.nextSibling)];
        const gluedBefore = wordEdge.end.test(before) && wordEdge.start.test(own);
        const gluedAfter = wordEdge.end.test(own) && wordEdge.start.test(after);
        return gluedBefore || gluedAfter ? [`${before.slice(-20)}[${own.slice(0, 30)}]${after.slice(0, 20)}`] : [];
      });
      const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
        .filter((heading) => heading.checkVisibility())
        .map((heading) => heading.textContent?.trim() ?? '');
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const texts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // An address written out (a reference's bare link) is copied as it is, never typeset.
        if (node.parentElement?.closest('code, pre, script, style, kbd, samp, noscript, a[data-bare]')) continue;
        texts.push(node.textContent ?? '');
      }
      for (const element of document.querySelectorAll('[alt], [title], [aria-label]'))
        for (const name of ['alt', 'title', 'aria-label']) texts.push(element.getAttribute(name) ?? '');
      return { links, glued, headings, texts };
    })),
  };
}

// Page content is the same at every width. Every page is visited once, and read for each test below: in one worker,
// in order, so the visits are not repeated.
test.describe('the built site', sameAtEveryWidth, () => {
  test.describe.configure({ mode: 'default' });
  let readings: Reading[] = [];
  // What the visits met that the test fixture's guard fails a test on (tests/support/test.ts): errors, other hosts.
  let guarded: string[] = [];
  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const { baseURL = '', viewport = null } = testInfo.project.use;
    const page = await browser.newPage({ baseURL, viewport, serviceWorkers: 'block' });
    page.on('pageerror', (error) => guarded.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      // The not-found page answers with its status, as it should.
      if (message.type() === 'error' && !message.text().includes('status of 404')) guarded.push(`${message.text()} (${page.url()})`);
    });
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).origin !== new URL(page.url()).origin) guarded.push(`another host: ${request.url()}`);
    });
    // The not-found page is read too, as a reader meets it.
    for (const path of [...sitePages(), '/404.html']) readings.push(await read(page, path));
    await page.close();
  });
  test.afterAll(() => {
    readings = [];
    guarded = [];
  });

  test('is read with no page error, console error or request to another host', () => {
    expect(readings.length).toBe(sitePages().length + 1);
    expect(guarded).toEqual([]);
  });

  test('has no broken internal links, resources or anchors', async ({ request }) => {
    test.setTimeout(180_000); // every address the pages name
    const targets = new Map<string, string>();
    for (const { path, links } of readings.filter(({ path }) => sitePages().includes(path))) for (const url of links) targets.set(url, path);
    const broken: string[] = [];
    for (const [url, from] of targets) {
      const { pathname, hash } = new URL(url);
      const response = await request.get(pathname);
      if (response.status() !== 200) broken.push(`${url} (status ${response.status()}, linked from ${from})`);
      // A fragment names an element in a page; in a PDF it is an open parameter for the viewer (RFC 8118: #toolbar=0).
      else if (hash && response.headers()['content-type']?.startsWith('text/html')) {
        const html = await response.text();
        const id = decodeURIComponent(hash.slice(1));
        if (!html.includes(`id="${id}"`)) broken.push(`${url} (no element with id "${id}", linked from ${from})`);
      }
    }
    expect(broken).toEqual([]);
    expect(targets.size).toBeGreaterThan(20);
  });

  test('no word is glued to a link or to emphasis, and no page has two headings that read the same', () => {
    const glued = readings.flatMap(({ path, glued }) => glued.map((where) => `${path}: ${where}`));
    // A list of the page's headings (a screen reader's) must tell each apart.
    const repeatedHeadings = readings.flatMap(({ path, headings }) =>
      [...new Set(headings.filter((heading, index) => headings.indexOf(heading) !== index))].map((heading) => `${path}: "${heading}"`),
    );
    expect(readings.length).toBe(sitePages().length + 1);
    expect({ glued, repeatedHeadings }).toEqual({ glued: [], repeatedHeadings: [] });
  });

  test('sets its text alike everywhere: curly quotes and apostrophes, ranges of numbers with an en dash', () => {
    const straight: string[] = [];
    for (const { path, texts } of readings) {
      for (const text of texts) {
        const slip = /[\p{L}]'[\p{L}]|(^|\s)['"]\p{L}|\p{L}['"]($|[\s,.;:])|\b(1[89]|20)\d\d-(1[89]|20)\d\d\b/u.exec(text);
        if (slip) straight.push(`${path}: …${text.slice(Math.max(0, slip.index - 20), slip.index + 20)}…`);
      }
    }
    expect(readings.length).toBe(sitePages().length + 1);
    expect([...new Set(straight)]).toEqual([]);
  });

  const builtPages = () => [...sitePages().map((path) => join(dist, path, 'index.html')), join(dist, '404.html')];

  test('ends every page at </html>, where the W3C checker stops reading', () => {
    const after = builtPages().flatMap((file) => {
      const html = readFileSync(file, 'utf8');
      const rest = html.slice(html.lastIndexOf('</html>') + '</html>'.length).trim();
      return rest ? [`${relative(dist, file)}: something follows </html>: ${rest.slice(0, 80)}`] : [];
    });
    expect(after).toEqual([]);
  });

  test('passes the W3C Nu checker on every page', async () => {
    // On CI (.ci/run installs Java) it always runs: without Java there, it fails rather than go unrun.
    test.skip(missingHere(java), `The W3C Nu checker needs Java: ${java.missing}`);
    const errors = await nuCheck(builtPages());
    expect(errors.map((m) => `${relative(dist, fileURLToPath(m.url))}:${m.lastLine} ${m.message}`)).toEqual([]);
  });
});

test(
  "every link's name says where it goes: words, never a bare number or 'here', nor one name for two places",
  sameAtEveryWidth,
  async ({ page }) => {
    const vague = /^[\W\d_]*$|^(here|click here|more|read more|link|this)$/i;
    const found: string[] = [];
    for (const path of sitePages()) {
      await page.goto(path);
      // Names and addresses as assistive technology has them, from the accessibility tree (what is hidden is left out).
      const links = [...(await page.locator('body').ariaSnapshot()).matchAll(/- link "((?:[^"\\]|\\.)*)":?\s*(?:- \/url: "?([^"\n]*))?/g)];
      found.push(...links.filter(([, name]) => vague.test(name!.trim())).map(([, name]) => `${path}: "${name}"`));
      const places = new Map<string, Set<string>>();
      for (const [, name, url] of links) places.set(name!, (places.get(name!) ?? new Set()).add(url ?? ''));
      found.push(...[...places].filter(([, urls]) => urls.size > 1).map(([name, urls]) => `${path}: "${name}" leads to ${urls.size} places`));
    }
    expect(found).toEqual([]);
  },
);
