/** The book to take away (npm run build:downloads): its files, which the web pages offer in "Take the book away". */
export interface Download {
  /** The file's name in downloads/. */
  file: string;
  bytes: number;
  /** What it is: the whole book's EPUB, PDF or ZIM, or one chapter's PDF (its number). */
  kind: 'epub' | 'book-pdf' | 'zim' | { chapter: number };
}

/** Where the downloads are served: downloads/ at the site's root. */
export const downloadsFolder = 'downloads';
