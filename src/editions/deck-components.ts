import Figure from '../components/book/Figure/EditionFigure.astro';
import Slide from '../components/book/Slide/EditionSlide.astro';
import Link from './components/EditionLink.astro';

/** What a slide deck is printed with, inside its annex. */
export const deckComponents = { Figure, Slide, a: Link };
