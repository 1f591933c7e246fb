/**
 * The book's licence as readers are told it: one sentence, built here from the book's setting (src/book.config.ts),
 * which the pages, the editions and their metadata all show in the same words. And the terms of a licence as a
 * source records it ("licensed CC BY-NC 4.0"), which the author check compares with the book's.
 */
import { bookConfig, type LicenceUse } from '../book.config.ts';
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

/** A licence a source records, as read from its words, and what it forbids of what licences may allow. */
export interface RecordedLicence {
  /** As written: "CC BY-NC 4.0", "all rights reserved". */
  written: string;
  forbids: LicenceUse[];
}

const everyUse: LicenceUse[] = ['commercial use', 'adaptation', 'adaptations under other terms'];

/**
 * The licence the words name, if they name one: a Creative Commons licence by its code or its name, public domain
 * (CC0), or "all rights reserved". A copyright sign alone says who holds the rights, not what they allow: none.
 */
export function recordedLicence(words: string): RecordedLicence | undefined {
  const code = /\bCC[ -]BY((?:[ -](?:NC|ND|SA))*)(?:[ -]\d\.\d)?(?:[ -]IGO)?(?![\w-])/i.exec(words);
  const long =
    /\bCreative Commons Attribution((?:[ -](?:NonCommercial|NoDerivatives|NoDerivs|ShareAlike))*)(?:[ -]\d\.\d)?(?: International| IGO)?/i.exec(
      words,
    );
  const found = code ?? long;
  if (found) {
    const terms = new Set(found[1]!.toUpperCase().split(/[ -]+/));
    const forbids: LicenceUse[] = [];
    if (terms.has('NC') || terms.has('NONCOMMERCIAL')) forbids.push('commercial use');
    if (terms.has('ND') || terms.has('NODERIVATIVES') || terms.has('NODERIVS')) forbids.push('adaptation');
    // ShareAlike: whoever adapts the work must license the adaptation under the same terms.
    if (terms.has('SA') || terms.has('SHAREALIKE')) forbids.push('adaptations under other terms');
    return { written: found[0], forbids };
  }
  const reserved = /\ball rights reserved\b/i.exec(words);
  if (reserved) return { written: reserved[0], forbids: everyUse };
  const free = /\b(CC0|public domain)\b/i.exec(words);
  return free ? { written: free[0], forbids: [] } : undefined;
}

/** What the book's licence allows that a recorded licence forbids: none where the source may become a figure of the book's. */
export const conflicts = (recorded: RecordedLicence): LicenceUse[] => recorded.forbids.filter((use) => bookLicence.allows.includes(use));
