import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { buildBook } from '../support/build-book.ts';
import { sitePages } from '../support/site.ts';
import { serveBuild } from '../support/serve-build.ts';
import { expect, test } from '../support/test.ts';

// A test Firebase configuration: the book built with it, and the hosts it talks to answered here.
const firebase = {
  PUBLIC_FIREBASE_API_KEY: 'test-api-key',
  PUBLIC_FIREBASE_APP_ID: '1:1234567890:web:0123456789abcdef',
  PUBLIC_FIREBASE_PROJECT_ID: 'book-test',
  PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-BOOKTEST1',
};
const gtag = readFileSync(join(import.meta.dirname, '../fixtures/analytics/gtag.js'), 'utf8');

const hosts = {
  installations: 'https://firebaseinstallations.googleapis.com/**',
  config: 'https://firebase.googleapis.com/**',
  tagManager: 'https://www.googletagmanager.com/**',
  collect: 'https://*.google-analytics.com/**',
};

/** What reached each analytics host, and the event names that reached the collection endpoint. */
interface Traffic {
  requests: string[];
  events: string[];
}

type Host = keyof typeof hosts;
type Failure = (route: Route) => Promise<void> | void;
const everyHost = (failure: Failure): Record<Host, Failure> => ({ installations: failure, config: failure, tagManager: failure, collect: failure });

/**
 * Answers Firebase's and Google's hosts as they answer a working configuration, except those given a
 * failure; either way every request is recorded.
 */
async function answerAnalyticsHosts(context: BrowserContext, failures: Partial<Record<Host, Failure>> = {}): Promise<Traffic> {
  const traffic: Traffic = { requests: [], events: [] };
  const answer = (host: Host, handler: (route: Route) => Promise<void>) => (route: Route) => {
    traffic.requests.push(route.request().url());
    return (failures[host] ?? handler)(route);
  };
  await context.route(
    hosts.installations,
    answer('installations', (route) => {
      const { fid } = route.request().postDataJSON() as { fid: string };
      return route.fulfill({
        json: {
          name: `projects/book-test/installations/${fid}`,
          fid,
          refreshToken: 'test-refresh',
          authToken: { token: 'test-token', expiresIn: '604800s' },
        },
      });
    }),
  );
  await context.route(
    hosts.config,
    answer('config', (route) =>
      route.fulfill({ json: { appId: firebase.PUBLIC_FIREBASE_APP_ID, measurementId: firebase.PUBLIC_FIREBASE_MEASUREMENT_ID } }),
    ),
  );
  await context.route(
    hosts.tagManager,
    answer('tagManager', (route) => route.fulfill({ contentType: 'text/javascript', body: gtag })),
  );
  await context.route(
    hosts.collect,
    answer('collect', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('tid') === firebase.PUBLIC_FIREBASE_MEASUREMENT_ID) traffic.events.push(url.searchParams.get('en')!);
      return route.fulfill({ status: 204 });
    }),
  );
  return traffic;
}

const bioLine = (page: Page) => page.getByText('Physician and epidemiologist teaching urban health');
const otherBioLine = (page: Page) => page.locator('.member-card__bio:not([data-analytics-event]) li').first();
/** Resolves when the browser is idle after the page's load: by then the page has asked for whatever it fetches on idle. */
const idleAfterLoad = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // With a timeout: a busy test machine may give the page no idle period for long (the guard still sees every request made).
        const idle = () => requestIdleCallback(() => resolve(), { timeout: 5_000 });
        if (document.readyState === 'complete') idle();
        else addEventListener('load', idle, { once: true });
      }),
  );

