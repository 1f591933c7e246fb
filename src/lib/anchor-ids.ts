/**
 * The ids book components give the places a link can point at (#box-2, #activity-1, #figure-2, #annex-1-1),
 * named once so the pages and the author check (integrations/check/) agree on every address.
 */
export const anchorIds = {
  box: (number: number | string) => `box-${number}`,
  activity: (number: number | string) => `activity-${number}`,
  slide: (number: number | string) => `slide-${number}`,
  /** 'Figure 2' → figure-2, 'Map 1' → map-1. */
  figure: (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  /** '1.1' → annex-1-1. */
  annex: (number: string) => `annex-${number.replace(/\W+/g, '-')}`,
  /** A source's entry in the page's reference list. */
  reference: (key: string) => `ref-${key}`,
  /** The page's nth citation of a source, which its reference links back to. */
  citation: (key: string, n: number) => `cite-${key}-${n}`,
};

/** The ids the layouts give a page, by what each is (`every` page has the first two; the others, the pages named). */
export const layoutIds = {
  content: 'content',
  dataSaverNote: 'data-saver-note',
  /** The home page. */
  preface: 'preface-heading',
  /** The contents page and each chapter. */
  downloads: 'downloads',
  /** The contents page. */
  resume: 'resume',
  /** A chapter with blocks. */
  subpages: 'subpages-heading',
} as const;
