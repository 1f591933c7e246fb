import type { TestContext } from 'vitest';
import { type SystemTool, systemTool } from '../../tools/common/system-tools.ts';

const alreadySaid = new Set<string>();

/**
 * Skips the test with the sentence that says what to install when one of the programs it runs is missing. On CI,
 * which installs them all (.ci/run), a missing program fails the test instead: CI must never pass by skipping it.
 */
export function needs(context: TestContext, ...programs: string[]): void {
  const missing = programs.map(systemTool).filter((tool: SystemTool) => !tool.path);
  if (missing.length === 0) return;
  const said = missing.map((tool) => tool.missing).join('; ');
  if (process.env.CI) throw new Error(`${said}: .ci/run should have installed it.`);
  // Said once per file in the run's output, and beside each test skipped (Vitest's verbose reporter).
  if (!alreadySaid.has(said)) console.warn(`Skipped: ${said}.`);
  alreadySaid.add(said);
  context.skip(said);
}

/** The installed path of a program of tools/common/system-tools.txt (call needs() first). */
export const pathOf = (program: string): string => systemTool(program).path ?? program;
