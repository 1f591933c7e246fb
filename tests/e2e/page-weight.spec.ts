import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { budgets, inlineScriptsSize, moduleClosure, pageRefs } from '../../integrations/after-build/page-refs.ts';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { sitePages } from '../support/site.ts';

const dist = join(import.meta.dirname, '../../dist');
const readBuilt = (sitePath: string) => (existsSync(join(dist, sitePath)) ? readFileSync(join(dist, sitePath), 'utf8') : undefined);

/** Every script the page requests until `stop()`, whatever its file name. */
function watchScripts(page: Page) {
  const requests: Request[] = [];
  const listener = (request: Request) => {
    if (request.resourceType() === 'script') requests.push(request);
  };
  page.on('request', listener);
  return { requests, stop: () => page.off('request', listener) };
}

/** Every visit is a first visit: otherwise a script cached by one page goes unseen on the next. */
async function disableCache(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
}

// Sizes are the budget script's business (npm run budget); this checks what a real browser fetches.
test.describe(() => {
  sameAtEveryWidth();
  test('until the reader acts, pages fetch no JavaScript (idle islands wait for the load event) and inline scripts stay small', async ({ page }) => {
    await disableCache(page);
    const problems: string[] = [];
    for (const path of sitePages()) {
      const { requests, stop } = watchScripts(page);
      const response = await page.goto(path);
      await page.waitForLoadState('networkidle');
      stop();
      const refs = pageRefs((await response?.text()) ?? '');
      // Only islands that wait for an idle browser may fetch before the reader acts, and only their own modules.
      const idleModules = moduleClosure(refs.idleIslandEntries, readBuilt);
      // Wall-clock time of the load event, on the browser's clock like Request.timing().
      const loadedAt = await page.evaluate(
        () => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      );
      const name = (request: Request) => new URL(request.url()).pathname;
      const early = requests.filter((request) => request.timing().startTime < loadedAt).map(name);
      const unasked = requests.map(name).filter((file) => !early.includes(file) && !idleModules.includes(file));
      if (early.length > 0) problems.push(`${path}: fetched before the page finished loading: ${early.join(', ')}`);
      if (unasked.length > 0) problems.push(`${path}: fetched before the reader touched anything: ${unasked.join(', ')}`);
      const menuOnly = refs.idleIslandEntries.length + refs.eagerIslandEntries.length === 0;
      const { gzip } = inlineScriptsSize(refs.inlineScripts);
      const budget = budgets.pages[path]?.js ?? budgets.inlineJsMenuOnly;
      if (menuOnly && gzip >= budget) problems.push(`${path}: inline scripts weigh ${gzip} bytes gzipped (budget: under ${budget})`);
    }
    expect(problems).toEqual([]);
  });
});

test('a phone reader who touches the menu fetches exactly the JavaScript the report counts as on interaction', async ({ page }) => {
  test.skip(page.viewportSize()!.width >= 1200, 'the menu button shows on phones only');
  const { requests } = watchScripts(page);
  const response = await page.goto('/index');
  await page.waitForLoadState('networkidle');
  expect(
    requests.map((request) => request.url()),
    'nothing before the touch',
  ).toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).tap();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.waitForLoadState('networkidle');
  const fetched = requests.map((request) => new URL(request.url()).pathname);
  const counted = moduleClosure(pageRefs((await response?.text()) ?? '').islandEntries, readBuilt);
  expect(fetched.sort()).toEqual(counted.sort());
});
