/**
 * Offline reading on the hosts readers' books live on, beyond `npm start`: hosts that redirect a page's address to or
 * from its trailing slash (GitHub Pages adds it with a 301, Cloudflare Pages with a 308). A reader reads two pages,
 * saves a third, and loses the connection with nothing in the browser's HTTP cache: every page kept opens, under
 * either form of its address, and any other page gives the book's offline page, in Chromium and in Firefox.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { firefox, launchFirefox } from '../support/firefox.ts';
import { headingsOffline, offlineHeadings, playwrightTab, readAndSave, type Tab } from '../support/offline-flow.ts';
import { type SlashRedirect, servePlainHost } from '../support/plain-host.ts';
import { serveBuild } from '../support/serve-build.ts';
import { missingHere } from '../support/system-tools.ts';
import { expect, test } from '../support/test.ts';

const dist = join(import.meta.dirname, '../../dist');
const firstPort = Number(process.env.TEST_PORT ?? 4322) + 130;

const hosts: { name: string; redirect?: SlashRedirect }[] = [
  { name: 'npm start' },
  { name: 'a host that adds the slash with a 301 (GitHub Pages)', redirect: { slash: 'add', status: 301 } },
  { name: 'a host that adds the slash with a 308 (Cloudflare Pages)', redirect: { slash: 'add', status: 308 } },
  { name: 'a host that removes the slash with a 301', redirect: { slash: 'remove', status: 301 } },
  { name: 'a host that removes the slash with a 308', redirect: { slash: 'remove', status: 308 } },
];

/** Starts a host on its port; `stop` ends it, as a lost connection does. Hosts other than npm start keep nothing in the HTTP cache. */
async function startHost({ redirect }: (typeof hosts)[number], port: number): Promise<{ stop: () => Promise<void> }> {
  if (!redirect) {
    const server = await serveBuild(dist, port);
    return { stop: async () => void server.kill() };
  }
  const server: Server = await servePlainHost(dist, port, { redirect, noStore: true });
  return { stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

test.describe('in Chromium', () => {
  test.use({ serviceWorkers: 'allow', expectedConsoleErrors: /ERR_CONNECTION_REFUSED|Failed to load resource/ });
  for (const [i, host] of hosts.entries()) {
    test(`on ${host.name}, a saved chapter, a chapter read and the offline page open offline`, async ({ page }) => {
      const origin = `http://127.0.0.1:${firstPort + i}`;
      const { stop } = await startHost(host, firstPort + i);
      try {
        expect(await readAndSave(playwrightTab(page), origin)).toBe('This page is saved for offline reading.');
        // What the browser cached over HTTP is gone, as if the reader had cleared it: only the worker's copies are left.
        const session = await page.context().newCDPSession(page);
        await session.send('Network.clearBrowserCache');
      } finally {
        await stop();
      }
      expect(await headingsOffline(playwrightTab(page), origin)).toEqual(offlineHeadings);
    });
  }
});

test.describe('in Firefox', () => {
  test.skip(missingHere(firefox), firefox.missing);
  test.describe.configure({ mode: 'serial' });
  for (const [i, host] of hosts.entries()) {
    if (!host.redirect || (host.redirect.slash === 'add') !== (host.redirect.status === 308)) continue;
    test(`on ${host.name}, a saved chapter, a chapter read and the offline page open offline`, async () => {
      const origin = `http://127.0.0.1:${firstPort + 10 + i}`;
      const browser = await launchFirefox(firefox.path ?? '', { serviceWorkers: true });
      try {
        const page = await browser.newPage();
        const tab: Tab = { goto: (url) => page.goto(url), evaluate: (fn) => page.evaluate(fn) };
        const { stop } = await startHost(host, firstPort + 10 + i);
        try {
          expect(await readAndSave(tab, origin)).toBe('This page is saved for offline reading.');
        } finally {
          await stop();
        }
        expect(await headingsOffline(tab, origin)).toEqual(offlineHeadings);
      } finally {
        await browser.close();
      }
    });
  }
});
