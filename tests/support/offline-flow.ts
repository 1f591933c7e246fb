/**
 * A reader's offline session, the same in every browser the tests drive (Chromium through Playwright, Firefox through
 * puppeteer-core): read two pages, save a third, lose the host, then open pages. Each browser's test supplies a tab.
 */
import { expect, type Page } from '@playwright/test';

/** What the flow needs of a browser tab. */
export interface Tab {
  /** Opens an address; rejects where the browser shows its own error page. */
  goto: (url: string) => Promise<unknown>;
  /** Runs a function in the page and returns its result. */
  evaluate: <T>(fn: () => T | Promise<T>) => Promise<T>;
}

/** A Playwright page as a tab of the flow. */
export const playwrightTab = (page: Page): Tab => ({ goto: (url) => page.goto(url), evaluate: (fn) => page.evaluate(fn) });

const chapters = {
  visited: { path: '/index/Chapter2', heading: 'Public health in mega-slums' },
  saved: { path: '/index/Chapter5', heading: 'Beyond the built environment; the neighbourhood effect. A ‘case’ study' },
  unvisited: { path: '/index/Chapter7' },
};

/** The headings a reader sees offline, by address: every page kept, under both forms of its address, and the offline page for the rest. */
export const offlineHeadings: Record<string, string> = {
  [chapters.saved.path]: chapters.saved.heading,
  [`${chapters.saved.path}/`]: chapters.saved.heading,
  [chapters.visited.path]: chapters.visited.heading,
  [`${chapters.visited.path}/`]: chapters.visited.heading,
  [chapters.unvisited.path]: 'You are offline',
  '/offline': 'Reading offline',
  '/index': 'Index',
};

const heading = (tab: Tab) => tab.evaluate(() => document.querySelector('h1')?.textContent?.trim() ?? '(no heading)');

/** Polls the page until `fn` gives `wanted` (the worker and Save work in the background). */
const until = (tab: Tab, fn: () => string | Promise<string>, wanted: string) => expect.poll(() => tab.evaluate(fn), { timeout: 30_000 }).toBe(wanted);

/**
 * Reads the visited chapter as a second page (the worker starts then), saves the other, and waits until both are
 * kept. Returns what Save said.
 */
export async function readAndSave(tab: Tab, origin: string): Promise<string> {
  await tab.goto(`${origin}/index`);
  await tab.goto(`${origin}${chapters.visited.path}`);
  await until(
    tab,
    async () => {
      if (!navigator.serviceWorker.controller) return 'not controlled yet';
      for (const path of ['/', '/offline', '/index']) if (!(await caches.match(new URL(path, location.href).href))) return `${path} not kept yet`;
      return (await caches.match(location.href.replace(/\/$/, ''))) ? 'kept' : 'page not kept yet';
    },
    'kept',
  );
  await tab.goto(`${origin}${chapters.saved.path}`);
  await until(tab, () => (document.querySelector('[data-save-offline]:not([hidden])') ? 'shown' : 'hidden'), 'shown');
  await tab.evaluate(() => document.querySelector<HTMLElement>('[data-save-offline] [data-action="save"]')?.click());
  await expect
    .poll(() => tab.evaluate(() => document.querySelector('[data-save-offline] [role="status"]')?.textContent ?? ''), { timeout: 30_000 })
    .not.toMatch(/^$|Saving/);
  return tab.evaluate(() => document.querySelector('[data-save-offline] [role="status"]')?.textContent ?? '');
}

/** Opens each address of offlineHeadings with the host gone: the heading shown, or the browser's error. */
export async function headingsOffline(tab: Tab, origin: string): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const path of Object.keys(offlineHeadings)) {
    seen[path] = await tab.goto(`${origin}${path}`).then(
      () => heading(tab),
      (error: Error) => `failed: ${error.message.split('\n')[0]}`,
    );
  }
  return seen;
}
