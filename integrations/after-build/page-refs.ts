/**
 * Everything a built page refers to, read from its HTML: stylesheets, scripts, pictures, icons, frames, links, and
 * its islands by when they hydrate. Shared by the after-build steps, the bench and the tests.
 */
import { attribute, type Element, elements, inside } from './html.ts';
import type { ImageRef } from './image-choice.ts';

/** Everything a page's HTML refers to, as written (URLs are not resolved). */
export interface PageRefs {
  stylesheets: string[];
  /** External scripts and module preloads: fetched with the page. */
  scripts: string[];
  /** Contents of the inline scripts. */
  inlineScripts: string[];
  /** Every image, with its candidates: `chosenImage()` tells which file a browser fetches. */
  images: ImageRef[];
  /** Icons and other files the browser fetches from <link>. */
  icons: string[];
  /** The addresses the page frames (<iframe src>). */
  frames: string[];
  /** The addresses the page links to (<a href>). */
  links: string[];
  /** Entries of islands that hydrate on interaction (client:interaction): fetched only when a reader uses one. */
  islandEntries: string[];
  /** Entries of islands that hydrate once the browser is idle (client:idle). */
  idleIslandEntries: string[];
  /** Entries of islands that hydrate at once (client:load, visible, media, only): fetched with the page. */
  eagerIslandEntries: string[];
}

const isIdle = (client: string) => client === 'idle';

/** Of these <astro-island> elements, the component and renderer entries of those that pass the test, each once. */
const islandEntriesWhere = (islands: Element[], test: (island: Element) => boolean) => [
  ...new Set(
    islands
      .filter(test)
      .flatMap((island) => ['component-url', 'renderer-url', 'before-hydration-url'].flatMap((name) => attribute(island, name) || [])),
  ),
];

/** Component and renderer entries of the islands whose directive passes the test. */
const islandEntries = (islands: Element[], test: (client: string) => boolean) =>
  islandEntriesWhere(islands, (island) => test(attribute(island, 'client') ?? ''));

/** Component and renderer entries of the islands of these components (BoxPanel for BoxPanel.tsx). */
export const islandEntriesOf = (html: string, components: string[]) =>
  islandEntriesWhere(named(elements(html), 'astro-island'), (island) =>
    components.includes(attribute(island, 'component-url')?.split('/').at(-1)?.split('.')[0] ?? ''),
  );

// Only these types run; JSON-LD, import maps and templates are data.
const isJavaScript = (type = '') => /^\s*(module|(text|application)\/(x-)?(java|ecma)script)?\s*$/i.test(type);

const named = (all: Element[], name: string) => all.filter((element) => element.tagName === name);
const relOf = (link: Element) => (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/);

/** What a page refers to; from its HTML, or from its elements when the page was parsed already. */
export function pageRefs(page: string | Element[]): PageRefs {
  const all = typeof page === 'string' ? elements(page) : page;
  const hrefs = (keep: (rel: string[]) => boolean) =>
    named(all, 'link')
      .filter((link) => keep(relOf(link)))
      .flatMap((link) => attribute(link, 'href') ?? []);
  const scripts = named(all, 'script')
    .filter((script) => isJavaScript(attribute(script, 'type')))
    .map((script) => ({ src: attribute(script, 'src'), body: script.text }));
  const islands = named(all, 'astro-island');
  return {
    stylesheets: hrefs((rel) => rel.includes('stylesheet')),
    scripts: [...scripts.flatMap((script) => script.src ?? []), ...hrefs((rel) => rel.includes('modulepreload'))],
    inlineScripts: scripts.filter((script) => script.src === undefined).map((script) => script.body),
    images: imageRefs(all),
    icons: hrefs((rel) => rel.includes('icon') || rel.includes('apple-touch-icon') || rel.includes('manifest')),
    frames: named(all, 'iframe').flatMap((frame) => attribute(frame, 'src') ?? []),
    links: named(all, 'a').flatMap((link) => attribute(link, 'href') ?? []),
    islandEntries: islandEntries(islands, (client) => client === 'interaction'),
    idleIslandEntries: islandEntries(islands, isIdle),
    eagerIslandEntries: islandEntries(islands, (client) => client !== 'interaction' && !isIdle(client)),
  };
}

/** Every <img>, with the <source>s of its <picture>, in document order. */
function imageRefs(all: Element[]): ImageRef[] {
  return named(all, 'img').map((img) => {
    const picture = inside(img, 'picture');
    const sources = (picture ? named(all, 'source').filter((source) => inside(source, 'picture') === picture) : []).flatMap((source) => {
      const srcset = attribute(source, 'srcset');
      return srcset ? [{ srcset, media: attribute(source, 'media'), type: attribute(source, 'type') }] : [];
    });
    return { src: attribute(img, 'src'), srcset: attribute(img, 'srcset'), sources };
  });
}
