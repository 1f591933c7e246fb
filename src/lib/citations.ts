/**
 * In-text citations and reference lists of the book's sources (the `references` collection), by key, in APA style
 * (src/lib/apa.ts).
 */
import { getCollection } from 'astro:content';
import { narrative, parenthetical, parentheticalAuthors, type ReferenceEntry, references } from './apa.ts';
import type { CslItem } from './bibliography-loader.ts';
import { anchorIds } from './anchor-ids.ts';

/** The anchor of a source's entry in a page's reference list, and of the n-th citation of it in the text. */
export const { reference: referenceId, citation: citationId } = anchorIds;

/** A source and its count as the build writes them for a page ("galea2005:2"): split at the last colon, as keys may hold one (who:2022). */
export function countedKey(item: string): [key: string, count: number] {
  const at = item.lastIndexOf(':');
  const count = Number(item.slice(at + 1));
  // 0 is a count too: a source cited only where a link cannot go (in a tip) has no place to link back to.
  return at === -1 || !Number.isInteger(count) ? [item, 1] : [item.slice(0, at), count];
}

/**
 * The book's sources by key, in APA's order, and what the style makes of them, each formatted once per build: the
 * style takes about 10 ms a call, so formatting each page's list whole would cost a long book minutes. An entry reads
 * the same in every list unless its page cites another source APA writes alike (2024a, 2024b); a page's list keeps
 * the book's order.
 */
interface Bibliography {
  sources: Map<string, CslItem>;
  /** Every key, in the order APA sorts the reference list. */
  order: string[];
  /** Entries formatted so far, by the sources formatted together (a source alone, or the sources alike on a page). */
  entries: Map<string, ReferenceEntry[]>;
  /** Citations formatted so far. */
  citations: Map<string, string>;
}

type Sources = Awaited<ReturnType<typeof getCollection<'references'>>>;

function bibliographyOf(collection: Sources): Bibliography {
  const sources = new Map(collection.map(({ id, data }) => [id, data as CslItem]));
  const order = references([...sources.values()]).map((entry) => entry.key);
  return { sources, order, entries: new Map(), citations: new Map() };
}

let bibliography: Promise<Bibliography> | undefined;
/** In `npm run dev` the bibliography changes as the author edits it: made again whenever its sources differ. */
let edited: { sources: string; bibliography: Bibliography } | undefined;

function getBibliography(): Promise<Bibliography> {
  if (import.meta.env.DEV) {
    return getCollection('references').then((collection) => {
      const sources = JSON.stringify(collection.map(({ id, data }) => [id, data]));
      if (edited?.sources !== sources) edited = { sources, bibliography: bibliographyOf(collection) };
      return edited.bibliography;
    });
  }
  bibliography ??= getCollection('references').then(bibliographyOf);
  return bibliography;
}

/** A key the bibliography lacks stops the build (the author check names it first, with its line). */
function sourceOf({ sources }: Bibliography, key: string): CslItem {
  const source = sources.get(key);
  if (!source) throw new Error(`No source "${key}" in chapters/references.bib: add it there, or correct the key.`);
  return source;
}

/** What `make` gives for `id`, made the first time it is asked for. */
function remembered<T>(made: Map<string, T>, id: string, make: () => T): T {
  if (!made.has(id)) made.set(id, make());
  return made.get(id) as T;
}

const forms = { parenthetical, parentheticalAuthors, narrative };

/**
 * The sources of a page that APA cites as it cites this one ("World Health Organization, 2024"), this one included:
 * formatted together, the style tells them apart (2024a, 2024b). A source alike with none is formatted alone.
 */
function alikeOnPage(book: Bibliography, key: string, page: readonly string[]): CslItem[] {
  const plain = (other: string) => formatted(book, 'parenthetical', other, undefined, [sourceOf(book, other)]);
  const own = plain(key);
  const alike = [...new Set([key, ...page])].filter((other) => other === key || (book.sources.has(other) && plain(other) === own));
  return alike.map((other) => sourceOf(book, other));
}

const idOf = (sources: CslItem[]) => sources.map((source) => source.id).join('\n');

function formatted(book: Bibliography, form: keyof typeof forms, key: string, locator: string | undefined, alike: CslItem[]): string {
  const id = [form, key, locator ?? '', idOf(alike)].join('\n');
  return remembered(book.citations, id, () => forms[form](sourceOf(book, key), locator, alike));
}

/** `page`: every source the page cites, so that two APA would write alike are told apart. */
async function citation(form: keyof typeof forms, key: string, locator: string | undefined, page: readonly string[]): Promise<string> {
  const book = await getBibliography();
  return formatted(book, form, key, locator, alikeOnPage(book, key, page));
}

/** One source as APA cites it in brackets: "Galea & Vlahov, 2005, p. 12". */
export const parentheticalPart = (key: string, locator?: string, page: readonly string[] = []) => citation('parenthetical', key, locator, page);

/** The authors of a source as brackets name them ("Galea & Vlahov"): several of their works share them. */
export const parentheticalAuthorsOf = (key: string, page: readonly string[] = []) => citation('parentheticalAuthors', key, undefined, page);

/** One source named in the sentence: "Galea and Vlahov (2005, p. 12)". */
export const narrativeCitation = (key: string, locator?: string, page: readonly string[] = []) => citation('narrative', key, locator, page);

/** The reference list of the given sources, in APA's order; `page`, every source the page cites (the list's own by default). */
export async function referenceList(keys: string[], page: readonly string[] = keys): Promise<ReferenceEntry[]> {
  const book = await getBibliography();
  for (const key of keys) sourceOf(book, key);
  const wanted = new Set(keys);
  const entryOf = (key: string) => {
    const alike = alikeOnPage(book, key, page);
    return remembered(book.entries, idOf(alike), () => references(alike)).find((entry) => entry.key === key);
  };
  return book.order.filter((key) => wanted.has(key)).flatMap((key) => entryOf(key) ?? []);
}
