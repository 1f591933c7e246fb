import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules of WCAG 2.2 level AA, as axe-core tags them. */
const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The page's WCAG 2.2 AA violations, each as "rule: the elements it found".
 * Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the results of
 * cross-origin frames, which doubles the time of a check and which the book never has (other hosts are blocked).
 */
export async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(wcag22aa).setLegacyMode(true).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}
