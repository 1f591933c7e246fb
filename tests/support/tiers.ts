import type { TestContext } from 'vitest';

/**
 * The slow tier: checks whose inputs seldom change and that take long, run by `npm run test:all` (BOOK_TEST_ALL=1),
 * which .ci/run runs whenever what it checks changed since it last passed (.ci/slow-tier).
 */
export const slowTierRuns = process.env.BOOK_TEST_ALL === '1';

/**
 * The slow tier's browser tests, by file name in tests/e2e (tests/playwright.config.ts leaves them out of npm test):
 * what the templates, the build's code, the server and the fixture books decide, never the chapters' text. Each builds
 * a book or starts a host or a browser of its own: the offline worker on a new deployment, analytics, a base path, the
 * hosts' emulators, offline reading on hosts that redirect, Firefox, and the scripts every page fetches.
 */
export const slowTierSpecFiles = ['analytics', 'base-path', 'firefox', 'host-emulators', 'offline', 'offline-hosts', 'page-weight'].map(
  (name) => `${name}.spec.ts`,
);
export const slowTierSpecs = new RegExp(`[/\\\\](${slowTierSpecFiles.map((file) => file.replaceAll('.', '\\.')).join('|')})$`);

/** Playwright's global setup: says, once per run, which browser tests this run leaves to the slow tier. */
export default function sayWhatIsLeftOut(): void {
  if (!slowTierRuns) console.log(`Left to npm run test:all (the slow tier): tests/e2e/{${slowTierSpecFiles.join(',')}}.`);
}

/** Skips a test of the slow tier, saying where it runs, unless this run is `npm run test:all`. */
export function slowTier(context: TestContext, what: string): void {
  if (slowTierRuns) return;
  console.warn(`Skipped: ${what} runs in npm run test:all (the slow tier).`);
  context.skip(`${what} runs in npm run test:all`);
}
