/**
 * What a Mozilla HTTP Observatory scan gathers about one address, and what each of its tests answers. The scorer in
 * this folder follows @mdn/mdn-http-observatory 1.4.8 (algorithm version 4), file by file: each rule cites its source.
 * The package itself cannot be installed here (its install scripts download a certificate bundle and build libpq).
 */

/** One HTTP answer as Observatory's retriever (axios on Node) records it. */
export interface Answer {
  /** The address asked, as the scan sees it: https://… for the https chain. */
  url: string;
  status: number;
  /** Header names in lower case; a repeated header joined with ', ', as Node's HTTP client joins it. */
  headers: Record<string, string>;
  /** Each Set-Cookie line, apart (Node keeps them apart too). */
  setCookies: string[];
}

/** What the page's HTML says, as src/retriever/utils.js and src/analyzer/tests/subresource-integrity.js read it. */
export interface PageHtml {
  /** The content of every <meta http-equiv="content-security-policy">, in document order. */
  csp: string[];
  /** The content of the last <meta name="referrer">, or null. */
  referrer: string | null;
  /** Every <script>, inline ones included, with its src and integrity attributes as written. */
  scripts: { src: string | null; integrity: string | null }[];
}

/** Everything one scan of one https address collects (src/retriever/retriever.js). */
export interface Scan {
  /** The https answers from the address scanned to the page: redirects first, the page last (responses.auto and .https). */
  https: Answer[];
  /** The page's HTML, when it is HTML (retriever.js reads <meta> only for text/html and application/xhtml+xml). */
  html: PageHtml | null;
  /** The same address over http://, and each address it was redirected to, with its status (responses.httpRedirects); empty when http:// does not answer. */
  httpRoute: { url: string; status: number }[];
  /** The answer to a CORS preflight (OPTIONS with Origin and Access-Control-Request-Method: GET) sent to the page, or null. */
  cors: { origin: string; headers: Record<string, string> } | null;
}

/** One test's answer: Observatory's result name, the points it adds or takes away, and whether the test passed. */
export interface TestResult {
  test: string;
  result: string;
  modifier: number;
  pass: boolean;
}

/** The page: the last answer of the https chain. */
export function pageOf(scan: Scan): Answer {
  const page = scan.https.at(-1);
  if (!page) throw new Error('An Observatory scan needs at least the https answer of the page.');
  return page;
}

/** The media type of an answer, as Observatory reads it: Content-Type up to the first ';', untrimmed. */
export const mediaType = (answer: Answer) => (answer.headers['content-type'] ?? '').split(';')[0] ?? '';

/** The types Observatory reads as HTML (src/types.js, HTML_TYPES). */
export const htmlTypes = new Set(['text/html', 'application/xhtml+xml']);
