import Figure from './components/EditionFigure.astro';
import Link from './components/EditionLink.astro';
import Slide from './components/EditionSlide.astro';

/** What a slide deck is printed with, inside its annex. */
export const deckComponents = { Figure, Slide, a: Link };
