import type { Page } from '@playwright/test';
import { desktopOnly, expect, historyPlace, phoneOnly, test } from '../support/test.ts';
import { layoutPages, sitePages } from '../support/site.ts';
import { violations } from '../support/axe.ts';

/** Checks each page in one browser tab (a new tab per page would cost more than the visits), every violation reported. */
async function sweep(page: Page, paths: string[], check = async () => {}) {
  test.setTimeout(paths.length * 15_000);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await check();
      const onPage = await violations(page);
      if (onPage.length > 0) found[path] = onPage;
    });
  }
  expect(found).toEqual({});
}

// At a phone's width, as the axe sweep below: the ring and the borders take their colours from the same tokens at every width.
test("only a focused control wears the focus ring's colour around it, on every page, in both themes", phoneOnly, async ({ page }) => {
  test.setTimeout(120_000);
  const wearers: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of sitePages()) {
      await page.goto(path);
      wearers.push(
        ...(
          await page.evaluate(() => {
            // The focus ring's colour, as the page's own token gives it.
            const probe = document.body.appendChild(document.createElement('span'));
            probe.style.color = 'var(--book-color-focus)';
            const focus = getComputedStyle(probe).color;
            probe.remove();
            return [...document.querySelectorAll<HTMLElement>('body *')]
              .filter((element) => element.checkVisibility())
              .filter((element) => {
                const style = getComputedStyle(element);
                const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
                const border = sides.some((side) => style[`border${side}Style`] !== 'none' && style[`border${side}Color`] === focus);
                return border || (style.outlineStyle !== 'none' && style.outlineColor === focus);
              })
              .map((element) => `${location.pathname}: <${element.tagName.toLowerCase()} class="${element.className}">`);
          })
        ).map((found) => `${scheme}: ${found}`),
      );
    }
  }
  expect(wearers).toEqual([]);
});

test.describe('WCAG 2.2 AA (axe-core)', () => {
  // Once per page, at the width most readers have, its disclosures open (a figure's data among them); the desktop
  // layouts are swept in the dark theme below.
  test('every page has no violations, its disclosures open', phoneOnly, async ({ page }) => {
    await sweep(page, sitePages(), () =>
      page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true))),
    );
  });

  test.describe('the not-found page', () => {
    test.use({ expectedConsoleErrors: /status of 404/ });
    test('has no violations', async ({ page }) => {
      await page.goto('/no-such-page');
      expect(await violations(page)).toEqual([]);
    });
  });

  test('the open phone menu has no violations', phoneOnly, async ({ page }) => {
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('WCAG 2.2 AA (axe-core) in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  // The theme's colours are the same on every page of a layout; at the desktop width, as the light sweep is at a phone's.
  test('one page of each layout has no violations', desktopOnly, async ({ page }) => {
    await sweep(page, layoutPages, () => expect(page.locator('html')).toHaveCSS('color-scheme', 'dark'));
  });

  test('the open phone menu has no violations', phoneOnly, async ({ page }) => {
    await page.goto('/index/Chapter2');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the tip and an open box have no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: 'Tip: Suggested reading' }).focus();
    // The first focus hydrates the tip, fetching React: on a busy machine that takes more than a few seconds.
    await expect(page.locator('.tip__bubble')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Box 1/ }).press('Enter');
    await expect(page.getByText('Low-density cities in a region with a long dry season')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('an open activity has no violations', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: /^Activity 1/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the themes chosen with the toggle have no violations either', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'light');
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await toggle.click();
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    expect(await violations(page)).toEqual([]);
  });
});

test.describe("in forced colours (Windows' high-contrast themes)", () => {
  test.use({ forcedColors: 'active' });

  /** The controls, dialogs and pop-ups a reader can see that have no edge of their own on every side. */
  const edgeless = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, [role="button"], [role="dialog"], [role="tooltip"], :popover-open')]
        .filter((element) => element.checkVisibility())
        .filter((element) => {
          const style = getComputedStyle(element);
          const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
          return sides.some((side) => style[`border${side}Style`] === 'none' || parseFloat(style[`border${side}Width`]) === 0);
        })
        .map(
          (element) =>
            `${location.pathname}: ${element.tagName.toLowerCase()} "${(element.innerText || element.ariaLabel || '').trim().slice(0, 40)}"`,
        ),
    );

  test('every control, dialog and pop-up keeps its edges, open or closed, and axe finds nothing in either theme', async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const path of layoutPages) {
      await page.goto(path);
      found.push(...(await edgeless(page)));
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme });
        found.push(...(await violations(page)).map((violation) => `${path} (${colorScheme}): ${violation}`));
      }
      const menu = page.getByRole('button', { name: 'Menu' });
      // Each closes by taking its step in the history away: the next page waits for that.
      const before = await historyPlace(page);
      if (await menu.isVisible()) {
        await menu.click();
        await expect(page.locator(':popover-open')).toBeVisible();
        found.push(...(await edgeless(page)));
        await page.keyboard.press('Escape');
        await expect.poll(() => historyPlace(page)).toBe(before);
      }
      for (const trigger of await page.locator('.activity__button, .tip__trigger').all()) {
        await trigger.click();
        await expect(page.locator('[role="dialog"], [role="tooltip"]').first()).toBeVisible();
        found.push(...(await edgeless(page)));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect.poll(() => historyPlace(page)).toBe(before);
      }
    }
    expect(found).toEqual([]);
  });
});
