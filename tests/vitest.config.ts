/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests run through Astro's Vite config, so `astro:content` and import.meta.env resolve as in the site.
export default getViteConfig({
  test: {
    // unit/ and build/ need nothing built; built/ reads the book npm test builds (dist/ and its downloads).
    include: ['tests/unit/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/built/**/*.test.ts'],
    // Vitest's default on two cores is one worker; the build tests mostly wait on their `astro build` processes.
    maxWorkers: 2,
    // Each fixture book written whole (valid/ with its mistake) before the tests read it: tests/support/fixture-books.ts.
    globalSetup: ['tests/support/fixture-books.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
