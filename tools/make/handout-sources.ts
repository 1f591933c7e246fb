/**
 * The handout's citations and its reference list, written by the book's APA code (src/lib/apa.ts) from the same
 * bibliography as the chapters, in the chapters' syntax ([@key], @key): they cannot drift from the book's, and the list
 * holds the sources the handout cites, each once.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { citationsIn } from '../../integrations/citation-marks/syntax.ts';
import { bracketed, narrative, parenthetical, parentheticalAuthors, references } from '../../src/lib/apa.ts';
import type { CslItem } from '../../src/lib/bibliography-loader.ts';
import type { Run } from './handout-text.ts';

/** The keys the texts cite, in order, each once. */
export const keysCitedIn = (texts: string[]): string[] => [
  ...new Set(texts.flatMap((text) => citationsIn(text).flatMap((piece) => ('items' in piece ? piece.items.map(({ key }) => key) : [])))),
];

/** The sources of the keys, from the book's bibliography: a key it lacks stops the handout, as it stops the build. */
export function sourcesOf(keys: string[], bibliography: CslItem[]): CslItem[] {
  const byKey = new Map(bibliography.map((source) => [source.id, source]));
  return keys.map((key) => byKey.get(key) ?? expectedIn(key));
}

const expectedIn = (key: string): never => {
  throw new Error(`The handout cites @${key}, which chapters/references.bib does not hold: add it there, or correct the key.`);
};

/** The text with each citation as APA writes it: "(Galea & Vlahov, 2005)", "Barton and Grant (2006)". */
export function withCitations(text: string, sources: CslItem[]): string {
  const byKey = new Map(sources.map((source) => [source.id, source]));
  const source = (key: string) => byKey.get(key) ?? expectedIn(key);
  return citationsIn(text)
    .map((piece) => {
      if ('text' in piece) return piece.text;
      const [first] = piece.items;
      if (piece.narrative && first) return narrative(source(first.key), first.locator, sources);
      const cited = piece.items.map(({ key, locator }) => ({
        text: parenthetical(source(key), locator, sources),
        authors: parentheticalAuthors(source(key), undefined, sources),
      }));
      return `(${bracketed(cited)
        .map(({ before, text: written }) => before + written)
        .join('')})`;
    })
    .join('');
}

/** The reference list of the sources, in APA's order, each entry as runs of text (titles in italics), its address last. */
export function referenceRuns(sources: CslItem[]): Run[][] {
  return references(sources).map(({ html, link }) => {
    const runs = parseDocument(html, { decodeEntities: true }).children.map((node) => ({
      text: DomUtils.textContent(node),
      italic: 'name' in node && node.name === 'i',
    }));
    return link ? [...runs, { text: ` ${link}`, italic: false }] : runs;
  });
}
