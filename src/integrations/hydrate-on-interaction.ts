import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Adds `client:interaction`: an island hydrates when the reader first points at, touches or
 * focuses it, so a page whose islands are never used downloads no framework code at all.
 * Adds `client:idle-after-load`: the same, or once the loaded page leaves the browser idle.
 */
export default function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'book:hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'idle-after-load',
          entrypoint: fileURLToPath(new URL('./idle-after-load-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
