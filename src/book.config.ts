/**
 * Settings of this book that are not prose: addresses and media an editor may change without
 * touching a page. Environment variables override them at build time.
 */
export const bookConfig = {
  /** The authors' course-overview site, linked from the preface (placeholder until the authors give theirs). */
  courseOverviewUrl: process.env.BOOK_COURSE_OVERVIEW_URL ?? 'https://example.org/megacities-course-overview',
  /**
   * The looping video on the home page, in order of preference (made by tools/make/make-home-video.ts).
   * BOOK_HOME_VIDEO_URL replaces it with one MP4 file.
   */
  homeVideo: process.env.BOOK_HOME_VIDEO_URL
    ? [{ src: process.env.BOOK_HOME_VIDEO_URL, type: 'video/mp4' }]
    : [
        { src: '/media/home-city.webm', type: 'video/webm' },
        { src: '/media/home-city.mp4', type: 'video/mp4' },
      ],
  /**
   * Sites whose pages a chapter may show in a frame (<Embed>), besides the book's own files: the content security
   * policy's frame-src. YouTube addresses play from youtube-nocookie. An embed from any other site stops the build.
   */
  embedHosts: ['https://www.youtube-nocookie.com'],
  /** Year in the copyright line. */
  copyrightYear: 2025,
};
