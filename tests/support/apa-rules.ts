/**
 * APA 7's rules for a reference entry, checked on what a reader is shown (its text, its italics, its link) and held to
 * the kind of source its BibTeX entry is, so that a source added later is held to them too. From the Publication
 * Manual (7th ed.) 9.4–9.37 and APA Style's reference examples: reports (10.4), press releases, webpages (10.16).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { CslItem } from '../../src/lib/bibliography-loader.ts';

/** An entry as a list shows it: its HTML, with its DOI or address as a link after it. */
export interface ShownReference {
  /** Where it is shown, for the message: "dist/index/Chapter1", "the EPUB's chapter-01". */
  where: string;
  key: string;
  html: string;
}

type Name = { literal?: string; family?: string; given?: string; 'non-dropping-particle'?: string };

const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
/** "Author. (2024, October 24). Title" : the author element, the date in brackets, then the rest. */
const authorDateRest = new RegExp(`^(.+?)\\. \\((\\d{4}[a-z]?(?:, (?:${months})(?: \\d{1,2})?)?|n\\.d\\.(?:-[a-z])?)\\)\\. (.+)$`, 'su');
/** Works APA sets in italics by their own title (10.2, 10.4, 10.16); articles and chapters italicise their container. */
const standalone = new Set(['book', 'report', 'webpage', 'post-weblog', 'thesis', 'dataset', 'software', 'manuscript', 'pamphlet']);
/** Works found on the web, whose reference ends with their address (9.34, 10.4, 10.16). */
const online = new Set(['report', 'webpage', 'post-weblog', 'dataset']);

/** A title or a name as words, to find it whatever its capitals, dashes and quotation marks. */
const plain = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[‐‑‒–—-]+/g, '-')
    .replace(/[’‘`]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

const nameOf = (name: Name) => name.literal ?? [name['non-dropping-particle'], name.family].filter(Boolean).join(' ');
const isGroup = (name: Name) => name.literal !== undefined || name.given === undefined;

/** What an entry breaks of APA's rules for its kind of source: one sentence each, naming the entry and where it is. */
export function apaFindings(shown: ShownReference, source: CslItem): string[] {
  const document = parseDocument(shown.html, { decodeEntities: true });
  const links = DomUtils.findAll((element) => element.name === 'a', document.children);
  const link = links.at(-1);
  const whole = DomUtils.textContent(document).replace(/\s+/g, ' ').trim();
  const address = link ? DomUtils.textContent(link).trim() : undefined;
  const text = address && whole.endsWith(address) ? whole.slice(0, -address.length).trim() : whole;
  const italics = DomUtils.findAll((element) => element.name === 'i' || element.name === 'em', document.children).map((element) =>
    plain(DomUtils.textContent(element)),
  );
  const found: string[] = [];
  const say = (rule: string) => found.push(`${shown.where}: @${shown.key} (${text.slice(0, 60)}…) ${rule}`);

  const [, authors = '', date = '', rest = ''] = authorDateRest.exec(text) ?? [];
  if (!authorDateRest.test(text)) say('does not read author, (date), title, source in that order.');
  const title = plain(source.title ?? '');
  if (title && !plain(rest).startsWith(title))
    say(`does not give its whole title right after the date: "${source.title}" (APA 9.19), or gives it shortened.`);

  // Italics: the work's own title, or the periodical and its volume (9.19, 9.25, 9.26).
  if (standalone.has(source.type) && title && !italics.some((words) => words.startsWith(title)))
    say('does not set its title in italics, as APA sets the title of a work that stands alone.');
  if (source.type === 'article-journal') {
    const journal = plain(String(source['container-title'] ?? ''));
    if (italics.some((words) => words.includes(title))) say("sets an article's title in italics, which APA leaves in roman.");
    if (journal && !italics.includes(journal)) say(`does not set the journal's name, "${journal}", in italics.`);
    if (source.volume !== undefined && !italics.includes(plain(String(source.volume)))) say('does not set the volume in italics.');
  }

  // The date, as specific as the source gives it; a webpage's to the day, or n.d. (9.14, 10.16).
  const [year, month, day] = source.issued?.['date-parts']?.[0] ?? [];
  if (source.type === 'webpage' && year !== undefined && (month === undefined || day === undefined))
    say('is a webpage dated by its year alone: APA gives the year, month and day a page shows (2024, October 24), or n.d.');
  if (year !== undefined && !date.startsWith(String(year))) say(`shows the date (${date}), not the year of the source, ${year}.`);
  if (month !== undefined && !new RegExp(`, (${months})`).test(date)) say(`leaves out the month the source gives (${date}).`);

  // The description in square brackets (9.21): a press release is "[Press release]" whatever the site calls it.
  const genre = typeof source.genre === 'string' ? source.genre : undefined;
  if (source.type === 'webpage' && genre) {
    const described = /\brelease\b/i.test(genre) ? 'Press release' : genre;
    if (!text.includes(`[${described}]`)) say(`is not described as APA describes it, "[${described}]", after its title.`);
  }

  // The DOI or the address: of every work that has one, and of every work found on the web (9.34–9.36).
  const expected = source.DOI ? `https://doi.org/${source.DOI}` : source.URL;
  if (expected && link?.attribs.href !== expected) say(`does not end with its ${source.DOI ? 'DOI' : 'address'}, ${expected}.`);
  if (!expected && online.has(source.type)) say(`is a ${source.type} with no address or DOI: a reader cannot find it (APA 9.34, 10.4).`);

  // Authors: "&" before the last, an ellipsis before it past 20 (9.8); two groups joined by "&" alone.
  const names = ((source.author ?? source.editor ?? []) as Name[]).map(nameOf);
  const last = names.at(-1);
  if (names.length >= 2 && names.length <= 20 && last && !plain(authors).includes(plain(`& ${last}`)))
    say(`does not put "&" before its last author, ${last}.`);
  if (names.length > 20 && last && !plain(authors).includes(plain(`… ${last}`))) say('does not give the first 19 authors, "…" and the last.');
  const group = (source.author ?? []) as Name[];
  if (group.length === 2 && group.every(isGroup) && plain(authors).includes(plain(`${nameOf(group[0]!)}, &`)))
    say('puts a comma between two group authors: APA joins them with "&" alone (Group One & Group Two).');

  // A publisher that is the author is not named again (9.29).
  for (const publisher of [source.publisher ?? []].flat() as string[])
    if (names.includes(publisher) && plain(rest).includes(plain(`. ${publisher}.`))) say(`names its author again as its publisher, ${publisher}.`);

  // Typography: ranges with an en dash (6.6), one full stop at a time, the entry's last element closed by one, and
  // nothing after the address (9.35).
  if (/\d-\d/.test(text)) say('writes a range with a hyphen: APA writes it with an en dash (341–365).');
  if (/\.\s*\.(?!\.)/.test(text.replace(/…/g, ''))) say('has two full stops in a row.');
  if (!/[.?!]$/.test(text)) say('does not end its last element with a full stop.');
  if (address && !whole.endsWith(address)) say('has something after its address, where APA ends the entry.');
  return found;
}
