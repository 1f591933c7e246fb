/** A link that leaves the book for another site (http, https or protocol-relative). */
export function isExternal(url: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url) && !url.startsWith('mailto:');
}

/** A root-relative address inside the book (/index/Chapter2), which needs the deployment's base path. */
export function isBookPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** An address of a file on the author's own computer (file:///C:/…, C:\…), which no reader's browser can open. */
export const onOwnComputer = (url: string): boolean => /^file:|^[a-z]:[\\/]/i.test(url);
