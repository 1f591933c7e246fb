/// <reference types="astro/client" />

// `export {}` makes this file a module, so the block below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the reader's first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
    /** Hydrate once the page has loaded and the browser is idle, or on the reader's first interaction. */
    'client:idle-after-load'?: boolean;
  }
}

interface ImportMetaEnv {
  /** true in `astro dev`, false in a build: set by the book integration (integrations/index.ts). */
  readonly BOOK_SHOW_DRAFTS?: boolean;
}
