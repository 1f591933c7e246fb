/**
 * The book's licence as readers are told it: one sentence, built here from the book's setting (src/book.config.ts),
 * which the pages, the editions and their metadata all show in the same words.
 */
import { bookConfig } from '../book.config.ts';
import { t } from '../i18n/ui.ts';

export const bookLicence = bookConfig.licence;

/** The licence's name as the sentence gives it, the words a page links to the licence. */
const licenceName = () => t('licence.name', { name: bookLicence.name, short: bookLicence.short });

/** The sentence in its three parts: the words before the licence's name, the name, the words after. */
export function licenceSentence(): { before: string; name: string; after: string } {
  const [before = '', after = ''] = t('licence.sentence').split('{licence}');
  return { before, name: licenceName(), after };
}

/** The sentence as plain text. */
export const licenceText = () => t('licence.sentence', { licence: licenceName() });

/** What an edition's metadata says of its rights: the copyright line, then the licence. */
export const rightsStatement = (copyright: string) => t('licence.rights', { copyright, licence: licenceText() });
