import { budgets, sizeOf } from '../../src/lib/page-weight.ts';
import { expect, test } from './support/test.ts';
import { sitePages } from './support/site.ts';

// Sizes are the budget script's business (npm run budget); this checks what a real browser fetches.
test('no page fetches JavaScript before it has loaded, and menu-only pages fetch none at all', async ({ page }) => {
  const problems: string[] = [];
  for (const path of sitePages()) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { scripts, hasOwnIslands, inline } = await page.evaluate(() => {
      const loadEnd = performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number;
      return {
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
          .map((entry) => ({ url: entry.name, beforeLoad: entry.startTime < loadEnd })),
        hasOwnIslands: document.querySelector('astro-island:not([client="interaction"])') !== null,
        inline: [...document.querySelectorAll('script:not([src])')]
          .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
          .map((script) => script.textContent ?? '')
          .join(''),
      };
    });
    for (const script of scripts) {
      if (script.beforeLoad) problems.push(`${path}: ${script.url} was fetched before the page finished loading`);
      else if (!hasOwnIslands) problems.push(`${path}: ${script.url} was fetched though only the menu needs JavaScript`);
    }
    const { gzip } = sizeOf(inline);
    const ownJs = budgets.pages[path]?.js;
    if (!hasOwnIslands && gzip > (ownJs ?? budgets.inlineJsMenuOnly)) problems.push(`${path}: inline scripts weigh ${gzip} bytes gzipped`);
  }
  expect(problems).toEqual([]);
});
