/**
 * The ids citations give the places a link can point at (#ref-who2022, #cite-who2022-1), named once so the pages and
 * the author check (integrations/check/) agree on every address; a book component's are in its definition.
 */
export const anchorIds = {
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
