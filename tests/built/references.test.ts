/**
 * Every reference list a reader is given, as `npm run build:downloads` made it (npm test runs it first): each chapter's
 * and sub-page's on the site, the print edition's and the EPUB's, every entry held to APA's rules for its kind of source
 * (tests/support/apa-rules.ts), read from chapters/references.bib.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import render from 'dom-serializer';
import type { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { builtPageFiles } from '../../integrations/after-build/built-site.ts';
import { anchorIds } from '../../src/lib/anchor-ids.ts';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { projectRoot } from '../../tools/common/scratch-project.ts';
import { apaFindings, type ShownReference } from '../support/apa-rules.ts';

const dist = join(projectRoot, 'dist');
const sources = new Map(parseBibtex(readFileSync(join(projectRoot, 'chapters/references.bib'), 'utf8')).map((source) => [source.id, source]));
const keyOf = (id: string) => id.slice(anchorIds.reference('').length);

/** The entries of every reference list in a page, without the links back into the text, which only the web has. */
function shownIn(html: string, where: string): ShownReference[] {
  const page = parseDocument(html);
  const lists = DomUtils.findAll((element) => element.name === 'ul' && /\breferences\b/.test(element.attribs.class ?? ''), page.children);
  return lists.flatMap((list) =>
    list.children
      .filter((item): item is Element => item.type === 'tag' && item.name === 'li')
      .map((item) => {
        for (const back of DomUtils.findAll((element) => element.attribs.class === 'references__cited', item.children)) DomUtils.removeElement(back);
        return { where, key: keyOf(item.attribs.id ?? ''), html: render(item.children) };
      }),
  );
}

const epub = readdirSync(join(dist, 'downloads')).find((file) => file.endsWith('.epub'));
const lists: [edition: string, entries: ShownReference[]][] = [
  ['the site', builtPageFiles(dist).flatMap((file) => shownIn(readFileSync(join(dist, file), 'utf8'), `dist/${file}`))],
  ['the print edition', shownIn(readFileSync(join(projectRoot, '.edition/edition/print/index.html'), 'utf8'), 'the print edition')],
  [
    'the EPUB',
    Object.entries(epub ? unzipSync(readFileSync(join(dist, 'downloads', epub))) : {})
      .filter(([name]) => name.endsWith('.xhtml'))
      .flatMap(([name, bytes]) => shownIn(strFromU8(bytes), `the EPUB's ${name}`)),
  ],
];

describe.each(lists)('every reference in %s', (edition, entries) => {
  it('is there, each chapter with its list', () => {
    expect(existsSync(join(dist, 'downloads')), 'run SITE_URL=… npm run build:downloads').toBe(true);
    // Chapters 1 to 10 each end with a list; Chapter 3's blocks have their own on the site and in the EPUB.
    expect(new Set(entries.map(({ where }) => where)).size, edition).toBeGreaterThanOrEqual(edition === 'the print edition' ? 1 : 10);
    expect(entries.filter(({ key }) => !sources.has(key))).toEqual([]);
  });

  it("is written as APA 7 writes its kind of source: order, date, title, italics, address, authors' '&', typography", () => {
    expect(entries.flatMap((entry) => apaFindings(entry, sources.get(entry.key)!))).toEqual([]);
  });
});
