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
};
