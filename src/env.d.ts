/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the reader's first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}
