/** Every string the book's interface shows, in one table (the chapters carry their own text). */
export const ui = {
  'site.title': 'Public health in mega-cities; the environmental dimension.',
  'site.description':
    'An open electronic book on public health in rapidly growing cities of the Global South and the urban built environment, for students, instructors and the public.',
  'skipLink.label': 'Skip to content',
  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.contents': 'Index',
  'nav.members': 'Members',
  'menu.open': 'Menu',
  'loading.label': 'Loading the next page',
  'home.heading': 'Public health in mega-cities; the environmental dimension.',
  'home.byline': 'By {names}',
  'home.prefaceHeading': 'Preface',
  'home.prefaceSignature': 'Queens, NYC, May 2025',
  'home.videoDescription': 'Animation: a city skyline at dusk; as night falls its windows light up, then the evening returns.',
  'home.videoPause': 'Pause the video',
  'home.videoPlay': 'Play the video',
  'home.contentsKicker': 'Index',
  'home.contentsTitle': 'Chapters',
  'home.noFunds': 'This book received no external funds.',
  'home.copyright': '© {year} {names}',
  'members.heading': 'Members',
  'members.description': 'The authors of the book and how to reach them.',
  'members.copyLabel': 'Copy the e-mail address',
  'members.copied': 'Email address copied to clipboard',
  'members.copyRefused': 'This browser did not let the page copy. Select the address to copy it:',
  'members.profile': 'Professional profile',
  'members.version': 'v{version}',
  'notices.label': 'Notifications',
  'link.newTab': '(opens in a new tab)',
  'contents.heading': 'Chapters',
  'contents.description': 'The ten chapters of the book, from the Introduction to urban violence and the war on drugs.',
  'chapter.preTitle': 'Chapter {number}',
  'chapter.description': 'Chapter {number} of the open book on public health in mega-cities: {title}.',
  'chapter.blocks': 'Blocks of this chapter',
  'readingNav.label': 'Previous and next',
  'readingNav.previous': 'Previous',
  'readingNav.next': 'Next',
  'readingNav.up': 'Part of Chapter {number}: {title}',
  'notFound.title': 'Page not found',
  'notFound.heading': 'Pagina NoMatch',
  'notFound.body': 'There is no page at this address. It may have moved, or the address may be mistyped.',
  'notFound.home': 'Go to the home page',
  'notFound.contents': 'Go to the contents',
} as const;

export type UiKey = keyof typeof ui;

/** Looks up a UI string and fills its {placeholders}. */
export function t(key: UiKey, values: Record<string, string | number> = {}): string {
  return ui[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
