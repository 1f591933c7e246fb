import type { Page } from '@playwright/test';
import { pageScriptFiles, readBuilt } from '../support/site.ts';
import { desktopOnly, expect, historyPlace, phoneOnly, test } from '../support/test.ts';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
/** Scripts fetched besides the page's own (cached files every page shares): the islands' code, React's among it. */
const islandScriptRequests = (page: Page, path: string) => {
  const own = pageScriptFiles(readBuilt(path) ?? '');
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !own.includes(new URL(request.url()).pathname)) urls.push(request.url());
  });
  return urls;
};

test.describe('on a 375 px phone', phoneOnly, () => {
  test('a reader opens the menu by tapping and reaches Members', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menu(page)).toBeHidden();
    await menuButton(page).tap();
    await expect(menu(page)).toBeVisible();
    // The site's pages, then the book's contents (tests/e2e/wayfinding.spec.ts).
    await expect(menu(page).locator(':scope > ul').getByRole('link')).toHaveText(['Home', 'Index', 'Members']);
    await expect(
      menu(page)
        .getByRole('navigation', { name: 'Chapters' })
        .getByRole('link', { name: /^\d+\. / }),
    ).toHaveCount(10);
    await expect(menu(page).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await menu(page).getByRole('link', { name: 'Members' }).tap();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members');
    await menuButton(page).tap();
    await expect(menu(page).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
  });

  test('the menu closes on Escape, on a click outside, and after a link is chosen', async ({ page }) => {
    await page.goto('/index');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // The open menu covers the top of the page: click the page below it.
    await page.mouse.click(4, page.viewportSize()!.height - 4);
    await expect(menu(page)).toBeHidden();

    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await expect(menu(page)).toBeHidden();
  });

  test('a keyboard reader opens the menu, moves with the arrow keys and follows a link', async ({ page }) => {
    await page.goto('/members');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Dark theme' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('link', { name: 'Index' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('button', { name: 'Search' })).toBeFocused();
    // The chapters follow; from the first item, up goes round to the last.
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('link', { name: '1. Introduction' })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await expect(menu(page).getByRole('link', { name: /^10\. / })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/index$/);
  });

  test('a keyboard reader sees where focus is on every item of the open menu, in both themes', async ({ page }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/index/Chapter7');
      const before = await historyPlace(page);
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      const items = menu(page).locator('a, button');
      for (let i = 0; i < (await items.count()); i++) {
        await items.nth(i).focus();
        // The ring is the book's focus colour, which stands out from the panel in each theme.
        const [ring, focus] = await items.nth(i).evaluate((item) => {
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--book-color-focus)';
          const colour = getComputedStyle(probe).color;
          probe.remove();
          return [getComputedStyle(item).outlineColor, colour];
        });
        expect(ring, `${colorScheme}: ${await items.nth(i).innerText()}`).toBe(focus);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => historyPlace(page)).toBe(before);
    }
  });

  test('React is downloaded only when the reader reaches for the menu', async ({ page }) => {
    const scripts = islandScriptRequests(page, '/');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts, 'no island code before the menu is touched').toEqual([]);
    await menuButton(page).tap();
    await expect(menu(page)).toBeVisible();
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('on a 375 px phone without JavaScript', phoneOnly, () => {
  test.use({ javaScriptEnabled: false });

  test('the menu still opens and its links work', async ({ page }) => {
    await page.goto('/');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await menu(page).getByRole('link', { name: 'Index' }).click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
  });
});

test.describe('on a 1280 px desktop', desktopOnly, () => {
  test('the top bar shows Home, Index and Members, and no menu button', async ({ page }) => {
    const scripts = islandScriptRequests(page, '/index');
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Index', 'Members']);
    await expect(nav.getByRole('link', { name: 'Index' })).toHaveAttribute('aria-current', 'page');
    await expect(menuButton(page)).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test('a mouse reader goes from Members to Index to Home', async ({ page }) => {
    await page.goto('/members');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Index' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a keyboard reader tabs to the top-bar links and sees where focus is', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.goto('/');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    const index = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Index' });
    await expect(index).toBeFocused();
    const outline = await index.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/index$/);
  });
});

test('with a wider font every label of the top bar stays on one line, and from 600 px the bar keeps its height', desktopOnly, async ({ page }) => {
  for (const width of [320, 600, 900, 1199, 1200, 1536]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/index/Chapter1');
    const bar = page.locator('.top-bar');
    const height = (await bar.boundingBox())!.height;
    // A reader's system font wider than the book's, as some platforms' are (Verdana is about an eighth wider than Arial): letters spaced out.
    await bar.evaluate((element: HTMLElement) => (element.style.letterSpacing = '0.06em'));
    const wrapped = await bar.evaluate((element) =>
      [...element.querySelectorAll<HTMLElement>('button, nav a')]
        .filter((control) => control.checkVisibility())
        .filter((control) => {
          // The words shown: text read but not shown (an icon button's label on a phone) is a 1 px box.
          const tops = new Set<number>();
          const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if (!text.textContent?.trim() || text.parentElement!.getBoundingClientRect().width <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
          }
          return tops.size > 1;
        })
        .map((control) => control.innerText.trim()),
    );
    expect(wrapped, `${width} px`).toEqual([]);
    // On the narrowest phone the title may take a third line rather than lose words; from 600 px it has room.
    if (width >= 600) expect((await bar.boundingBox())!.height, `${width} px`).toBe(height);
  }
});
