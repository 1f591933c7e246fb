import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { sitePages } from '../support/site.ts';
import { systemTool } from '../../tools/common/system-tools.ts';

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

// Page content is the same at every width.
test.describe('the built site', sameAtEveryWidth, () => {
  test('has no broken internal links, resources or anchors', async ({ page, request }) => {
    test.setTimeout(180_000); // a crawl of every page and every address they name
    const targets = new Map<string, string>();
    for (const path of sitePages()) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const urls = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'a[href], link[href], img[src], script[src], source[src], source[srcset], video[src], video[poster], iframe[src]',
          ),
        ].flatMap((el) => {
          const raw = el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('srcset') ?? '';
          return raw.split(',').map((part) => new URL(part.trim().split(/\s+/)[0] ?? '', location.href).href);
        }),
      );
      for (const url of urls) if (new URL(url).origin === new URL(page.url()).origin) targets.set(url, path);
    }
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

  test.describe('read as a reader sees it', () => {
    // The not-found page is read too, with its 404 status.
    test.use({ expectedConsoleErrors: [/status of 404/] });

    // One visit per page for both: each page is read as a whole.
    test('no word is glued to a link or to emphasis, and no page has two headings that read the same', async ({ page }) => {
      const glued: string[] = [];
      const repeatedHeadings: string[] = [];
      for (const path of [...sitePages(), '/404.html']) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const found = await page.evaluate(() => {
          const wordEdge = { end: /[\p{L}\p{N}]$/u, start: /^[\p{L}\p{N}]/u };
          const text = (node: Node | null) => (node?.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '');
          return [...document.body.querySelectorAll('a, em, strong, code, time')].flatMap((element) => {
            const own = element.textContent ?? '';
            const [before, after] = [text(element.previousSibling), text(element.nextSibling)];
            const gluedBefore = wordEdge.end.test(before) && wordEdge.start.test(own);
            const gluedAfter = wordEdge.end.test(own) && wordEdge.start.test(after);
            return gluedBefore || gluedAfter ? [`${before.slice(-20)}[${own.slice(0, 30)}]${after.slice(0, 20)}`] : [];
          });
        });
        glued.push(...found.map((where) => `${path}: ${where}`));
        // A list of the page's headings (a screen reader's) must tell each apart.
        const headings = await page
          .locator('h1, h2, h3, h4, h5, h6')
          .evaluateAll((all) => all.filter((heading) => heading.checkVisibility()).map((heading) => heading.textContent?.trim() ?? ''));
        const twice = new Set(headings.filter((heading, index) => headings.indexOf(heading) !== index));
        repeatedHeadings.push(...[...twice].map((heading) => `${path}: "${heading}"`));
      }
      expect({ glued, repeatedHeadings }).toEqual({ glued: [], repeatedHeadings: [] });
    });
  });

  test.describe('its typography', () => {
    // The 404 page answers with its status, as it should.
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test('sets its text alike everywhere: curly quotes and apostrophes, ranges of numbers with an en dash', async ({ page }) => {
      const straight: string[] = [];
      for (const path of [...sitePages(), '/404.html']) {
        await page.goto(path);
        // Every text a reader can meet, open or not: the page's own, a box's, a tip's, a figure's drawing's description.
        const texts = await page.evaluate(() => {
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          const found: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement?.closest('code, pre, script, style, kbd, samp, noscript')) continue;
            found.push(node.textContent ?? '');
          }
          const described = [...document.querySelectorAll('[alt], [title], [aria-label]')].flatMap((element) =>
            ['alt', 'title', 'aria-label'].map((name) => element.getAttribute(name) ?? ''),
          );
          return [...found, ...described];
        });
        for (const text of texts) {
          const slip = /[\p{L}]'[\p{L}]|(^|\s)['"]\p{L}|\p{L}['"]($|[\s,.;:])|\b(1[89]|20)\d\d-(1[89]|20)\d\d\b/u.exec(text);
          if (slip) straight.push(`${path}: …${text.slice(Math.max(0, slip.index - 20), slip.index + 20)}…`);
        }
      }
      expect([...new Set(straight)]).toEqual([]);
    });
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
    test.skip(!java.path && !process.env.CI, `The W3C Nu checker needs Java: ${java.missing}`);
    const errors = await nuCheck(builtPages());
    expect(errors.map((m) => `${relative(dist, fileURLToPath(m.url))}:${m.lastLine} ${m.message}`)).toEqual([]);
  });
});
