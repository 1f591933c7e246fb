import './book-text.css';
import Cite from './Cite.astro';
import Link from './Link.astro';
import References from './References.astro';
import { componentFiles } from './component-files.ts';

// Each folder's web rendering is <Name>.astro, its styles for the web in the component or in web.css; the editions'
// files (Edition<Name>.astro, edition.css) stay out of the web's pages.
const web = import.meta.glob(['./*/*.astro', '!./*/Edition*.astro'], { eager: true, import: 'default' });
import.meta.glob('./*/web.css', { eager: true });

/**
 * What every chapter's MDX (and the preface and the slide decks) can use without importing anything: the book
 * components (registry.ts) and `a`, so Markdown links behave the same everywhere.
 */
export const bookComponents = { ...componentFiles(web, (name) => `./${name}/${name}.astro`), a: Link };

/** What a page renders its MDX with: the authors' components, and those the build writes for `[@key]` citations. */
export const pageComponents = { ...bookComponents, Cite, References };
