import type { ClientDirective } from 'astro';
import { afterLoadWhenIdle } from '../lib/after-load.ts';
import interaction from './interaction.ts';

/**
 * `client:idle-after-load`: hydrates when the page has loaded and the browser is then idle (a second at most), or
 * earlier if the reader reaches for the island (as client:interaction). (Astro's client:idle may
 * fire while the page is still loading, competing with the first screen.)
 */
const idleAfterLoad: ClientDirective = (load, options, el) => {
  let hydrating: Promise<void> | undefined;
  const hydrateOnce = () => (hydrating ??= load().then((hydrate) => hydrate()));
  interaction(async () => hydrateOnce, options, el);
  afterLoadWhenIdle(() => void hydrateOnce());
};

export default idleAfterLoad;
