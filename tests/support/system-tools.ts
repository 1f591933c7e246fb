import type { TestContext } from 'vitest';
import { type SystemTool, systemTool } from '../../tools/common/system-tools.ts';

const alreadySaid = new Set<string>();
/**
 * On CI, which installs every program (.ci/run), and in the slow tier, whose pass CI trusts (.ci/slow-tier), a missing
 * program fails its tests: neither may pass by skipping them.
 */
const everyProgramNeeded = !!process.env.CI || process.env.BOOK_TEST_ALL === '1';

/** Says, once per file in the run's output, what a skipped test needed. */
function sayOnce(said: string): void {
  if (!alreadySaid.has(said)) console.warn(`Skipped: ${said}.`);
  alreadySaid.add(said);
}

/**
 * Skips the test with the sentence that says what to install when one of the programs it runs is missing, except on
 * CI and in the slow tier, where it fails instead.
 */
export function needs(context: TestContext, ...programs: string[]): void {
  const missing = programs.map(systemTool).filter((tool: SystemTool) => !tool.path);
  if (missing.length === 0) return;
  const said = missing.map((tool) => tool.missing).join('; ');
  if (everyProgramNeeded) throw new Error(`${said}: .ci/run installs it, and npm run test:all needs it.`);
  sayOnce(said);
  context.skip(said);
}

/**
 * For Playwright: whether to skip the file's tests for want of a program (`test.skip(missingHere(tool), tool.missing)`),
 * saying so; never on CI or in the slow tier, where the tests then fail for want of it.
 */
export function missingHere(tool: { path?: string | undefined; missing: string }): boolean {
  if (tool.path || everyProgramNeeded) return false;
  sayOnce(tool.missing);
  return true;
}

/** The installed path of a program of tools/common/system-tools.txt (call needs() first). */
export const pathOf = (program: string): string => systemTool(program).path ?? program;
