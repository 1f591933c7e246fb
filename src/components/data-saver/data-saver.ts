/** Where the reader's data-saver choice is remembered (this browser only): 'on' or 'off'; absent = follow the browser. */
export const dataSaverKey = 'book-data-saver';

/** The attribute on a picture or frame data saver holds back (its addresses moved to data-saver-src, data-saver-srcset). */
export const heldAttribute = 'data-saver-held';
