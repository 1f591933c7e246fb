import { mdxToJs } from 'satteri';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { citations } from '../../integrations/citation-marks/plugin.ts';
import { citationsIn } from '../../integrations/citation-marks/syntax.ts';
import { countedKey } from '../../src/lib/citations.ts';

describe("Pandoc's citation syntax", () => {
  it('finds a citation in brackets, with the text around it', () => {
    expect(citationsIn('As cities grow [@galea2005].')).toEqual([
      { text: 'As cities grow ' },
      { items: [{ key: 'galea2005' }], narrative: false },
      { text: '.' },
    ]);
  });

  it('reads a locator after a comma, and several sources separated by semicolons', () => {
    expect(citationsIn('[@galea2005, p. 12; @undesa2019]')).toEqual([
      { items: [{ key: 'galea2005', locator: 'p. 12' }, { key: 'undesa2019' }], narrative: false },
    ]);
  });

  it('reads a narrative citation, with a locator in brackets after it', () => {
    expect(citationsIn('As @galea2005 [pp. 341-343] show, and @undesa2019.')).toEqual([
      { text: 'As ' },
      { items: [{ key: 'galea2005', locator: 'pp. 341-343' }], narrative: true },
      { text: ' show, and ' },
      { items: [{ key: 'undesa2019' }], narrative: true },
      { text: '.' },
    ]);
  });

  it('takes keys with the characters Pandoc allows, but not a final full stop', () => {
    expect(citationsIn('See @who:2022-air.')).toEqual([{ text: 'See ' }, { items: [{ key: 'who:2022-air' }], narrative: true }, { text: '.' }]);
  });

  it('leaves email addresses, lone @ signs and bracketed text alone', () => {
    for (const text of ['Write to name@example.org today.', 'Meet @ noon.', '[not a citation]', 'No citation here.']) {
      expect(citationsIn(text)).toEqual([{ text }]);
    }
  });
});

describe("the citations plugin (with the book's own chapters/references.bib)", () => {
  const compiled = (mdx: string) => String(mdxToJs(mdx, { mdastPlugins: [citations] }).code);
  const pageProps = (code: string) => [...code.matchAll(/page: "([^"]*)"/g)].map(([, page]) => page);

  it('tells every citation of a page which sources the page cites, so that two APA writes alike get 2024a and 2024b', () => {
    const code = compiled('Heat [@who2024heat], and [a link, not a citation @galea2005](https://example.org).\n\nAs @who2024air shows.\n');
    expect(pageProps(code)).toEqual(['who2024heat;who2024air', 'who2024heat;who2024air']);
  });

  it('tells nothing on a page that cites one source only', () => {
    expect(pageProps(compiled('Heat [@who2024heat], and again @who2024heat.\n'))).toEqual([]);
  });

  it("reads no citation where the source escapes the @ (Pandoc's \\@), and shows the name with its @", () => {
    const code = compiled('Follow \\@WHO on social media; as @who2024air shows.\n');
    expect(code).toContain('Follow @WHO on social media; as ');
    expect([...new Set([...code.matchAll(/items: "([^"]*)"/g)].map(([, items]) => items))]).toEqual(['who2024air:1']);
  });

  // `npm run dev` renders a page saved while references.bib does not parse: the check names the .bib, and the page
  // must not be blamed for the .bib's mistake (the build never gets here: it runs the check first).
  it('blames no page while references.bib does not parse: the sources read before stay cited, the others show their key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bib-'));
    const bib = join(dir, 'references.bib');
    const entry = (key: string, year: string) => `@book{${key},\n  author = {Galea, Sandro},\n  title = {Urban health},\n  year = {${year}}\n}\n`;
    vi.stubEnv('BOOK_CHAPTERS_DIR', dir);
    try {
      writeFileSync(bib, entry('galea2005', '2005'));
      expect(compiled('Cities [@galea2005].\n')).toContain('items: "galea2005:1"');
      writeFileSync(bib, `${entry('galea2005', '2005')}${entry('vlahov2007', '2007')}`.replace('{2007}', '{2007'));
      utimesSync(bib, new Date(), new Date(Date.now() + 5_000));
      const code = compiled('Cities [@galea2005] and towns [@vlahov2007].\n');
      expect(code).toContain('items: "galea2005:1"');
      expect(code).toContain('"@vlahov2007"');
      expect(code).not.toContain('vlahov2007:');
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true });
    }
  });
});

describe("a page's sources as the build hands them to its citations", () => {
  it('keep a key that holds a colon whole (who:2022 is one source, cited a third time)', () => {
    expect(countedKey('who:2022:3')).toEqual(['who:2022', 3]);
    expect(countedKey('galea2005:1')).toEqual(['galea2005', 1]);
    expect(countedKey('galea2005')).toEqual(['galea2005', 1]);
    // Cited only inside a tip, where no link can go: nothing to link back to.
    expect(countedKey('szreter2003:0')).toEqual(['szreter2003', 0]);
  });
});
