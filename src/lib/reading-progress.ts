/**
 * 'Continue where you left off' is kept in the reader's own browser only: localStorage, one entry per
 * copy of the book (the base path tells two books on one host apart). Nothing is sent anywhere.
 */

/** The localStorage key; scripts on the chapter pages and the contents page must agree on it. */
export const progressKey = (base: string = import.meta.env.BASE_URL): string => `book-reading-progress:${base}`;

/** What is stored: the chapters opened (by number) and the last page opened. */
export interface ReadingProgress {
  opened: number[];
  last?: { href: string; label: string };
}
