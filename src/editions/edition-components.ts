import { componentFiles } from '../components/book/component-files.ts';
import Cite from './components/EditionCite.astro';
import Link from './components/EditionLink.astro';
import References from './components/EditionReferences.astro';

// Each folder draws its component for paper and e-readers in Edition<Name>.astro, with its styles there or in edition.css.
const editions = import.meta.glob('../components/book/*/Edition*.astro', { eager: true, import: 'default' });
import.meta.glob('../components/book/*/edition.css', { eager: true });

/**
 * What a chapter's MDX renders with in the editions to take away: the same props as the web's components
 * (src/components/book/), drawn for paper and e-readers.
 */
export const editionComponents = {
  ...componentFiles(editions, (name) => `../components/book/${name}/Edition${name}.astro`),
  Cite,
  References,
  a: Link,
};
