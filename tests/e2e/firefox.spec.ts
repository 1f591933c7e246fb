/**
 * The book in a second engine: every page loads in Firefox with no error, no refused resource and nothing from
 * another host, and the interactive parts (the menu, a box, a tip, an activity's dialog) open and close.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { firefox, launchFirefox } from '../support/firefox.ts';
import { focusJustBefore } from '../support/focus.ts';
import { sitePages } from '../support/site.ts';
import { missingHere } from '../support/system-tools.ts';

// CI installs it (.ci/run): there a missing Firefox fails the file rather than skip it.
test.skip(missingHere(firefox), firefox.missing);
// One browser for the file: its tests share it, one after the other.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
let page: Page;
/** Console errors, uncaught errors, refused resources and requests to other hosts, with the page they came from. */
const problems: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  browser = await launchFirefox(firefox.path ?? '');
  page = await browser.newPage();
  const local = new URL(baseURL ?? 'http://127.0.0.1').host;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${String(error)} (${page.url()})`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== local) problems.push(`another host: ${request.url()} (${page.url()})`);
  });
  // A resource the content security policy refuses is reported as a console error, which the listener above records.
  await page.evaluateOnNewDocument(() => {
    addEventListener('securitypolicyviolation', (event) => console.error(`refused by the policy: ${event.violatedDirective} ${event.blockedURI}`));
  });
});

test.afterAll(async () => {
  await browser?.close();
});

test.beforeEach(() => {
  problems.length = 0;
});

test.afterEach(() => {
  expect(problems).toEqual([]);
});

const heading = (target: Page) => target.$eval('h1', (element) => element.textContent?.trim() ?? '');

test('every page loads in Firefox with its heading, no error, nothing refused and nothing from another host', async ({ baseURL }) => {
  test.setTimeout(120_000);
  for (const path of sitePages()) {
    await test.step(path, async () => {
      const response = await page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      // The slides page is a deck without a page heading; every other page has one.
      if (!path.startsWith('/slides/')) expect(await heading(page), path).not.toBe('');
    });
  }
});

test('on a phone-sized window, the menu, a box, a tip and an activity open and close, a citation in an activity leads to its entry, and the slides move with the arrow keys', async ({
  baseURL,
}) => {
  await page.setViewport({ width: 375, height: 812 });
  await page.goto(new URL('/index/Chapter1', baseURL).href, { waitUntil: 'load' });

  await page.click('.site-menu__button');
  await page.waitForSelector('#site-menu:popover-open');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#site-menu:not(:popover-open)');

  await page.click('.box__trigger');
  await page.waitForSelector('.box__trigger[aria-expanded="true"]');

  await page.click('.tip__trigger');
  await page.waitForSelector('.tip__bubble', { visible: true });
  await page.keyboard.press('Escape');

  await page.click('.activity__button');
  const dialog = await page.waitForSelector('[role="dialog"]', { visible: true });
  expect(await dialog?.evaluate((element) => element.textContent)).toContain('Activity 1');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[role="dialog"]', { hidden: true });

  // A citation in Activity 2's dialog closes it and leads, with focus, to its entry in the references.
  const [, second] = await page.$$('.activity__button');
  await second?.click();
  await page.waitForSelector('[role="dialog"] a[href="#ref-barton2006"]', { visible: true });
  await page.click('[role="dialog"] a[href="#ref-barton2006"]');
  await page.waitForSelector('[role="dialog"]', { hidden: true });
  await page.waitForFunction(() => document.activeElement?.id === 'ref-barton2006' && location.hash === '#ref-barton2006');

  // Annex 1.1's slides move with the arrow keys from the first Tab into their frame.
  const frame = await page.waitForSelector('.embed--slides iframe');
  await frame?.evaluate((element) => element.scrollIntoView());
  await frame?.evaluate(focusJustBefore);
  const slides = await frame?.contentFrame();
  const deck = await slides?.waitForSelector('.deck');
  await page.keyboard.press('Tab');
  expect(await deck?.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await slides?.waitForFunction((element) => (element?.scrollLeft ?? 0) > 0, {}, deck);
});
