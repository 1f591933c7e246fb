/**
 * Lighthouse (mobile, simulated throttling) in the installed Chromium, for the bench's scripts (lighthouse.ts,
 * largest-paint.ts): one Chromium for all their runs, replaced when a run fails, and ended with the process.
 */
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../common/chromium.ts';

/** Chromium as Lighthouse wants it; /dev/shm is small on some machines, and a tab that runs out of it crashes. */
const launchChromium = () =>
  chromeLauncher.launch({
    chromePath: chromiumPath() ?? chromium.executablePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', ...chromiumArgs],
  });

/**
 * A Lighthouse run waits for ever if the tab crashes under it: each page gets a few minutes, then a fresh Chromium
 * and one more try, then the tool says which page it could not measure. A run can also fail outside its own promise,
 * when a frame's or worker's session closes as Lighthouse attaches to it: that rejection fails the page being
 * measured, which is tried once more too. (Both are Lighthouse's bugs: docs/architecture.md.)
 */
const pageTimeoutMs = 180_000;
let failMeasurement: ((reason: unknown) => void) | undefined;
process.on('unhandledRejection', (reason) => {
  if (!failMeasurement) throw reason;
  failMeasurement(reason instanceof Error ? reason : new Error(String(reason)));
});
async function measure(url: string, chrome: chromeLauncher.LaunchedChrome, onlyCategories: string[]) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    failMeasurement = reject;
    timer = setTimeout(() => reject(new Error(`no result after ${pageTimeoutMs / 1000} s`)), pageTimeoutMs);
  });
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      onlyCategories,
      logLevel: 'error',
    });
    // A run given up on fails later, when its Chromium is killed: that is expected, not an error to report.
    run.catch(() => {});
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
    failMeasurement = undefined;
  }
}

/** A Lighthouse report for each page asked for, in the categories given; a failed run is tried once more in a new Chromium. */
export async function lighthouseRunner(onlyCategories: string[]) {
  let chrome = await launchChromium();
  // However this process ends, a crash included, its Chromium ends with it: left running, it would hold the output
  // of `npm test` open, and it would wait for it for ever.
  process.on('exit', () => chrome.kill());
  return {
    async run(url: string) {
      const result = await measure(url, chrome, onlyCategories).catch(async (error: Error) => {
        console.warn(`Lighthouse on ${url}: ${error.message}; trying once more in a new Chromium.`);
        chrome.kill();
        chrome = await launchChromium();
        return measure(url, chrome, onlyCategories);
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      return result.lhr;
    },
    close: () => chrome.kill(),
  };
}
