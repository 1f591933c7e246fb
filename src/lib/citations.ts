/**
 * In-text citations and reference lists of the book's sources (the `references` collection), by key, in APA style
 * (src/lib/apa.ts).
 */
import { getCollection } from 'astro:content';
import { narrative, parenthetical, type ReferenceEntry, references } from './apa.ts';
import type { CslItem } from './bibliography-loader.ts';

/** The anchor of a source's entry in a page's reference list, and of the n-th citation of it in the text. */
export const referenceId = (key: string) => `ref-${key}`;
export const citationId = (key: string, n: number) => `cite-${key}-${n}`;

let bibliography: Promise<Map<string, CslItem>> | undefined;

/** Every source of the book, by key (read once per build). */
export function getBibliography(): Promise<Map<string, CslItem>> {
  bibliography ??= getCollection('references').then((entries) => new Map(entries.map(({ id, data }) => [id, data as CslItem])));
  return bibliography;
}

/** A source by its key; a key the bibliography lacks stops the build (the author check names it first, with its line). */
async function sourceOf(key: string): Promise<CslItem> {
  const source = (await getBibliography()).get(key);
  if (!source) throw new Error(`No source "${key}" in chapters/references.bib: add it there, or correct the key.`);
  return source;
}

/** One source as APA cites it in brackets: "Galea & Vlahov, 2005, p. 12". */
export const parentheticalPart = async (key: string, locator?: string) => parenthetical(await sourceOf(key), locator);

/** One source named in the sentence: "Galea and Vlahov (2005, p. 12)". */
export const narrativeCitation = async (key: string, locator?: string) => narrative(await sourceOf(key), locator);

/** The reference list of the given sources, in APA's order. */
export const referenceList = async (keys: string[]): Promise<ReferenceEntry[]> => references(await Promise.all(keys.map(sourceOf)));
