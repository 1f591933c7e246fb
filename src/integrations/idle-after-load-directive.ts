import type { ClientDirective } from 'astro';
import { whenReached } from './interaction-directive.ts';

/**
 * `client:idle-after-load`: hydrates when the page has loaded and the browser is then idle, or
 * earlier if the reader reaches for the island. (Astro's client:idle may fire while the page is
 * still loading, competing with the first screen.)
 */
const idleAfterLoad: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  whenReached(el, start);
  const whenIdle = () => (self.requestIdleCallback ?? setTimeout)(start);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};

export default idleAfterLoad;
