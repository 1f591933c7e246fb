import { test as base, expect, type Page, type Request } from '@playwright/test';

interface GuardOptions {
  /**
   * The console errors a test expects (e.g. the 404 status of a not-found page), as one pattern (`/a|b/`): Playwright
   * would read an array of two patterns as a value and its fixture options, and drop the second.
   */
  expectedConsoleErrors: RegExp | undefined;
}

interface Guards {
  /** Requests to other hosts, blocked; the test fails if any page made one. */
  externalRequests: string[];
}

/**
 * Every test runs offline and strict: requests to any host but the local server fail and fail the test,
 * and so does any uncaught page error or console error.
 */
export const test = base.extend<GuardOptions & Guards>({
  expectedConsoleErrors: [undefined, { option: true }],
  externalRequests: [
    async ({ context, baseURL }, use) => {
      const local = new URL(baseURL ?? 'http://127.0.0.1').host;
      const refused: string[] = [];
      // Other hosts do not resolve (--host-resolver-rules in tests/playwright.config.ts): what a page asked of one
      // fails here, unless the test answered it itself. Watched, not intercepted: interception costs every request a
      // round trip to the test.
      const watch = (request: Request) => {
        const url = new URL(request.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.host !== local && /ERR_NAME_NOT_RESOLVED/.test(request.failure()?.errorText ?? ''))
          refused.push(request.url());
      };
      context.on('requestfailed', watch);
      await use(refused);
      context.off('requestfailed', watch);
      expect(refused, 'pages must not depend on other hosts').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} (${message.location().url})`;
      if (!expectedConsoleErrors?.test(text)) errors.push(text);
    });
    await use(page);
    expect(errors, 'no page errors or console errors').toEqual([]);
  },
});

/**
 * Where a test runs: each project leaves out the other's tag (tests/playwright.config.ts), so a test meant for one
 * kind of screen is never set up in the other, not even to be skipped.
 */
export const phoneOnly = { tag: '@phone' };
export const desktopOnly = { tag: '@desktop' };

/** A test that sets its own window width runs in the project of that kind of screen (a phone below 600 px). */
export const atItsOwnWidth = (width: number) => (width < 600 ? phoneOnly : desktopOnly);

/** For tests whose outcome does not depend on the screen (what a page says, keeps or fetches): checked on the desktop. */
export const sameAtEveryWidth = { ...desktopOnly };

/**
 * The tab's current entry in its history (the browser's Navigation API; by key, as a long history drops its oldest
 * entries). A dialog or menu closed other than by Back takes its step away by going back one: a Back or an address
 * typed within that moment would be that step's.
 */
export const historyPlace = (page: Page) => page.evaluate(() => navigation.currentEntry?.key);

export { expect };
