/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests run through Astro's Vite config, so `astro:content` and import.meta.env resolve as in the site.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/build/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
