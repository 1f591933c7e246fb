import type { AstroIntegration } from 'astro';

/**
 * Drafts (`draft: true`) are shown by `astro dev` and left out of every build. The command decides,
 * not NODE_ENV or the mode, which a shell or a test runner may set to anything; src/lib/chapters.ts reads it.
 */
export default function drafts(): AstroIntegration {
  return {
    name: 'book:drafts',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        updateConfig({ vite: { define: { 'import.meta.env.BOOK_SHOW_DRAFTS': JSON.stringify(command === 'dev') } } });
      },
    },
  };
}
