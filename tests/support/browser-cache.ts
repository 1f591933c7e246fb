import type { Page } from '@playwright/test';

/** Every load of this page is a first visit: what a cache would serve is fetched, and seen, again. */
export async function disableCache(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
}
