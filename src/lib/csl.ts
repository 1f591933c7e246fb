/** citation-js with the book's citation style: APA 7th edition, from the CSL file shipped in src/data/citation. */
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import apaStyle from '../data/citation/apa.csl?raw';

/** The name the style is registered under. */
export const style = 'book-apa';
plugins.config.get('@csl').styles.add(style, apaStyle);

export { Cite };
