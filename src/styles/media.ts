import breakpoints from './breakpoints.css?raw';

/** The media queries of breakpoints.css by name (e.g. media['lg-up']), for HTML attributes such as <source media>. */
export const media: Record<string, string> = Object.fromEntries(
  [...breakpoints.matchAll(/@custom-media --([\w-]+) (.+);/g)].map(([, name, query]) => [name, query]),
);
