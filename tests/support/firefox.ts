/**
 * Firefox, the second engine the tests drive: Debian's firefox-esr through puppeteer-core over WebDriver BiDi
 * (Playwright's Firefox is a patched build that cannot be downloaded here).
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import { systemTool } from '../../tools/common/system-tools.ts';

/** Debian's Firefox ESR, or FIREFOX_PATH if set; `missing` says what to install when neither is there. */
export const firefox = { ...systemTool('firefox-esr'), ...(process.env.FIREFOX_PATH ? { path: process.env.FIREFOX_PATH } : {}) };

/**
 * A headless Firefox whose requests to any host but this machine go to a closed port: tests stay off the internet.
 * Service workers are off unless asked for.
 */
export function launchFirefox(executablePath: string, { serviceWorkers = false } = {}): Promise<Browser> {
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
      'dom.serviceWorkers.enabled': serviceWorkers,
    },
  });
}
