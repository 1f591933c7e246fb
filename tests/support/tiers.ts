import type { TestContext } from 'vitest';

/**
 * The slow tier: checks whose inputs seldom change and that take long, run by `npm run test:all` (BOOK_TEST_ALL=1),
 * which .ci/run runs whenever the pages' templates or the editions changed (.ci/slow-tier).
 */
const slowTierRuns = process.env.BOOK_TEST_ALL === '1';

/** Skips a test of the slow tier, saying where it runs, unless this run is `npm run test:all`. */
export function slowTier(context: TestContext, what: string): void {
  if (slowTierRuns) return;
  console.warn(`Skipped: ${what} runs in npm run test:all (the slow tier).`);
  context.skip(`${what} runs in npm run test:all`);
}
