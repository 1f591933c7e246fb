import { existsSync } from 'node:fs';

/**
 * The Chromium to drive: CHROMIUM_PATH if set, else Debian's /usr/bin/chromium, else Playwright's
 * own download (undefined), which this sandbox cannot fetch but a developer's machine may have.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/**
 * The Chromium the browser tests drive: Chromium's headless shell, as Playwright's own headless tests use
 * (Debian's chromium-headless-shell; it opens a page in half the time of the full browser), else chromiumPath().
 */
export function testChromiumPath(): string | undefined {
  if (!process.env.CHROMIUM_PATH && existsSync('/usr/bin/chromium-headless-shell')) return '/usr/bin/chromium-headless-shell';
  return chromiumPath();
}

/** Flags that stop Chromium from calling home; these machines have no internet. */
export const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-default-apps',
  '--metrics-recording-only',
];