test.describe('analytics, with a Firebase configuration', () => {
  const port = Number(process.env.TEST_PORT ?? 4322) + 60;
  let server: ChildProcess | undefined;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const result = await buildBook('valid', { name: 'analytics', env: firebase });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('[book:analytics] on, for Firebase project book-test');
    server = await serveBuild(result.dist, port);
  });
  test.afterAll(() => {
    server?.kill();
  });

  test('the start-up event and a click on the biography line reach the collection endpoint', async ({ page, context }) => {
    const traffic = await answerAnalyticsHosts(context);
    await page.goto('/members');
    // The page's policy lets exactly the analytics hosts in (without configuration it names none: see below).
    const policy = (await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content')) ?? '';
    expect(policy).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/firebase\.googleapis\.com https:\/\/firebaseinstallations\.googleapis\.com https:\/\/www\.googletagmanager\.com https:\/\/\*\.google-analytics\.com https:\/\/\*\.analytics\.google\.com;/,
    );
    await expect.poll(() => traffic.events).toEqual(['app_start']);
    await otherBioLine(page).click();
    await bioLine(page).click();
    await expect.poll(() => traffic.events).toEqual(['app_start', 'bio_line_click']);
    // Once per page load: another page logs its own start-up.
    await page.getByRole('link', { name: 'Index' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await expect.poll(() => traffic.events).toEqual(['app_start', 'bio_line_click', 'app_start']);
  });

  test('nothing is requested until the page has loaded and the browser is idle; a click before then is sent after', async ({ page, context }) => {
    const traffic = await answerAnalyticsHosts(context);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    // The page's clock stands still: the page loads, but the browser's idle callback cannot come.
    // A fixed start (not today's date, which a fixed pause could precede), paused a moment later.
    await page.clock.install({ time: new Date('2026-01-01T09:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T09:00:01Z'));
    await page.goto('/members');
    await page.waitForLoadState('load');
    await bioLine(page).click();
    expect(traffic.requests).toEqual([]);
    expect(scripts.filter((path) => path.includes('analytics'))).toEqual([]);
    await page.clock.resume();
    await expect.poll(() => traffic.events).toEqual(['app_start', 'bio_line_click']);
    expect(scripts.filter((path) => path.includes('analytics'))).toHaveLength(1);
  });

  const signals: [name: string, script: string][] = [
    ['Do Not Track', `Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })`],
    ['Global Privacy Control', `Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })`],
  ];
  for (const [signal, script] of signals) {
    test(`with ${signal} set, nothing is loaded or sent`, async ({ page, context }) => {
      const traffic = await answerAnalyticsHosts(context);
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
      const said = page.waitForEvent('console', (message) =>
        message.text().includes('Analytics is off on this page: the browser asks not to be tracked'),
      );
      await page.addInitScript(script);
      await page.goto('/members');
      await said;
      await bioLine(page).click();
      await idleAfterLoad(page);
      expect(traffic.requests).toEqual([]);
      expect(scripts.filter((path) => path.includes('analytics'))).toEqual([]);
    });
  }

  test.describe('when the analytics hosts fail, the page works the same and the failure is only logged', () => {
    // The browser's and the SDK's console lines about the failures (the SDK's errors have their stack in the
    // analytics script); an uncaught error, or anything else, still fails the test.
    test.use({
      expectedConsoleErrors: /^(?!uncaught)(FirebaseError|@firebase\/|[^\n]*\n\s+at [^\n]*\/_astro\/analytics\.|Failed to load resource)/,
    });

    const failures: [string, Failure][] = [
      [
        'every host answers 500',
        (route) => route.fulfill({ status: 500, json: { error: { code: 500, message: 'Internal error', status: 'INTERNAL' } } }),
      ],
      [
        'every host answers 503 (the SDK retries)',
        (route) => route.fulfill({ status: 503, json: { error: { code: 503, message: 'Unavailable', status: 'UNAVAILABLE' } } }),
      ],
      ['every request is aborted (a blocker, or no network)', (route) => route.abort('blockedbyclient')],
      ['no host ever answers', () => {}],
    ];
    for (const [how, failure] of failures) {
      test(`${how}`, async ({ page, context }) => {
        const traffic = await answerAnalyticsHosts(context, everyHost(failure));
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.clock.install();
        await page.goto('/members');
        await expect.poll(() => traffic.requests.some((url) => url.startsWith('https://firebase.googleapis.com/'))).toBe(true);
        // Past the SDK's 60 s limit on retrying its configuration fetch.
        await page.clock.fastForward('02:00');
        await bioLine(page).click();
        await page.getByRole('button', { name: 'Copy the email address author.one@example.org' }).click();
        await expect(page.getByText('Email address copied to clipboard')).toBeVisible();
        await page.getByRole('link', { name: 'Index' }).first().click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
        expect(traffic.events).toEqual([]);
      });
    }
  });

  test.describe('the configuration host unreachable', () => {
    test.use({ expectedConsoleErrors: /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/ });

    test("the SDK falls back to the build's measurement id, and the events still reach the collection endpoint", async ({ page, context }) => {
      const traffic = await answerAnalyticsHosts(context, { config: (route) => route.abort('blockedbyclient') });
      const fellBack = page.waitForEvent('console', (message) => message.text().includes('Falling back to the measurement ID G-BOOKTEST1'));
      await page.goto('/members');
      await fellBack;
      await bioLine(page).click();
      await expect.poll(() => traffic.events).toEqual(['app_start', 'bio_line_click']);
    });
  });

  test.describe('an ad blocker', () => {
    test.use({ expectedConsoleErrors: /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/ });

    test('that refuses the analytics script leaves the page whole', async ({ page, context }) => {
      const traffic = await answerAnalyticsHosts(context);
      await context.route('**/_astro/analytics.*.js', (route) => route.abort('blockedbyclient'));
      const said = page.waitForEvent('console', (message) =>
        message.text().includes('Analytics is off on this page: its script could not be loaded'),
      );
      await page.goto('/members');
      await said;
      await bioLine(page).click();
      await page.getByRole('link', { name: 'Index' }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
      expect(traffic.requests).toEqual([]);
    });
  });
});

test.describe('analytics, without a configuration (this build)', () => {
  test('no page carries analytics code', () => {
    const dist = join(import.meta.dirname, '../../dist');
    for (const page of sitePages()) {
      const html = readFileSync(join(dist, page, 'index.html'), 'utf8');
      expect(html, page).not.toMatch(/book-analytics|firebase|googletagmanager|doNotTrack/);
    }
    expect(readdirSync(join(dist, '_astro')).filter((file) => file.startsWith('analytics'))).toEqual([]);
  });

  test('a reader of the members page, idle and clicking the biography line, sends no request to any other host', async ({
    page,
    externalRequests,
  }) => {
    await page.goto('/members');
    await bioLine(page).click();
    await idleAfterLoad(page);
    // The guard blocks and records every request to another host; it must have seen none.
    expect(externalRequests).toEqual([]);
  });
});
