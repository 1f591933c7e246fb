// What the packages are made from besides their files (npm run build:downloads): the book's facts and its pages in order.
import type { APIRoute } from 'astro';
import { t } from '../../i18n/ui.ts';
import { getBookFacts } from '../../lib/book-facts.ts';
import { getBook } from '../../lib/chapters.ts';
import { pageFile } from '../addresses.ts';
import { editionVersion } from '../print/edition-version.ts';
import { phraseOfNames } from '../../lib/names.ts';
import { bookLicence, rightsStatement } from '../../lib/licence.ts';

export interface EditionBook {
  title: string;
  /** The title where a catalogue allows 30 characters (Kiwix's library). */
  shortTitle: string;
  description: string;
  /** The description in at most 80 characters (Kiwix's library). */
  summary: string;
  language: string;
  authors: string[];
  /** The copyright line (© 2026 and the authors' names), then the licence's sentence: the metadata's rights statement. */
  rights: string;
  /** The licence's code (SPDX) and address, for the metadata fields that take them. */
  licence: { spdx: string; url: string };
  year: number;
  /** The published book's address (SITE_URL), when known. */
  url: string | undefined;
  version: string;
  /** ISO date of the edition: SOURCE_DATE_EPOCH when set. */
  date: string;
  /** Chapters and sub-pages in reading order, each with its file in the e-book and the ZIM. */
  pages: { route: string; file: string; label: string; title: string; chapter: boolean }[];
}

export const GET: APIRoute = async ({ site }) => {
  const [book, facts] = await Promise.all([getBook(), getBookFacts(site)]);
  const { version, date } = editionVersion();
  const names = phraseOfNames(facts.authors);
  const edition: EditionBook = {
    title: facts.name,
    shortTitle: t('site.shortTitle'),
    description: facts.description,
    summary: t('site.summary'),
    language: 'en-GB',
    authors: facts.authors,
    rights: rightsStatement(t('home.copyright', { year: facts.year, names })),
    licence: { spdx: bookLicence.spdx, url: bookLicence.url },
    year: facts.year,
    url: facts.url,
    version,
    date: date.toISOString(),
    pages: book.readingOrder.map((page) => ({
      route: page.path,
      file: pageFile(page.path),
      label: page.chapterLabel,
      title: page.title,
      chapter: page.entry.collection === 'chapters',
    })),
  };
  return new Response(JSON.stringify(edition, null, 2));
};
