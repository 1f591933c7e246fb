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
  // Stub chapter 5.0 KB and 0.75 x until every figure cited its source and every page stated the licence: the outlines'
  // reference lists doubled (1.8 KB of Chapter 2's 5.5 KB), the licence line about 0.1 KB a page (docs/performance.md).
  session: { stubPage: 5.75 * 1024, timesStarlight: 0.76, dataSaverWorkerExtra: 5 * 1024 },
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
    // Its text and references are most of it: every figure cited, dated and set beside the UN's 2025 revision took the
    // first load from 30,967 to 33,378 bytes with the downloads (how it grew before: docs/performance.md).
    firstLoad: 32.75 * 1024,
    opened: { islands: ['BoxPanel', 'TipTrigger', 'ActivityDialog'], js: 105 * 1024 },
  };
}
