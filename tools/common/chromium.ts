import { systemTool } from './system-tools.ts';

/**
 * The Chromium to drive: CHROMIUM_PATH if set, else Debian's chromium, else Playwright's own download (undefined),
 * which this sandbox cannot fetch but a developer's machine may have.
 */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH || systemTool('chromium').path;
}

/**
 * The Chromium the browser tests drive: Chromium's headless shell, as Playwright's own headless tests use
 * (Debian's chromium-headless-shell; it opens a page in half the time of the full browser), else chromiumPath().
 */
export function testChromiumPath(): string | undefined {
  return (!process.env.CHROMIUM_PATH && systemTool('chromium-headless-shell').path) || chromiumPath();
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
