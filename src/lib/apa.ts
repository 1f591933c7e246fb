/**
 * In-text citations and reference entries in APA 7th edition, formatted by citation-js with the style shipped in
 * src/data/citation/apa.csl. Pure: a source in, text out (src/lib/citations.ts finds the sources by key). `alike` are
 * the sources of a page APA would write the same way (same authors, same year): the style tells them apart (2024a).
 */
import type { CslItem } from './bibliography-loader.ts';
import { Cite, style } from './csl.ts';

/** One source as APA cites it in the text, inside the brackets: "Galea & Vlahov, 2005, p. 12". */
export function parenthetical(source: CslItem, locator?: string, alike: CslItem[] = [source]): string {
  const text = citationText(alike, locatorItem(source.id, locator));
  // The style puts each citation in brackets; several sources share one pair, so the page adds them once.
  return text.replace(/^\(|\)$/g, '');
}

/** The authors as a citation in brackets names them: "Galea & Vlahov". */
export function parentheticalAuthors(source: CslItem, _locator?: string, alike: CslItem[] = [source]): string {
  return citationText(alike, { id: source.id, 'author-only': true });
}

/** One source named in the sentence: "Galea and Vlahov (2005, p. 12)"; APA writes "and" there, "&" only in brackets. */
export function narrative(source: CslItem, locator?: string, alike: CslItem[] = [source]): string {
  const rest = citationText(alike, { ...locatorItem(source.id, locator), 'suppress-author': true });
  return `${parentheticalAuthors(source, locator, alike).replace(/ & /g, ' and ')} ${rest}`;
}

/**
 * Several citations in one pair of brackets, in APA's order (alphabetical), each with what comes before it: "; "
 * between authors, ", " between works of the same authors, whose names are written once:
 * (Galea & Vlahov, 2005; World Health Organization, 2024a, 2024b).
 */
export function bracketed<T extends { authors: string; text: string }>(citations: T[]): (T & { before: string })[] {
  const sorted = citations.toSorted((a, b) => a.text.localeCompare(b.text));
  return sorted.map((citation, index) => {
    const previous = sorted[index - 1];
    const prefix = `${citation.authors}, `;
    if (previous?.authors === citation.authors && citation.text.startsWith(prefix))
      return { ...citation, before: ', ', text: citation.text.slice(prefix.length) };
    return { ...citation, before: index === 0 ? '' : '; ' };
  });
}

type LocatorLabel = 'page' | 'chapter' | 'section' | 'paragraph' | 'figure';
interface CitedItem {
  id: string;
  locator?: string;
  label?: LocatorLabel;
  'author-only'?: boolean;
  'suppress-author'?: boolean;
}

/**
 * A source as APA writes it where the style cannot (Publication Manual 6.17, 9.25): the first word after a colon in a
 * title capitalised (a word already holding a capital, as mHealth, is left as written), and no publisher that is the
 * author, or one of the authors, again (by name or by its initials: IPCC).
 */
function asApaWrites(source: CslItem): CslItem {
  const title = source.title?.replace(/: ([a-z])(?=[a-z'’-]*[\s,.;:?!)]|[a-z'’-]*$)/g, (_, first: string) => `: ${first.toUpperCase()}`);
  // A group author has a name and no given names (citation-js reads {World Health Organization} as a family name).
  const authors = ((source['author'] as { literal?: string; family?: string; given?: string }[] | undefined) ?? []).flatMap(
    ({ literal, family, given }) => literal ?? (given ? [] : (family ?? [])),
  );
  const initials = (name: string) => name.replace(/\b([A-Z])\w*|\b[a-z]\w*|\W/g, '$1');
  const isAnAuthor = (publisher: unknown) => authors.some((author) => publisher === author || publisher === initials(author));
  const publishers = [source['publisher'] ?? []].flat();
  const { publisher: _publisher, ...rest } = source;
  const kept = publishers.length > 0 && publishers.every(isAnAuthor) ? rest : source;
  return title === undefined ? kept : { ...kept, title };
}

/** One citation of one source, as text, after one citation of each source alike, so the style knows of them. */
const citationText = (items: CslItem[], item: CitedItem) => {
  const sources = items.map(asApaWrites);
  const others = sources.filter((source) => source.id !== item.id).map((source) => [{ id: source.id }]);
  return new Cite(sources).format('citation', { style, format: 'text', entry: [item], citationsPre: others, citationsPost: [] }) as string;
};

/** A locator as "p. 12", "pp. 33-35", "chapter 3": the label and the value CSL expects. */
function locatorItem(key: string, locator?: string): CitedItem {
  if (!locator) return { id: key };
  const [, label = '', value = locator] = /^(pp?\.|chapter|section|para\.|fig\.)\s*(.+)$/i.exec(locator) ?? [];
  const labels: Record<string, LocatorLabel> = {
    'p.': 'page',
    'pp.': 'page',
    chapter: 'chapter',
    section: 'section',
    'para.': 'paragraph',
    'fig.': 'figure',
  };
  return { id: key, locator: value, label: labels[label.toLowerCase()] ?? 'page' };
}

export interface ReferenceEntry {
  key: string;
  /** The entry as APA writes it, without its DOI or address (HTML: titles in italics). */
  html: string;
  /** The DOI's address, or the source's own, linked after the entry. */
  link?: string;
}

/** The reference list of the given sources, in APA's order (by author, then year). */
export function references(sources: CslItem[]): ReferenceEntry[] {
  // The link is added by the page, as a link that opens in a new tab; the style would print it as plain text.
  const withoutLinks = sources.map(asApaWrites).map(({ DOI: _doi, URL: _url, ...rest }) => rest);
  const entries = new Cite(withoutLinks).format('bibliography', { style, format: 'html', asEntryArray: true }) as [string, string][];
  const byKey = new Map(sources.map((source) => [source.id, source]));
  return entries.map(([key, html]) => {
    const source = byKey.get(key);
    const link = source?.DOI ? `https://doi.org/${source.DOI}` : source?.URL;
    // The entry without the style's wrapping <div>, so it can sit in a sentence or a list item; an author list the
    // bibliography ends with "and others" (not every author known) reads "et al.", not "& others".
    const inner = twoGroupsJoined(
      html
        .trim()
        .replace(/^<div[^>]*>|<\/div>$/g, '')
        .replace(/, &#38; others\./, ', et al.'),
      source,
    );
    return link ? { key, html: inner, link } : { key, html: inner };
  });
}

/**
 * Two group authors joined by "&" alone, as APA's examples of a report by two agencies write them ("World Health
 * Organization & UN-Habitat"): the style's comma before "&" follows an inverted name (Galea, S., & Vlahov, D.), which a
 * group's is not.
 */
function twoGroupsJoined(html: string, source: CslItem | undefined): string {
  const authors = (source?.['author'] as { literal?: string; family?: string; given?: string }[] | undefined) ?? [];
  const [first, second] = authors.map(({ literal, family, given }) => (given ? undefined : (literal ?? family)));
  if (authors.length !== 2 || !first || !second) return html;
  const written = first.replaceAll('&', '&#38;');
  return html.startsWith(`${written}, &#38; `) ? `${written} &#38; ${html.slice(written.length + ', &#38; '.length)}` : html;
}
