import type { Locator, Page } from '@playwright/test';
import { expect, historyPlace, phoneOnly, test } from '../support/test.ts';

// Back closes whatever is open over the page (a phone's Back most of all) and leaves no step behind: every dialog,
// popover and menu of the book, opened and then closed by Back, by its own means, or by following a link from it.
const chapter = '/index/Chapter1';
const before = '/index';
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const search = (page: Page) => page.getByRole('dialog', { name: 'Search the book' });
const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
const activityButton = (page: Page) => page.getByRole('button', { name: /^Activity 2/ });
const activity = (page: Page) => page.getByRole('dialog', { name: /^Activity 2/ });
const firstSearch = { timeout: 20_000 };

interface Opening {
  /** Opens it, and returns it as a reader's tools find it. */
  open(page: Page): Promise<Locator>;
  /** What focus returns to once it is closed. */
  opener(page: Page): Locator;
  /** Follows a link from it to another place; returns that place's address. */
  follow(open: Locator): Promise<RegExp>;
  /** A link beside it, which a reader can follow while it is open (the menu is no modal dialog). */
  beside?(page: Page): Locator;
}

/** A search, once its code has come (before, Back is the browser's own; a phone's closes the dialog natively). */
const searched = async (page: Page) => {
  await search(page).getByRole('searchbox').fill('Rockefeller');
  await expect(search(page).getByRole('link').first()).toBeVisible(firstSearch);
  return search(page);
};
/** Opens the phone menu, and waits for its code (it says whether the menu is open): only then does it answer Back. */
const openMenu = async (page: Page) => {
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  return menu(page);
};
const searchFollow = async (open: Locator) => {
  await open.getByRole('link').first().click();
  return /\/index\/Chapter1#box-2$/;
};

const everything: Record<string, Opening & { phone?: true }> = {
  'an activity': {
    opener: activityButton,
    async open(page) {
      await activityButton(page).click();
      return activity(page);
    },
    // A citation in the activity leads to its entry in the reference list, behind the dialog.
    async follow(open) {
      await open.getByRole('link', { name: /\d{4}/ }).first().click();
      return /\/index\/Chapter1#ref-barton2006$/;
    },
  },
  search: {
    opener: searchButton,
    async open(page) {
      await searchButton(page).click();
      return searched(page);
    },
    follow: searchFollow,
  },
  'the menu': {
    phone: true,
    opener: menuButton,
    open: openMenu,
    async follow(open) {
      await open.getByRole('link', { name: 'Members' }).click();
      return /\/members$/;
    },
    beside: (page) => page.getByRole('banner').getByRole('link').first(),
  },
  "search opened from the menu's Search": {
    phone: true,
    opener: menuButton,
    async open(page) {
      await (await openMenu(page)).getByRole('button', { name: 'Search' }).click();
      await expect(menu(page)).toBeHidden();
      return searched(page);
    },
    follow: searchFollow,
  },
};

for (const [name, opening] of Object.entries(everything)) {
  const { phone, follow } = opening;
  const open = (page: Page) => opening.open(page);
  test.describe(name, phone ? phoneOnly : {}, () => {
    let chapterPlace: string | undefined;
    test.beforeEach(async ({ page }) => {
      await page.goto(before);
      await page.goto(chapter);
      chapterPlace = await historyPlace(page);
    });

    test('Back closes it, gives focus back and stays on the page; Back again leaves', async ({ page }) => {
      for (const time of [1, 2]) {
        const it = await open(page);
        await expect(it, `opening ${time}`).toBeVisible();
        await page.goBack();
        await expect(it).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`${chapter}$`));
        await expect(opening.opener(page)).toBeFocused();
      }
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${before}$`));
    });

    test('closed with Escape, it leaves no step behind: Back leaves the page at once', async ({ page }) => {
      const it = await open(page);
      await expect(it).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(it).toBeHidden();
      await expect.poll(() => historyPlace(page)).toBe(chapterPlace);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${before}$`));
    });

    test('a link followed from it goes there; Back returns to the page with it closed, then leaves', async ({ page }) => {
      const it = await open(page);
      await expect(it).toBeVisible();
      const there = await follow(it);
      await expect(page).toHaveURL(there);
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${chapter}$`));
      await expect(it).toBeHidden();
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${before}$`));
    });

    if (opening.beside)
      test('a link beside it, followed while it is open, goes there; Back returns to the page, then leaves', async ({ page }) => {
        const it = await open(page);
        await expect(it).toBeVisible();
        const link = opening.beside!(page);
        const there = new URL((await link.getAttribute('href'))!, page.url()).pathname;
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${there}$`));
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`${chapter}$`));
        await expect(it).toBeHidden();
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`${before}$`));
      });
  });
}

test.describe('the menu, which lets the page scroll under it', phoneOnly, () => {
  for (const how of ['Escape', 'Back'] as const)
    test(`closed with ${how}, it leaves the page where the reader scrolled it`, async ({ page }) => {
      await page.goto(chapter);
      const it = await openMenu(page);
      await expect(it).toBeVisible();
      // The panel covers most of a phone's screen: the page is scrolled as a reader's finger on its edge would.
      const scrolled = await page.evaluate(() => {
        scrollBy(0, 1500);
        return scrollY;
      });
      expect(scrolled).toBeGreaterThan(1000);
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await page.goBack();
      await expect(it).toBeHidden();
      await expect.poll(() => page.evaluate(() => navigation.currentEntry?.index)).toBe(0);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    });
});

test.describe('one opened just as another closes', phoneOnly, () => {
  test('stays open, and Back closes it; nothing else is left in the history', async ({ page }) => {
    await page.goto(before);
    await page.goto(chapter);
    // The activity's code comes with a first press: opened and closed once, it opens at a script's click.
    const first = await historyPlace(page);
    await expect(await everything['an activity']!.open(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(() => historyPlace(page)).toBe(first);
    const it = await openMenu(page);
    await expect(it).toBeVisible();
    // The menu closes, and in the next moment (before its step is gone) the reader opens an activity.
    await page.evaluate(() => {
      document.querySelector<HTMLElement>(':popover-open')!.hidePopover();
      const activity = [...document.querySelectorAll<HTMLElement>('.activity__button')].find((button) =>
        button.textContent?.startsWith('Activity 2'),
      );
      setTimeout(() => activity!.click());
    });
    await expect(it).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigation.entries().length)).toBe(3);
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${chapter}$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${before}$`));
  });
});
