import type { Page } from '@playwright/test';
import { expect, phoneOnly, sameAtEveryWidth, test } from '../support/test.ts';
import { violations } from '../support/axe.ts';

const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the book' });
const field = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search the book' });
const results = (page: Page) => dialog(page).getByRole('link');
const isPhone = (page: Page) => page.viewportSize()!.width < 1200;
// The first search fetches Pagefind and its wasm: on a busy 2-core machine that can take a while.
const firstSearch = { timeout: 20_000 };
// Search's own files: its dialog's script and styles, and Pagefind's bundle and index.
const isSearchFile = (url: string) => /\/pagefind\/|\/search(-ui)?\.[\w-]+\.(js|css)$/.test(url);

// 'Rockefeller' occurs only in Box 2 of the Introduction (chapters/01-introduction.mdx), in its text and reading list.
test('a reader finds a word that only Box 2 holds, and lands on it with the box open', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index/Chapter3');
  await searchButton(page).click();
  await expect(field(page)).toBeFocused();
  await field(page).fill('Rockefeller');
  await expect(dialog(page).getByRole('status')).toHaveText('1 result for “Rockefeller”.', firstSearch);
  const result = results(page).first();
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(['Chapter 1Introduction']);
  await expect(result).toContainText('Box 2: A planetary crisis: climate, syndemics and war');
  await expect(result.locator('mark').first()).toHaveText('Rockefeller');
  await expect(result).toHaveAttribute('href', /\/index\/Chapter1#box-2$/);

  // Keyboard: from the field, Arrow Down reaches the result and Enter follows it.
  await page.keyboard.press('ArrowDown');
  await expect(result).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/index\/Chapter1#box-2$/);
  await expect(page.getByRole('button', { name: /^Box 2/ })).toHaveAttribute('aria-expanded', 'true');
  const word = page.getByText('The Rockefeller Foundation–Lancet Commission on planetary health argued');
  await expect(word).toBeVisible();
  await expect(word).toBeInViewport();
  // Box 1 was not the target: it stays closed.
  await expect(page.getByRole('button', { name: /^Box 1/ })).toHaveAttribute('aria-expanded', 'false');
});

// 'Anthropocene' is only in a title of Box 2's reading list, a link to another site.
test("a result's excerpt quotes the text, without the words that tell screen readers a link opens a new tab", sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index/Chapter1');
  await searchButton(page).click();
  await field(page).fill('Anthropocene');
  const result = results(page).first();
  await expect(result.locator('mark').first()).toHaveText('Anthropocene', firstSearch);
  await expect(result).toContainText('Foundation–Lancet Commission on planetary health');
  await expect(result).not.toContainText('(opens');
  // The link itself still says so: the source's DOI, in Box 2's reading list and in the references.
  const doi = /^https:\/\/doi\.org\/10\.1016\/S0140-6736\(15\)60901-1.*\(opens in a new tab\)$/;
  await expect(page.getByRole('link', { name: doi, includeHidden: true })).toHaveCount(2);
});

test('Escape closes search even before its code has arrived (a slow connection)', sameAtEveryWidth, async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/search-ui.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/index/Chapter2');
  await page.keyboard.press('/');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.type('air');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  release();
});

test("'/' opens search; Escape closes it and returns focus", sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index/Chapter2');
  const title = page.getByRole('link', { name: 'Public health in mega-cities; the environmental dimension.' });
  await title.focus();
  await page.keyboard.press('/');
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
  // While typing in the field, '/' is a character, not a shortcut.
  await page.keyboard.type('air/water');
  await expect(field(page)).toHaveValue('air/water');
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(title).toBeFocused();

  // From the top bar's button, focus goes back to the button.
  await searchButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(searchButton(page)).toBeFocused();
});

