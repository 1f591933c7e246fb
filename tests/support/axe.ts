import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type Axe from 'axe-core';
import type { RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2.2 level AA, as axe-core tags them; frames are checked as pages of their own. */
const options: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, iframes: false };

/**
 * The page's WCAG 2.2 AA violations, each as "rule: the elements it found".
 * axe-core runs in the page itself, not in its frames: the book's only frames are its own slides (a page the sweeps
 * check) and the browser's PDF viewer. Injecting axe into every frame, as @axe-core/playwright does, took 60 % of a check.
 */
export async function violations(page: Page): Promise<string[]> {
  // Judged as the page settles, not halfway through a fade (the contents card's): every finite animation finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Once per page: a second check of the same page (another state of it) reuses what the first injected.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const { violations: found } = await page.evaluate((options) => (window as unknown as { axe: typeof Axe }).axe.run(document, options), options);
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}
