import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { themeStorageKey } from '../../src/components/theme/theme.ts';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { layoutPages } from '../support/site.ts';

const chapter = '/index/Chapter1';
const toggle = (page: Page) => page.getByRole('button', { name: 'Dark theme' });

/** 'rgb(18, 20, 22)' → its relative luminance (0 black … 1 white). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const isDark = (color: string) => luminance(color) < 0.05;

/**
 * Stores a theme choice before the page loads (or none), and records the page's background at its first
 * animation frame: the browser runs it just before the first paint, so it is the colour the reader first sees.
 */
async function recordFirstFrame(page: Page, choice: 'light' | 'dark' | null) {
  await page.addInitScript(
    ({ key, choice }) => {
      if (choice && !sessionStorage.getItem('stored')) {
        localStorage.setItem(key, choice);
        sessionStorage.setItem('stored', '1');
      }
      requestAnimationFrame(() => {
        (window as unknown as { firstFrame: string }).firstFrame = getComputedStyle(document.documentElement).backgroundColor;
      });
    },
    { key: themeStorageKey, choice },
  );
}
const firstFrame = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { firstFrame?: string }).firstFrame).then((h) => h.jsonValue() as Promise<string>);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe('Dark theme, with no flash of the light one', () => {
  test('a reader who chose dark sees a dark page from the first paint', sameAtEveryWidth, async ({ page }) => {
    await recordFirstFrame(page, 'dark');
    await page.goto(chapter);
    expect(isDark(await firstFrame(page))).toBe(true);
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  });

  test.describe('on a system set to dark', sameAtEveryWidth, () => {
    test.use({ colorScheme: 'dark' });

    test('a reader who never chose sees the dark theme from the first paint', async ({ page }) => {
      await recordFirstFrame(page, null);
      await page.goto(chapter);
      expect(isDark(await firstFrame(page))).toBe(true);
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', /^#/);
    });

    test('a reader who chose light keeps the light theme from the first paint', async ({ page }) => {
      await recordFirstFrame(page, 'light');
      await page.goto(chapter);
      expect(isDark(await firstFrame(page))).toBe(false);
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
      // The browser's own bar follows the reader's choice too.
      const colours = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => (m as HTMLMetaElement).content));
      expect(new Set(colours).size).toBe(1);
    });
  });

  test(
    'the toggle switches with the keyboard, and the choice is remembered after a reload and on other pages',
    sameAtEveryWidth,
    async ({ page }) => {
      await page.goto(chapter);
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
      expect(isDark(await background(page))).toBe(false);

      // Keyboard only: Tab to the toggle, then Space.
      for (let i = 0; i < 12 && !(await toggle(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(toggle(page)).toBeFocused();
      await expect(toggle(page)).not.toHaveCSS('outline-style', 'none');
      await page.keyboard.press('Space');
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => background(page).then(isDark)).toBe(true);

      await page.reload();
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
      expect(isDark(await background(page))).toBe(true);

      await page.goto('/members');
      expect(isDark(await background(page))).toBe(true);
      await toggle(page).press('Enter');
      await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
      await page.goto('/index');
      expect(isDark(await background(page))).toBe(false);
    },
  );

  test('the toggle is a 44 px target with a name that says what it does', async ({ page }) => {
    await page.goto('/');
    const box = (await toggle(page).boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  });

  test.describe('without JavaScript', sameAtEveryWidth, () => {
    test.use({ javaScriptEnabled: false, colorScheme: 'dark' });

    test('there is no toggle, and the system theme still applies', async ({ page }) => {
      await page.goto(chapter);
      await expect(page.locator('.theme-toggle')).toBeHidden();
      expect(isDark(await background(page))).toBe(true);
    });
  });
});

test.describe('Printing a chapter', sameAtEveryWidth, () => {
  test.beforeEach(async ({ page }) => {
    // Even a reader in the dark theme prints light pages.
    await recordFirstFrame(page, 'dark');
    await page.goto(chapter);
    await page.emulateMedia({ media: 'print' });
  });

  test('prints boxes, activities and the tip in full, without bars, menus or buttons', async ({ page }) => {
    for (const text of [
      'Low-density cities in a region with a long dry season',
      'The second is the idea of a',
      'Discuss the following contents',
      'Write a short essay, of about 150 words',
      'Suggested reading: Szreter (2003)',
    ]) {
      await expect(page.getByText(text).first(), text).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Activity 1: Health, wealth and cities' })).toBeVisible();
    await expect(page.locator('.top-bar')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Previous and next' })).toBeHidden();
    await expect(page.getByRole('button', { name: /^Activity 1/ })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Tip: Suggested reading' })).toBeHidden();
    await expect(toggle(page)).toBeHidden();
    // Embeds print as their title and link.
    await expect(page.locator('.embed__frame').first()).toBeHidden();
    await expect(page.getByRole('link', { name: /Watch “200 Countries, 200 Years, 4 Minutes” on YouTube/ })).toBeVisible();
  });

  test('prints light colours, a page header, and the address of each link to another site', async ({ page }) => {
    expect(isDark(await background(page))).toBe(false);
    expect(isDark(await page.evaluate(() => getComputedStyle(document.body).color))).toBe(true);
    const header = page.locator('.print-header');
    await expect(header).toBeVisible();
    await expect(header).toContainText('Public health in mega-cities; the environmental dimension.');
    await expect(header).toContainText('Introduction');
    await expect(header).toHaveCSS('position', 'fixed');

    const after = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((a) => getComputedStyle(a, '::after').content);
    const external = page.locator('a[href^="https://"]').first();
    const address = await external.getAttribute('href');
    expect(await after('a[href^="https://"]')).toContain(address);
    // The book's own pages and in-page anchors get no address.
    expect(await after('.chapter__image-source a')).not.toContain('(');
  });

  test('gives a PDF of several pages', async ({ page }) => {
    const pdf = await PDFDocument.load(await page.pdf({ format: 'A4' }));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });
});

test.describe('Printing any page', sameAtEveryWidth, () => {
  test('prints each address once, and nothing that works only on the web', async ({ page }) => {
    const found: string[] = [];
    // Chapters opened in this browser, which the contents page marks (on screen only).
    await page.goto('/index/Chapter1');
    await page.goto('/index/Chapter2');
    for (const path of layoutPages) {
      await page.goto(path);
      await page.emulateMedia({ media: 'print' });
      found.push(
        ...(await page.evaluate(() => {
          const shown = (element: Element) => element.checkVisibility();
          const twice = [...document.querySelectorAll('a[href]')]
            .filter(shown)
            .filter((a) => {
              const after = getComputedStyle(a, '::after').content;
              return after.includes(a.getAttribute('href')!) && a.textContent!.includes(a.getAttribute('href')!);
            })
            .map((a) => `${location.pathname}: the address ${a.getAttribute('href')} twice`);
          // Controls, links back into the page's own text, the data saver, what this browser remembers: the web's, not paper's.
          const webOnly = [
            ...document.querySelectorAll('button, .references__cited, .data-saver, nav:not(.subpages), .resume, .chapter-card__opened'),
          ]
            .filter(shown)
            .map((element) => `${location.pathname}: <${element.tagName.toLowerCase()} class="${element.className}"> printed`);
          // A new tab's arrow, a link's arrow, and a link to a file that paper cannot open.
          const arrows = [...document.querySelectorAll('body *')]
            .filter(shown)
            .filter(
              (element) =>
                /[↗→]/.test(getComputedStyle(element, '::after').content) ||
                [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /[↗→]/.test(node.textContent ?? '')),
            )
            .map((element) => `${location.pathname}: an arrow in <${element.tagName.toLowerCase()}> "${element.textContent?.trim().slice(0, 30)}"`);
          const files = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
            .filter(shown)
            .filter((a) => a.origin === location.origin && /\.(pdf|png|jpe?g|svg|webp|avif)$/.test(a.pathname))
            .map((a) => `${location.pathname}: a link to ${a.pathname} ("${a.textContent?.trim()}")`);
          return [...twice, ...webOnly, ...arrows, ...files];
        })),
      );
      await page.emulateMedia({ media: 'screen' });
    }
    expect(found).toEqual([]);
  });
});
