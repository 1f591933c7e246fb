/**
 * A slide deck's citations and its Sources slide, both written out by hand in its MDX (book/slides/*.mdx), held to the
 * book's bibliography: each entry of the list exactly as the book's APA code writes that source (src/lib/apa.ts, which
 * writes the chapters' and the handout's lists), in APA's order; each cited on a slide, by its `source` or in its text
 * ("Barton and Grant (2006)", "(United Nations, 2023)"); and every source a slide cites in the list.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { narrative, parenthetical, references, type ReferenceEntry } from '../../src/lib/apa.ts';
import type { CslItem } from '../../src/lib/bibliography-loader.ts';

interface Slide {
  number: string;
  title: string;
  source?: string;
  body: string;
}

/** One author element and year as a slide writes them, and what it is written in. */
interface Written {
  authors: string;
  year: string;
  form: 'narrative' | 'parenthetical';
  slide: string;
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}=(?:"([^"]*)"|\\{([^}]*)\\})`)
    .exec(attributes)
    ?.slice(1)
    .find((value) => value !== undefined);

/** The deck's slides: <Slide number={1} title="…" source="…">Markdown…</Slide>, outside its MDX comments. */
const slidesOf = (deck: string): Slide[] =>
  [...deck.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').matchAll(/<Slide\b((?:\s+\w+=(?:"[^"]*"|\{[^}]*\}))*)\s*>([\s\S]*?)<\/Slide>/g)].map(
    ([, attributes = '', body = '']) => {
      const source = attribute(attributes, 'source');
      return { number: attribute(attributes, 'number') ?? '?', title: attribute(attributes, 'title') ?? '', body, ...(source ? { source } : {}) };
    },
  );

/** An entry as the deck writes it in Markdown: titles in *italics*, the DOI or address after it. */
export const markdownOf = ({ html, link }: ReferenceEntry): string => {
  const text = parseDocument(html, { decodeEntities: true })
    .children.map((node) => ('name' in node && node.name === 'i' ? `*${DomUtils.textContent(node)}*` : DomUtils.textContent(node)))
    .join('');
  return link ? `${text} ${link}` : text;
};

/** Words to find a title by, whatever its capitals, dashes and italics. */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[*_]/g, '')
    .replace(/[‐‑‒–—-]+/g, '-')
    .replace(/\s+/g, ' ');

const years = '\\d{4}[a-z]?(?:, \\d{4}[a-z]?)*';
/** Every author element and year a slide's text writes: "Snow (1855)" and "(United Nations, 2023; Snow, 1855)". */
function writtenIn(text: string, slide: string): Written[] {
  const found: Written[] = [];
  for (const [, phrase = '', dates = ''] of text.matchAll(new RegExp(`([^;:()\\n]+?) \\((${years})\\)`, 'g')))
    for (const year of dates.split(', ')) found.push({ authors: phrase.replace(/^[\s,.]+/, '').trim(), year, form: 'narrative', slide });
  for (const [, inside = ''] of text.matchAll(/\(([^()]*\D, \d{4}[a-z]?[^()]*)\)/g))
    for (const citation of inside.split('; ')) {
      const [, authors = '', dates = ''] = new RegExp(`^(.*?), (${years})$`).exec(citation) ?? [];
      for (const year of dates ? dates.split(', ') : []) found.push({ authors, year, form: 'parenthetical', slide });
    }
  return found;
}

/** Whether a written citation names the source: its authors and year as APA writes them, among the deck's sources. */
function names(written: Written, source: CslItem, listed: CslItem[]): boolean {
  if (written.form === 'parenthetical') {
    const [, authors, year] = /^(.*), (\S+)$/.exec(parenthetical(source, undefined, listed)) ?? [];
    return written.authors === authors && written.year === year;
  }
  const [, authors = '', year] = /^(.*) \((\S+)\)$/.exec(narrative(source, undefined, listed)) ?? [];
  return (written.authors === authors || written.authors.endsWith(` ${authors}`)) && written.year === year;
}

/** What the deck gets wrong about its sources: one sentence each, naming the slide or the entry. */
export function slideSourceFindings(deck: string, bibliography: CslItem[], where: string): string[] {
  const slides = slidesOf(deck);
  const list = slides.find(({ title }) => title === 'Sources');
  const cited = slides
    .filter((slide) => slide !== list)
    .flatMap((slide) => writtenIn(`${slide.source ?? ''}\n${slide.body}`, `Slide ${slide.number}`));
  if (!list) return cited.length > 0 ? [`${where} cites sources (${cited[0]!.authors}, ${cited[0]!.year}) and has no "Sources" slide.`] : [];

  const lines = [...list.body.matchAll(/^[-*] (.+)$/gm)].map(([, line = '']) => line.trim());
  const found: string[] = [];
  // Each entry is the source whose whole title and year it gives (the longest title, where one holds another).
  const entries = lines.map((line) => {
    const source = bibliography
      .filter((item) => item.title && plain(line).includes(plain(item.title)) && line.includes(`(${item.issued?.['date-parts']?.[0]?.[0]}`))
      .sort((a, b) => (b.title?.length ?? 0) - (a.title?.length ?? 0))[0];
    if (!source) found.push(`${where}: the Sources slide's entry "${line.slice(0, 70)}…" is no source of chapters/references.bib: add it there.`);
    return { line, source };
  });
  const listed = [...new Set(entries.flatMap(({ source }) => source ?? []))];
  const written = new Map(references(listed).map((entry) => [entry.key, markdownOf(entry)]));

  for (const { line, source } of entries)
    if (source && written.get(source.id) !== line)
      found.push(`${where}: the Sources slide writes @${source.id} as\n  ${line}\nwhere the book's APA code writes\n  ${written.get(source.id)}`);
  const order = [...written.keys()];
  const shown = entries.flatMap(({ source }) => source?.id ?? []);
  if (shown.join() !== order.join()) found.push(`${where}: the Sources slide lists ${shown.join(', ')}; APA orders them ${order.join(', ')}.`);

  for (const source of listed)
    if (!cited.some((citation) => names(citation, source, listed)))
      found.push(`${where}: the Sources slide lists @${source.id}, which no slide cites by its source or in its text.`);
  for (const citation of cited)
    if (!listed.some((source) => names(citation, source, listed)))
      found.push(`${where}: ${citation.slide} cites "${citation.authors}" (${citation.year}), which its Sources slide does not list.`);
  return found;
}
