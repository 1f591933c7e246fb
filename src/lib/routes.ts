/**
 * The book's route table (SPEC §2): every address a page lives at, built in one place.
 * Paths carry no trailing slash; `href()` adds the deployment's base path.
 */
export const paths = {
  home: '/',
  members: '/members',
  contents: '/index',
  /** The Introduction is also reachable here; /index/Chapter1 is its canonical address. */
  introduction: '/Introduction',
  chapter: (number: number) => `/index/Chapter${number}`,
  subpage: (chapter: number, slug: string) => `/index/Chapter${chapter}/${slug}`,
  /** What the offline worker shows for a page that is neither cached nor reachable. */
  offline: '/offline',
} as const;

/** The three destinations of the top bar and the phone menu, in order. */
export const siteNav = [
  { key: 'home', path: paths.home },
  { key: 'contents', path: paths.contents },
  { key: 'members', path: paths.members },
] as const;

/** Prefixes a root-relative path with the base path the site is deployed under (e.g. /book/). */
export function href(path: string, base: string = import.meta.env.BASE_URL): string {
  const prefix = base.replace(/\/+$/, '');
  if (path === '/') return `${prefix}/`;
  return `${prefix}${path}`;
}

/** Removes the base path and any trailing slash, giving the route-table form of a request path. */
export function routeOf(pathname: string, base: string = import.meta.env.BASE_URL): string {
  const prefix = base.replace(/\/+$/, '');
  const local = prefix && pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname;
  const trimmed = local.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * How a navigation item relates to the current page, as an aria-current value: 'page' on the page
 * itself, 'true' inside its section (a chapter is inside the contents), otherwise none.
 */
export function currentState(itemPath: string, currentRoute: string): 'page' | 'true' | undefined {
  if (itemPath === currentRoute) return 'page';
  const inContents = currentRoute.startsWith(`${paths.contents}/`) || currentRoute === paths.introduction;
  return itemPath === paths.contents && inContents ? 'true' : undefined;
}

/**
 * Whether a built page's address is one search engines should list: not /Introduction (Chapter 1's
 * second address), not the slide decks chapters embed, not the offline page.
 */
export function isListedPage(pathname: string, base: string = import.meta.env.BASE_URL): boolean {
  const route = routeOf(pathname, base);
  return route !== paths.introduction && route !== paths.offline && !route.startsWith('/slides/');
}
