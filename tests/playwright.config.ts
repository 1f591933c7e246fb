import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, testChromiumPath } from '../tools/common/chromium.ts';
import { viewports } from '../integrations/after-build/image-choice.ts';
import { slowTierRuns, slowTierSpecs } from './support/tiers.ts';

const port = Number(process.env.TEST_PORT ?? 4322);
/**
 * Files whose every test is the same at every width: a server's or a host's answers, a build of their own, another
 * browser. They run in the `once` project, never set up in the phone project only to be skipped.
 */
const once =
  /[/\\](analytics|base-path|firefox|host-emulators|hostile-requests|hosting|licence|nginx|offline|offline-hosts|pdf-frame|plain-host|reading-order|routes|sharing)\.spec\.ts$/;
const preview = /dev-server\.spec\.ts$/;
// The slow tier's browser tests run in npm run test:all only (CI runs it whenever their inputs change: .ci/slow-tier).
const leftOut = slowTierRuns ? [] : [slowTierSpecs];
const executablePath = testChromiumPath();

/** End-to-end tests: a real Chromium against the built site, served the way `npm start` serves it. */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './support/tiers.ts',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // The one retry only records the failure's trace: a test that passes on it still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  workers: 2,
  // Limits end a hang; they never judge speed. Two cores run two browsers: a page that loads in 2 s alone can take
  // 15 s when the machine is busy, and a state a test waits for arrives as late.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A run that hangs (a browser that never answers) ends here, with what it was doing, instead of at CI's own limit.
  globalTimeout: 25 * 60_000,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No host but this machine resolves: the tests never reach the internet (tests/support/test.ts fails a page that tries).
    launchOptions: {
      args: [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
      ...(executablePath ? { executablePath } : {}),
    },
    // Recording a trace slows every test by a fifth: a failing test runs once more, recorded (see retries).
    trace: 'on-first-retry',
    // Service workers answer requests before context.route sees them; only tests/e2e/offline.spec.ts allows them.
    serviceWorkers: 'block',
  },
  // Listed longest first: the serial files with a build or a server of their own start at once, and the many short
  // tests of the phone and desktop projects fill the other worker around them, instead of leaving it idle at the end.
  projects: [
    // Files whose tests the screen does not change: run once, at a desktop width.
    {
      name: 'once',
      testMatch: once,
      testIgnore: leftOut,
      use: { ...devices['Desktop Chrome'], viewport: { width: viewports.desktop, height: 800 } },
    },
    // npm run dev on a fixture book, one server for the file; its tests wait on the preview's events, not on the clock.
    { name: 'preview', testMatch: preview, use: { ...devices['Desktop Chrome'], viewport: { width: viewports.desktop, height: 800 } } },
    // A test tagged for one kind of screen (tests/support/test.ts) is left out of the other project.
    {
      name: 'phone',
      grepInvert: /@desktop/,
      testIgnore: [once, preview, ...leftOut],
      use: { ...devices['Pixel 7'], viewport: { width: viewports.phone, height: 812 }, browserName: 'chromium' },
    },
    {
      name: 'desktop',
      grepInvert: /@phone/,
      testIgnore: [once, preview, ...leftOut],
      use: { ...devices['Desktop Chrome'], viewport: { width: viewports.desktop, height: 800 } },
    },
  ],
  webServer: {
    // The project's own Node 24 (the `node` devDependency), whatever Node launched Playwright.
    command: `node_modules/.bin/node tools/server/serve.ts --port ${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
  },
});
