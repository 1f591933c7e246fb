/**
 * Firefox, the second engine the tests drive: Debian's firefox-esr through puppeteer-core over WebDriver BiDi
 * (Playwright's Firefox is a patched build that cannot be downloaded here).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/** FIREFOX_PATH if set, else Debian's Firefox ESR (or Firefox); undefined when neither is installed. */
export function firefoxPath(): string | undefined {
  if (process.env.FIREFOX_PATH) return process.env.FIREFOX_PATH;
  return ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((path) => existsSync(path));
}

/** A headless Firefox whose requests to any host but this machine go to a closed port: tests stay off the internet. */
export function launchFirefox(executablePath: string): Promise<Browser> {
  const nowhere = { host: '127.0.0.1', port: 9 };
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.http': nowhere.host,
      'network.proxy.http_port': nowhere.port,
      'network.proxy.ssl': nowhere.host,
      'network.proxy.ssl_port': nowhere.port,
      'network.proxy.allow_hijacking_localhost': false,
      // As in the Chromium tests (tests/playwright.config.ts): the offline worker has tests of its own, and one that
      // starts while the test moves on to the next page would answer the last page's requests.
      'dom.serviceWorkers.enabled': false,
    },
  });
}
