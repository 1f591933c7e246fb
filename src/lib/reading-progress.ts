/**
 * 'Continue where you left off' is kept in the reader's own browser only: localStorage, one entry per
 * copy of the book (the base path tells two books on one host apart). Nothing is sent anywhere.
 */

/**
 * The localStorage key; scripts on the chapter pages and the contents page must agree on it. Its value is
 * JSON: `{ "opened": [3, 2], "last": { "href": "/index/Chapter2", "label": "Chapter 2, Public health in mega-slums" } }`.
 */
export const progressKey = (base: string = import.meta.env.BASE_URL): string => `book-reading-progress:${base}`;
