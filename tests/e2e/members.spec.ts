import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { atItsOwnWidth, expect, sameAtEveryWidth, test } from '../support/test.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const copyButton = (page: Page, email = 'author.one@example.org') => page.getByRole('button', { name: `Copy the email address ${email}` });
const notice = (page: Page) => page.getByText('Email address copied to clipboard');

test('three profile cards: photo, name, email, biography, and one professional profile', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/members');
  await expect(cards(page)).toHaveCount(3);
  for (const card of await cards(page).all()) {
    await expect(card.getByRole('img')).toHaveAttribute('alt', /\w+ \w+/);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(/\w+/);
    await expect(card.getByRole('button', { name: /Copy the email address \S+@\S+/ })).toBeVisible();
    // The address once: the mailto link is for readers without JavaScript.
    await expect(card.getByText(/\S+@\S+/).filter({ visible: true })).toHaveCount(1);
    await expect(card.getByRole('listitem').first()).toHaveText(/\w+ \w+/);
  }
  const profiles = page.getByRole('main').getByRole('link', { name: /Professional profile/ });
  await expect(profiles).toHaveCount(1);
  await expect(profiles).toHaveAttribute('target', '_blank');
  await expect(profiles).toHaveAttribute('rel', 'noopener noreferrer');
});

for (const width of [320, 375, 900, 1000, 1099, 1280, 1600]) {
  test(
    `in a ${width} px window each card keeps one alignment, and its address breaks only after the @, beside a whole copy icon`,
    atItsOwnWidth(width),
    async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/members');
      for (const card of await cards(page).all()) {
        const button = card.getByRole('button', { name: /^Copy the email address/ });
        await expect(button).toBeVisible();
        const layout = await card.evaluate((article) => {
          const button = article.querySelector('button')!;
          const icon = button.querySelector('svg')!.getBoundingClientRect();
          // The address's two text nodes, before and after its @: each on one line.
          const parts = [...button.querySelector('.copy-email__text')!.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return { lines: range.getClientRects().length, right: range.getBoundingClientRect().right };
            });
          const starts = [...article.querySelectorAll(':scope > :is(img, h2, ul, p), button')].map((child) =>
            Math.round(child.getBoundingClientRect().left),
          );
          return { icon: icon.width, parts, buttonRight: button.getBoundingClientRect().right, starts };
        });
        expect(layout.icon).toBe(18);
        expect(layout.parts.map((part) => part.lines)).toEqual([1, 1]);
        for (const part of layout.parts) expect(part.right).toBeLessThanOrEqual(layout.buttonRight);
        expect(new Set(layout.starts).size, 'photo, name, address and biography start at one edge').toBe(1);
      }
    },
  );
}

test.describe('what the page says', sameAtEveryWidth, () => {
  test(`the version label reads v${version}, from package.json`, async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByText(/^v\d+\.\d+\.\d+$/)).toHaveText(`v${version}`);
  });

  test("one member's biography lines are marked for the analytics click event", async ({ page }) => {
    await page.goto('/members');
    await expect(page.locator('[data-analytics-event="bio_line_click"]')).toHaveCount(1);
    await expect(cards(page).first().locator('[data-analytics-event="bio_line_click"] li')).not.toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('each address is a mailto link', async ({ page }) => {
      await page.goto('/members');
      await expect(page.getByRole('link', { name: 'author.one@example.org' })).toHaveAttribute('href', 'mailto:author.one@example.org');
    });
  });
});

test('the cards stand side by side on a wide screen and one under another on a phone', atItsOwnWidth(1280), async ({ page }) => {
  await page.goto('/members');
  const boxes = async () => Promise.all((await cards(page).all()).map(async (card) => (await card.boundingBox())!));
  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await boxes();
  expect(new Set(wide.map((box) => Math.round(box.y))).size).toBe(1);
  await page.setViewportSize({ width: 375, height: 812 });
  const narrow = await boxes();
  expect(new Set(narrow.map((box) => Math.round(box.x))).size).toBe(1);
  expect(narrow[1]!.y).toBeGreaterThan(narrow[0]!.y + narrow[0]!.height - 1);
});

test('copying an address shows a notice that is announced and hides after 6 seconds', sameAtEveryWidth, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await page.goto('/members');
  // The reader reaches for the button, and the island wakes (Astro drops its ssr attribute) with the notice area, before
  // time stands still: a click that had to wake it first would render the notice on a tick the paused clock might never give.
  await copyButton(page).hover();
  await expect(page.locator('astro-island').filter({ has: copyButton(page) })).not.toHaveAttribute('ssr');
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await copyButton(page).click();
  // The notice comes once the clipboard has answered, on Sonner's next timer tick: time moves a millisecond at a
  // time until it shows, so its 6 seconds are counted from when the reader first sees it.
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return notice(page).isVisible();
    })
    .toBe(true);
  await expect(page.locator('[aria-live]').filter({ has: notice(page) })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('author.one@example.org');
  await page.clock.runFor(5_900);
  await expect(notice(page)).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(notice(page)).toBeHidden();
});

test('no island code comes with the page: the first press on a copy button wakes it, copies and tells the reader', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/members');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  const islandCode = await page
    .locator('astro-island')
    .evaluateAll((islands) => islands.flatMap((island) => ['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? '')));
  expect(islandCode.filter(Boolean).length).toBeGreaterThan(0);
  expect(fetched.filter((path) => islandCode.includes(path))).toEqual([]);
  // One press, with nothing before it: the island wakes on it and carries it out.
  await copyButton(page, 'author.two@example.org').click();
  await expect(notice(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('author.two@example.org');
  await expect(page.locator('[aria-live]').filter({ has: notice(page) })).toHaveCount(1);
});

test("a press made while the island's code is still on its way is copied at once, and told once the code arrives", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/members');
  const islandCode = await page
    .locator('astro-island')
    .first()
    .evaluate((island) => ['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? ''));
  // On a slow connection the island's code arrives seconds after the press, when the press no longer lets a page copy.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => islandCode.includes(url.pathname),
    async (route) => {
      await arrived;
      await route.continue();
    },
  );
  await copyButton(page, 'author.three@example.org').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('author.three@example.org');
  await expect(notice(page)).toBeHidden();
  release();
  await expect(notice(page)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'did not let the page copy' })).toHaveCount(0);
});

test("a press made before the page's island runtime arrives is copied, told once it arrives, and never told again", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The runtime that wakes islands comes in a deferred file, which a slow connection may bring after the first paint.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/page\.[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/members', { waitUntil: 'commit' });
  await copyButton(page, 'author.one@example.org').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('author.one@example.org');
  release();
  await expect(notice(page)).toHaveCount(1);
  // A later press copies again: it is not told "copied" on the strength of the first.
  await page.evaluate(() => navigator.clipboard.writeText('something else'));
  await copyButton(page, 'author.one@example.org').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('author.one@example.org');
});

for (const [why, clipboard] of [
  ['refuses permission', '{ writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) }'],
  ['has no clipboard (an insecure address)', 'undefined'],
] as const) {
  test(`a browser that ${why} tells the reader and shows the address to select`, sameAtEveryWidth, async ({ page }) => {
    await page.addInitScript(`Object.defineProperty(navigator, 'clipboard', { value: ${clipboard}, configurable: true })`);
    await page.goto('/members');
    await copyButton(page, 'author.two@example.org').click();
    const status = page.getByRole('status').filter({ hasText: 'did not let the page copy' });
    await expect(status).toBeVisible();
    await expect(status.getByText('author.two@example.org')).toHaveCSS('user-select', 'all');
    await expect(notice(page)).toBeHidden();
  });
}
