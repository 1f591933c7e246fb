import type { Page } from '@playwright/test';

/** One address a page names, and where it names it: `img[srcset]`, `astro-island[component-url]`. */
export interface Reference {
  url: string;
  where: string;
}

/**
 * Where pages name addresses: what the browser loads itself, what the page's scripts load
 * (search's dialog, offline saving, the home video) and what other sites read (canonical, previews).
 */
const attributes: [selector: string, attribute: string, form: 'url' | 'srcset' | 'json'][] = [
  ['a', 'href', 'url'],
  ['link', 'href', 'url'],
  ['img', 'src', 'url'],
  ['img', 'srcset', 'srcset'],
  ['source', 'src', 'url'],
  ['source', 'srcset', 'srcset'],
  ['video', 'src', 'url'],
  ['video', 'poster', 'url'],
  ['iframe', 'src', 'url'],
  ['script', 'src', 'url'],
  ['astro-island', 'component-url', 'url'],
  ['astro-island', 'renderer-url', 'url'],
  ['astro-island', 'before-hydration-url', 'url'],
  ['[data-ui]', 'data-ui', 'url'],
  ['[data-module]', 'data-module', 'url'],
  ['[data-manifest]', 'data-manifest', 'url'],
  ['[data-href]', 'data-href', 'url'],
  ['[data-poster]', 'data-poster', 'url'],
  ['[data-sources]', 'data-sources', 'json'],
  ['meta[property^="og:"][content^="http"]', 'content', 'url'],
  ['script[type="application/ld+json"]', 'textContent', 'json'],
];

/** Every address the page names, resolved against the page's own address (fragments kept). */
export const pageReferences = (page: Page): Promise<Reference[]> =>
  page.evaluate((attributes) => {
    // Addresses inside JSON: any string that starts like one.
    const jsonUrls = (value: unknown): string[] =>
      typeof value === 'string'
        ? /^(\/|https?:)/.test(value)
          ? [value]
          : []
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(jsonUrls)
          : [];
    return attributes.flatMap(([selector, attribute, form]) =>
      [...document.querySelectorAll(attribute === 'textContent' ? selector : `${selector}[${attribute}]`)].flatMap((element) => {
        const value = (attribute === 'textContent' ? element.textContent : element.getAttribute(attribute)) ?? '';
        const urls =
          form === 'srcset'
            ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
            : form === 'json'
              ? jsonUrls(JSON.parse(value))
              : [value];
        return urls.map((url) => ({ url: new URL(url, location.href).href, where: `${element.localName}[${attribute}]` }));
      }),
    );
  }, attributes);
