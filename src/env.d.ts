/// <reference types="astro/client" />

// `export {}` makes this file a module, so the block below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the reader's first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** How many slides the deck being rendered has, for each slide's "Slide 2 of 8" (src/pages/slides/[deck].astro). */
      slideTotal?: number;
    }
  }
}

interface ImportMetaEnv {
  /** true in `astro dev`, false in a build: set by the book integration (integrations/book.ts). */
  readonly BOOK_SHOW_DRAFTS?: boolean;
  /** Set by integrations/book.ts: the build makes the editions to take away (npm run build:downloads), not the web site. */
  readonly BOOK_EDITIONS?: boolean;
}
