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
  /**
   * The licence of the book's text and of the figures made for it, which every page, edition and catalogue entry
   * states in one sentence (src/lib/licence.ts). `allows`: what it lets anyone do, which the author check holds the
   * figures' sources to (a source that forbids one of them cannot become a figure of the book's).
   */
  licence: {
    short: 'CC BY 4.0',
    name: 'Creative Commons Attribution 4.0 International',
    spdx: 'CC-BY-4.0',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    allows: ['commercial use', 'adaptation', 'adaptations under other terms'] as LicenceUse[],
  },
  /**
   * What the book shows under its own licence, not the book's: listed in LICENSE-CONTENT.md. `named`: the words a
   * figure's source gives it by, which let the check accept such material shown unchanged whatever its licence forbids.
   */
  thirdParty: [
    {
      material: "Map 1's data: UN DESA, World Urbanization Prospects: The 2018 Revision, File 12",
      named: 'World Urbanization Prospects: The 2018 Revision',
      licence: 'CC BY 3.0 IGO',
      url: 'https://creativecommons.org/licenses/by/3.0/igo/',
    },
    {
      material: "Map 1's country outlines: Natural Earth, through the world-atlas package",
      named: 'Natural Earth',
      licence: 'public domain',
      url: 'https://www.naturalearthdata.com/about/terms-of-use/',
    },
    {
      material: "Activity 1's videos, played from YouTube: Hans Rosling's TED talk (2006) and The Joy of Stats (BBC Four, 2010)",
      named: 'Hans Rosling',
      licence: "their owners' terms (TED's talks: CC BY-NC-ND)",
      url: 'https://www.ted.com/about/our-organization/our-policies-terms/ted-talks-usage-policy',
    },
    {
      material: 'The typefaces Source Serif 4 and Source Sans 3 (Adobe), in the web pages and the PDFs',
      named: 'Source Serif 4',
      licence: 'SIL Open Font License 1.1',
      url: 'https://openfontlicense.org/',
    },
  ] as ThirdParty[],
};

/** What a licence may let anyone do with a work, or forbid. */
export type LicenceUse = 'commercial use' | 'adaptation' | 'adaptations under other terms';

interface ThirdParty {
  material: string;
  named: string;
  licence: string;
  url?: string;
}
