/**
 * Settings of this book that are not prose: addresses and media an editor may change without
 * touching a page. Environment variables override them at build time.
 */
export const bookConfig = {
  /** The authors' course-overview site, linked from the preface (placeholder until the authors give theirs). */
  courseOverviewUrl: process.env.BOOK_COURSE_OVERVIEW_URL ?? 'https://example.org/megacities-course-overview',
  /** Year in the copyright line. */
  copyrightYear: 2025,
};
