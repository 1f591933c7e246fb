/**
 * The entries of the authors' troubleshooting page, by what each is about. Every message the author check and the
 * build print about an author's mistake ends with a link to its entry (tests/unit/authoring-doc.test.ts holds the
 * page to these headings).
 */
export const troubleshootingPage = 'docs/authoring/troubleshooting.md';

/**
 * Each entry's heading on the page, in the sections the page groups them in, in the page's order. An entry whose heading
 * is its section's is the section's own text (Mistakes in the text).
 */
export const sections = {
  'Spelling and template text': {
    spelling: 'Spelling',
    templateText: 'Template text',
  },
  Links: {
    brokenLink: 'Broken link',
    linkText: 'A link readers cannot use',
    externalLink: 'External link (warning)',
  },
  'Headings and pages': {
    secondMainHeading: 'A second main heading',
    headingOrder: 'Headings out of order or alike',
    duplicateActivity: 'Two boxes or activities with the same number',
    tableRow: 'A table row longer than the table',
    unreadMarkdown: 'Markdown readers see as written',
    footnote: 'A footnote mark with no note',
  },
  Pictures: {
    missingAlt: 'Missing alt text',
    missingPicture: 'Missing picture',
    largePicture: 'Picture too large',
  },
  'Mistakes in the text': {
    textMistakes: 'Mistakes in the text',
    curlyQuotes: 'Curly quotes',
    lineBreak: 'A line break written as in a web page',
    unreadableText: 'Characters the page cannot show',
  },
  'Mistakes in the frontmatter': {
    fieldMissing: 'A field is missing',
    noClosingLine: 'The frontmatter has no closing line',
    fieldEmpty: 'A field is empty',
    fieldNotValid: 'A field is not valid',
    wholeNumber: 'A number that is not a whole number of 1 or more',
    unknownField: 'An unknown field',
    unreadable: 'The frontmatter cannot be read',
    titleCut: 'Text cut short by a note',
    imageMissing: 'A picture in the frontmatter does not exist',
    skippedFile: 'A file the book would skip',
  },
  'Mistakes across chapters': {
    numberUsed: 'A chapter number used twice',
    numberGap: 'A gap in the chapter numbers',
    noParentChapter: 'A sub-page of a chapter that does not exist',
    orderUsed: 'Two sub-pages in one position',
    draftBefore: 'A draft before a published chapter',
  },
  'Mistakes in components': {
    propMissing: 'A prop is missing',
    unknownProp: 'An unknown prop',
    propEmpty: 'A prop with no value',
    propNumber: 'A prop that must be a whole number',
    propOneOf: 'A prop that must be one of a list',
    propSwitch: 'A switch written with a value',
    noProps: 'A component that takes no props',
    notComponent: 'Not a component of this book',
    refusedElement: 'An element a chapter cannot hold',
    lowerCase: 'A component written in lower case',
    figureEmpty: 'A Figure that shows nothing',
    figureBoth: 'A Figure with both a chart and a picture',
    figureAlt: 'A picture in a Figure without a description',
    embedHost: 'A frame from a site the book does not allow',
    sourceLicence: "A figure from a source whose licence forbids what the book's allows",
  },
  Citations: {
    unknownCitation: 'A citation of a source the bibliography lacks',
    bibMissingField: 'A source without a year or a title',
    bibApaNeeds: 'A report or a webpage without what APA needs',
    bibUnreadable: 'A bibliography that cannot be read',
    uncitedSource: 'Uncited source (warning)',
    unsourcedClaim: 'A figure without a source',
  },
} as const;

type Sections = typeof sections;
/** The name messages link to an entry by (spelling, brokenLink …). */
type Name = { [Section in keyof Sections]: keyof Sections[Section] }[keyof Sections];

/** Every entry's heading, by its name. */
export const entries = Object.assign({}, ...Object.values(sections)) as Record<Name, string>;

export type Entry = keyof typeof entries;

/** A message an entry shows as printed: a check rule's Nth refused example, run in memory, or what the build prints for a test book (tests/fixtures/books). */
type Shown = { rule: string; example: number } | { build: string };

/**
 * What entries of the troubleshooting page say beyond their heading, kept beside the code that sends authors there;
 * npm run make:authoring-reference writes the page from them (tools/make/authoring/troubleshooting-page.ts).
 */
export type Help = Partial<Record<Entry, { about?: string[]; shows?: Shown[] }>>;

/** A heading's anchor as GitHub and editors' previews make it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replaceAll(' ', '-');

/** The line that sends an author to an entry. */
export const helpLine = (entry: Entry): string => `See ${troubleshootingPage}#${anchorOf(entries[entry])}`;

/** A message with its entry's link on the line below. */
export const withHelp = (message: string, entry: Entry): string => `${message}\n${helpLine(entry)}`;