test.describe('what a search finds and fetches', sameAtEveryWidth, () => {
  test('a result for a sub-page of Chapter 3 links there', async ({ page }) => {
    await page.goto('/');
    await searchButton(page).click();
    await field(page).fill('faecal sludge');
    const block = dialog(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Block B/ }) });
    await expect(block.getByRole('heading')).toHaveText('Chapter 3Block B: Sanitation and faecal sludge management', firstSearch);
    const link = block.getByRole('link').first();
    await expect(link).toHaveAttribute('href', /\/index\/Chapter3\/BlockB(#[\w-]+)?$/);
    await link.click();
    await expect(page).toHaveURL(/\/index\/Chapter3\/BlockB(#[\w-]+)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Block B: Sanitation and faecal sludge management');
  });

  test("a source's title, which only a reference list holds, finds the chapter that cites it, under its References", async ({ page }) => {
    await page.goto('/');
    await searchButton(page).click();
    // "Anthropocene" is only in the title of Whitmee et al. (2015), which Chapter 1's Box 2 and References list.
    await field(page).fill('Anthropocene');
    const chapter = dialog(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /Introduction/ }) });
    await expect(chapter.getByRole('link', { name: /References/ })).toHaveAttribute('href', /\/index\/Chapter1#references$/, firstSearch);
  });

  test('nothing of search is fetched until the reader opens it', async ({ page }) => {
    const fetched: { url: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes();
      fetched.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
    });
    await page.goto('/index/Chapter1');
    await page.waitForLoadState('load');
    // Using the page's other islands (a box) fetches nothing of search either.
    await page.getByRole('button', { name: /^Box 1/ }).click();
    await expect(page.getByRole('button', { name: /^Box 1/ })).toHaveAttribute('aria-expanded', 'true');
    expect(fetched.filter(({ url }) => isSearchFile(url))).toEqual([]);

    await searchButton(page).click();
    // Its styles came with it: laid out as the book lays it out (a column), not as a browser's plain dialog.
    await expect(dialog(page)).toHaveCSS('display', 'flex');
    await field(page).fill('water');
    await expect(dialog(page).getByRole('status')).toHaveText(/\d+ results for “water”\./, firstSearch);
    await expect.poll(() => fetched.filter(({ url }) => /\.pf_fragment$/.test(url)).length).toBeGreaterThan(0);
    const search = fetched.filter(({ url }) => isSearchFile(url));
    const paths = search.map(({ url }) => new URL(url).pathname);
    for (const file of [
      /^\/_astro\/search-ui\.[\w-]+\.js$/,
      /^\/_astro\/search\.[\w-]+\.css$/,
      /^\/pagefind\/pagefind\.js$/,
      /^\/pagefind\/wasm\.en\.pagefind$/,
      /\.pf_index$/,
    ]) {
      expect(
        paths.some((path) => file.test(path)),
        `${file} fetched once search is used`,
      ).toBe(true);
    }
    // The book is small enough to search on the main thread: Pagefind's worker (a second copy of its code) is not fetched.
    expect(paths.filter((path) => path.includes('worker'))).toEqual([]);
    const total = search.reduce((sum, { bytes }) => sum + bytes, 0);
    test.info().annotations.push({ type: 'search bytes (uncompressed transfer)', description: `${total} in ${search.length} requests` });
  });
});

test('the open search dialog, with results, has no axe violations', async ({ page }) => {
  await page.goto('/index/Chapter1');
  await searchButton(page).click();
  await field(page).fill('health');
  await expect(results(page).first()).toBeVisible(firstSearch);
  expect(await violations(page)).toEqual([]);
});

test("a tip's and an activity's text are found too, and a result in an activity opens it", sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index/Chapter1');
  await searchButton(page).click();
  // 'Szreter' is only in the tip of the Industrial Revolution paragraph, and in the references that list the source.
  await field(page).fill('Szreter');
  await expect(results(page).first()).toHaveAttribute('href', /#cities-industry-and-the-birth-of-public-health$/, firstSearch);
  // 'Rosling' is only in Activity 1 (and in the video titles it embeds).
  await field(page).fill('Rosling');
  await expect(results(page).first()).toHaveAttribute('href', /#activity-1$/);
  await expect(results(page).first()).toContainText('Activity 1: Health, wealth and cities');
  await results(page).first().click();
  await expect(page.getByRole('dialog', { name: 'Activity 1: Health, wealth and cities' })).toBeVisible();
  await expect(dialog(page)).toBeHidden();
});

test.describe('on a 375 px phone', phoneOnly, () => {
  test("the menu's Search opens search, and Escape returns to the menu button", async ({ page }) => {
    await page.goto('/index/Chapter4');
    await expect(searchButton(page)).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Search' }).click();
    await expect(menu).toBeHidden();
    await expect(field(page)).toBeFocused();
    await field(page).fill('Rockefeller');
    await expect(results(page).first()).toBeVisible(firstSearch);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('no search control is offered, in the top bar or the menu', async ({ page }) => {
    await page.goto('/index/Chapter2');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toHaveCount(0);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Members' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('button')).toHaveCount(0);
    }
  });
});
