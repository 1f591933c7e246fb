import type { Page, Request } from '@playwright/test';
import { budgets } from '../../tools/bench/budgets.ts';
import { inlineScriptsSize, onePageScripts } from '../../tools/bench/sizes.ts';
import { pageRefs } from '../../integrations/after-build/page-refs.ts';
import { disableCache } from '../support/browser-cache.ts';
import { expect, phoneOnly, sameAtEveryWidth, test } from '../support/test.ts';
import { pageModules, pageScriptFiles, sitePages } from '../support/site.ts';

/** Every script the page requests until `stop()`, whatever its file name. */
function watchScripts(page: Page) {
  const requests: Request[] = [];
  const listener = (request: Request) => {
    if (request.resourceType() === 'script') requests.push(request);
  };
  page.on('request', listener);
  return { requests, stop: () => page.off('request', listener) };
}

// Sizes are the budget script's business (npm run budget); this checks what a real browser fetches.
test(
  "until the reader acts, pages fetch only their own cached scripts, never an island's code before the load event, and share under 1 KB inline",
  sameAtEveryWidth,
  async ({ page }) => {
    // Every visit a first visit: otherwise a script cached by one page goes unseen on the next.
    await disableCache(page);
    const problems: string[] = [];
    const inlineScripts = new Map<string, string[]>();
    for (const path of sitePages()) {
      const { requests, stop } = watchScripts(page);
      const response = await page.goto(path);
      await page.waitForLoadState('networkidle');
      stop();
      const html = (await response?.text()) ?? '';
      const refs = pageRefs(html);
      const own = pageScriptFiles(html);
      // Only islands that wait for an idle browser may fetch their code before the reader acts, and only after the load event.
      const idleModules = pageModules(refs.idleIslandEntries);
      // Wall-clock time of the load event, on the browser's clock like Request.timing().
      const loadedAt = await page.evaluate(
        () => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      );
      const name = (request: Request) => new URL(request.url()).pathname;
      const islands = requests.filter((request) => !own.includes(name(request)));
      const early = islands.filter((request) => request.timing().startTime < loadedAt).map(name);
      const unasked = islands.map(name).filter((file) => !early.includes(file) && !idleModules.includes(file));
      if (early.length > 0) problems.push(`${path}: island code fetched before the page finished loading: ${early.join(', ')}`);
      if (unasked.length > 0) problems.push(`${path}: island code fetched before the reader touched anything: ${unasked.join(', ')}`);
      inlineScripts.set(path, refs.inlineScripts);
    }
    // The budget is for the inline scripts pages share; a script only one page runs is that page's own.
    const ownScripts = onePageScripts(inlineScripts.values());
    for (const [path, scripts] of inlineScripts) {
      const { gzip } = inlineScriptsSize(scripts.filter((code) => !ownScripts.has(code)));
      if (gzip > budgets.inlineJs) problems.push(`${path}: inline scripts weigh ${gzip} bytes gzipped (budget: ${budgets.inlineJs})`);
    }
    expect(problems).toEqual([]);
  },
);

// The menu button shows on phones only.
test('a phone reader who touches the menu fetches exactly the JavaScript the report counts as on interaction', phoneOnly, async ({ page }) => {
  const { requests } = watchScripts(page);
  const response = await page.goto('/index');
  await page.waitForLoadState('networkidle');
  const html = (await response?.text()) ?? '';
  const own = pageScriptFiles(html);
  const islandCode = () => requests.map((request) => new URL(request.url()).pathname).filter((path) => !own.includes(path));
  expect(islandCode(), 'no island code before the touch').toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).tap();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.waitForLoadState('networkidle');
  const counted = pageModules(pageRefs(html).islandEntries).filter((path) => !own.includes(path));
  expect(islandCode().sort()).toEqual(counted.sort());
});
