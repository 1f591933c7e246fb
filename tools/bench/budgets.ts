/**
 * The limits the built pages must keep, checked by `npm run budget` (page-weight.ts) and the browser tests:
 * gzip bytes; images count as served, SVG gzipped.
 */
export const budgets = {
  /** Every page: the scripts pages share that stay in it, to run before its first paint (theme, data saver's hold), gzipped together. */
  inlineJs: 1000,
  /** Every page: its own scripts, cached files fetched with it and those only it runs inline, gzipped; never an island's code (islands wait for idle or the reader). */
  pageJs: 6 * 1024,
  /**
   * Every page: the stylesheets and scripts it names, all asked for before its first paint. A browser opens six
   * connections to a host over HTTP/1.1 (and Lighthouse's simulation assumes as much): a seventh file waits for one.
   */
  filesBeforePaint: 6,
  /** Every page: what comes again with each page besides its own text (its HTML with <main> emptied, gzipped). */
  furniture: 4 * 1024,
  /**
   * Per page (gzip bytes): `transfer`, a whole first visit on a phone with no interaction, video excluded;
   * `js`, all JavaScript before the reader acts; `firstLoad`, the first load's HTML + CSS + JS;
   * `opened`, all JavaScript once the reader has used every one of the named islands.
   */
  pages: {
    '/': { transfer: 150 * 1024, js: 6 * 1024 },
    '/index': { transfer: 120 * 1024, js: 6 * 1024 },
    // The offline page lists what this device has cached: its own script (784) on top of the others.
    '/offline': { transfer: 60 * 1024, js: 6 * 1024 + 784 },
    // Its copy buttons wake on the reader's hand, as the chapters' islands do.
    '/members': { transfer: 150 * 1024, js: 10 * 1024 },
    '/index/Chapter1': introduction(),
    '/Introduction': introduction(),
  } as Record<string, PageBudget>,
};

/** The bench's own targets, checked by `npm run bench -- --check` (bytes, with 1 KB = 1,024 bytes). */
export const benchTargets = {
  /** The editions to take away, which a reader downloads whole. */
  downloads: { '.epub': 2 * 2 ** 20, '.zim': 5 * 2 ** 20 },
  /**
   * Eight pages read on a phone (reading-session.ts): a stub chapter after another page, the session against
   * Starlight's with the same chapters in the same run, and what data saver's offline worker adds to a first visit.
   */
  session: { stubPage: 5 * 1024, timesStarlight: 0.75, dataSaverWorkerExtra: 5 * 1024 },
  /** Generated books (scale-bench.ts): 1,000 chapters in two minutes; an added chapter no dearer in a big book than a small one. */
  scale: { thousandChaptersSeconds: 120, marginalGrowth: 1.5 },
};

export interface PageBudget {
  transfer: number;
  js?: number;
  firstLoad?: number;
  /** Islands by component file name (BoxPanel for BoxPanel.tsx), and the JavaScript budget once all are open. */
  opened?: { islands: string[]; js: number };
}

/** The Introduction: every box, tip and dialog opened. */
function introduction(): PageBudget {
  return {
    transfer: 150 * 1024,
    js: 10 * 1024,
    // Its text and references are most of it, APA's full author lists included (27.25 KiB until the page named its
    // route for the offline worker and its save control its failure: 27,906 bytes; 27.5 KiB until the control asked
    // the worker for its size instead of the build writing it into the page: 28,332 bytes with the downloads; 27.75 KiB
    // until every chapter page listed the book's contents beside its text and in its menu: 28,951 bytes; 28.5 KiB until
    // its data tables and links back to citations were named: 30,317 bytes with the downloads, of which gzip's 32 KB window
    // makes about 780 (the 66 KB page's repeats fall out of its reach), while brotli, which hosts send, grew 97 bytes);
    // 29.75 KiB until each link back from a reference named its source (156 bytes) and the contents column stayed fixed
    // beside the text to the page's end: 30,765 bytes with the downloads; 30,805 before every page's footer stated the
    // book's licence, which costs 162 bytes: 30,967, and the budget grows by as much).
    firstLoad: 30.25 * 1024 + 162,
    opened: { islands: ['BoxPanel', 'TipTrigger', 'ActivityDialog'], js: 105 * 1024 },
  };
}
