import './book-text.css';
import Activity from './Activity.astro';
import Annex from './Annex.astro';
import Box from './Box.astro';
import Cite from './Cite.astro';
import Embed from './Embed.astro';
import Figure from './Figure.astro';
import Link from './Link.astro';
import LinkButton from './LinkButton.astro';
import References from './References.astro';
import TeachingResources from './TeachingResources.astro';
import Slide from './Slide.astro';
import Tip from './Tip.astro';

/**
 * What every chapter's MDX (and the preface and the slide decks) can use without importing anything: the book
 * components (their props are in component-rules.ts) and `a`, so Markdown links behave the same everywhere.
 */
export const bookComponents = { Activity, Annex, Box, Embed, Figure, LinkButton, TeachingResources, Tip, Slide, a: Link };

/** What a page renders its MDX with: the authors' components, and those the build writes for `[@key]` citations. */
export const pageComponents = { ...bookComponents, Cite, References };
