import { bookConfig } from '../book.config.ts';
import { t } from '../i18n/ui.ts';
import { getBook } from './chapters.ts';
import { bookLicence } from './licence.ts';
import { getMembers } from './member-list.ts';
import { href, paths } from './routes.ts';
import type { BookFacts } from './structured-data.ts';

const gathered = new Map<string, Promise<BookFacts>>();

/** The facts citations and structured data are built from, gathered once per build (every chapter page lists every chapter). */
export function getBookFacts(site: URL | undefined): Promise<BookFacts> {
  const key = site?.href ?? '';
  let facts = gathered.get(key);
  if (!facts) gathered.set(key, (facts = gatherBookFacts(site)));
  return facts;
}

async function gatherBookFacts(site: URL | undefined): Promise<BookFacts> {
  const absolute = (path: string) => (site ? new URL(href(path), site).href : undefined);
  const [book, members] = await Promise.all([getBook(), getMembers()]);
  return {
    name: t('site.title'),
    description: t('site.description'),
    url: absolute(paths.home),
    authors: members.map((member) => member.data.name),
    year: bookConfig.copyrightYear,
    licence: bookLicence.url,
    chapters: book.chapters.map((chapter) => ({
      number: chapter.data.number,
      title: chapter.data.title,
      url: absolute(paths.chapter(chapter.data.number)),
    })),
  };
}
