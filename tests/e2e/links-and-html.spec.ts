import { HtmlValidate, type Message } from 'html-validate';
import { expect, test } from '../support/test.ts';
import { sitePages } from '../support/site.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Astro writes void elements as <meta />; both forms are valid HTML.
    'void-style': 'off',
    // Inline style attributes come from Astro's image component (aspect ratio); styles are still CSP-hashed.
    'no-inline-style': 'off',
    // Attribute names are case-insensitive in HTML; React serializes popoverTarget in camel case.
    'attr-case': 'off',
    // Tabs read "Chapter title | book title"; the book's own chapter titles make some longer than this SEO hint.
    'long-title': 'off',
  },
});

// Astro writes one <style> for its <astro-island> elements just before the first island, in the body.
const isAstroIslandStyle = (html: string, m: Message) =>
  m.ruleId === 'element-permitted-content' && html.startsWith('<style>astro-island', m.offset - 1);

test.describe('the built site', () => {
  test.skip(({ page }) => page.viewportSize()!.width < 1200, 'page content is the same at every width: checked once');

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
      else if (hash) {
        const html = await response.text();
        const id = decodeURIComponent(hash.slice(1));
        if (!html.includes(`id="${id}"`)) broken.push(`${url} (no element with id "${id}", linked from ${from})`);
      }
    }
    expect(broken).toEqual([]);
    expect(targets.size).toBeGreaterThan(20);
  });

  test('is valid HTML on every page', async ({ request }) => {
    const reports: string[] = [];
    for (const path of [...sitePages(), '/404.html']) {
      const html = await (await request.get(path)).text();
      const report = await validator.validateString(html, path);
      for (const result of report.results)
        for (const m of result.messages.filter((m) => !isAstroIslandStyle(html, m)))
          reports.push(`${path}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(reports).toEqual([]);
  });
});
