import pkg from '../../../package.json';

/** The edition's version and date: the package's version, and SOURCE_DATE_EPOCH (seconds) when set, for reproducible files. */
export function editionVersion(): { version: string; date: Date } {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return { version: pkg.version, date: Number.isInteger(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date() };
}

/** A date as the book writes it: 26 November 2026. */
export const longDate = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
