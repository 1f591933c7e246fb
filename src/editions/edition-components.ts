import Annex from '../components/book/Annex.astro';
import Activity from './components/EditionActivity.astro';
import Box from './components/EditionBox.astro';
import Cite from './components/EditionCite.astro';
import Embed from './components/EditionEmbed.astro';
import Figure from './components/EditionFigure.astro';
import Link from './components/EditionLink.astro';
import LinkButton from './components/EditionLinkButton.astro';
import References from './components/EditionReferences.astro';
import TeachingResources from './components/EditionTeachingResources.astro';
import Tip from './components/EditionTip.astro';

/**
 * What a chapter's MDX renders with in the editions to take away: the same props as the web's components
 * (src/components/book/), drawn for paper and e-readers; an annex is the web's own.
 */
export const editionComponents = { Activity, Annex, Box, Embed, Figure, LinkButton, TeachingResources, Tip, Cite, References, a: Link };
