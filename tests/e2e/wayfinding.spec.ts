import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readingTimeOf } from '../../src/lib/reading-time.ts';
import { desktopOnly, expect, phoneOnly, sameAtEveryWidth, test } from '../support/test.ts';
import { violations } from '../support/axe.ts';

const project = join(import.meta.dirname, '../..');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const readingNav = (page: Page) => page.getByRole('navigation', { name: 'Previous and next' });
const onThisPage = (page: Page) => page.getByRole('navigation', { name: 'On this page' });
const resumeLink = (page: Page) => page.getByRole('link', { name: /^Continue where you left off/ });
/** The collapsible list's summary, which a reader presses to open it (below lg). */
const summary = (page: Page) => onThisPage(page).getByText('On this page').filter({ visible: true });

/** The links of the breadcrumb, as a reader sees them, with the one marked as the current page. */
const trail = (page: Page) =>
  breadcrumb(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => `${a.textContent}${a.getAttribute('aria-current') === 'page' ? ' (current)' : ''} → ${a.getAttribute('href')}`),
    );

test.describe('one name for the contents page', () => {
  // The page not found answers with its status, as it should.
  test.use({ expectedConsoleErrors: /status of 404/ });
  test('the contents page has one name wherever a reader meets it: its heading, its tab, and every way to it', desktopOnly, async ({ page }) => {
    await page.goto('/index');
    const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(page).toHaveTitle(new RegExp(`^${name} `));
    for (const path of ['/', '/index/Chapter10', '/index/Chapter3/BlockA', '/members', '/offline', '/no-such-page']) {
      await page.goto(path);
      const ways = await page
        .locator('a[href="/index"]')
        .evaluateAll((links) =>
          links.map((link) => ({ words: link.textContent?.trim() ?? '', around: link.parentElement?.textContent?.trim() ?? '' })),
        );
      expect(ways.length, path).toBeGreaterThan(0);
      // A link names the page, or sits under its name (the home page's card: "Index", then "Chapters").
      for (const { words, around } of ways)
        expect(words.toLowerCase().includes(name.toLowerCase()) || around.startsWith(name), `${path}: "${words}"`).toBe(true);
    }
  });
});

test.describe('finding your way at both ends of the book', sameAtEveryWidth, () => {
  test('Chapter 1 has no previous page, and its breadcrumb leads back to the contents', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await expect(readingNav(page).getByRole('link', { name: /^Previous/ })).toHaveCount(0);
    await expect(readingNav(page).getByRole('link', { name: /^Next/ })).toHaveAttribute('href', '/index/Chapter2');
    expect(await trail(page)).toEqual(['Index → /index', 'Chapter 1 (current) → /index/Chapter1']);
    await breadcrumb(page).getByRole('link', { name: 'Index' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
  });

  test('the last page of the book has no next page, and its breadcrumb is Index > Chapter 10', async ({ page }) => {
    await page.goto('/index/Chapter10');
    await expect(readingNav(page).getByRole('link', { name: /^Next/ })).toHaveCount(0);
    await expect(readingNav(page).getByRole('link', { name: /^Previous/ })).toHaveAttribute('href', '/index/Chapter9');
    expect(await trail(page)).toEqual(['Index → /index', 'Chapter 10 (current) → /index/Chapter10']);
  });

  test("a sub-page's breadcrumb names its chapter, which it leads back to", async ({ page }) => {
    await page.goto('/index/Chapter3/BlockB');
    expect(await trail(page)).toEqual([
      'Index → /index',
      'Chapter 3 → /index/Chapter3',
      'Block B: Sanitation and faecal sludge management (current) → /index/Chapter3/BlockB',
    ]);
    await breadcrumb(page).getByRole('link', { name: 'Chapter 3' }).click();
    await expect(page).toHaveURL(/\/index\/Chapter3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Water, sanitation and public health in rapidly growing cities');
  });
});

test.describe("the book's contents on every chapter page", () => {
  const contents = (page: Page) => page.getByRole('navigation', { name: 'Chapters' }).filter({ visible: true });
  const widths = [320, 375, 768, 1280, 1920];
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });
      test('any other chapter is one tap or click away at every width, and the current page is marked', sameAtEveryWidth, async ({ page }) => {
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/index/Chapter3/BlockB');
          // Beside the text from lg (1200 px); below it, in the menu, one tap away.
          if (width < 1200) {
            await expect(contents(page), `${width} px: folded away until asked for`).toHaveCount(0);
            await page.getByRole('button', { name: 'Menu' }).click();
          }
          const list = contents(page);
          await expect(list.getByRole('link', { name: /^\d+\. / }), `${width} px`).toHaveCount(10);
          await expect(list.getByRole('link', { name: /^Block [ABC]:/ })).toHaveCount(3);
          await expect(list.locator('[aria-current=page]')).toHaveText(/^Block B: Sanitation and faecal sludge management/);
          await list.getByRole('link', { name: /^6\. / }).click();
          await expect(page).toHaveURL(/\/index\/Chapter6$/);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText('Climate crisis and public health');
        }
      });
    });
  }

  test("every other page's menu holds the book's contents too; from 1200 px the bar's Index leads to them", sameAtEveryWidth, async ({ page }) => {
    for (const path of ['/', '/index', '/members', '/offline']) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(path);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(contents(page).getByRole('link', { name: /^\d+\. / }), path).toHaveCount(10);
      await expect(contents(page).locator('[aria-current]'), `${path}: no chapter is this page`).toHaveCount(0);
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Index' })).toBeVisible();
    }
  });

  test('Chapter 3 links each of its blocks where its text names them, before its references', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index/Chapter3');
    const text = page.locator('.chapter__body > p', { hasText: 'organised in three blocks' });
    for (const block of ['A', 'B', 'C']) {
      await expect(text.getByRole('link', { name: `Block ${block}`, exact: true })).toHaveAttribute('href', `/index/Chapter3/Block${block}`);
    }
  });

  test('a chapter in preparation says so at its top, and its entry in the contents says so too', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index/Chapter2');
    const note = page.getByText('This chapter is in preparation: this page is its outline.');
    const firstParagraph = page.locator('.chapter__body > p').first();
    expect((await note.boundingBox())!.y, 'before the text').toBeLessThan((await firstParagraph.boundingBox())!.y);
    await expect(contents(page).getByRole('link', { name: /^2\. / })).toHaveText('2. Public health in mega-slumsIn preparation');
    await expect(contents(page).getByRole('link', { name: /^1\. / })).toHaveText('1. Introduction');
    // A block of a chapter in preparation is an outline too, and says so the same way.
    await page.goto('/index/Chapter3/BlockB');
    await expect(page.getByText('This chapter is in preparation: this page is its outline.')).toBeVisible();
    await expect(contents(page).locator('[aria-current=page]')).toHaveText('Block B: Sanitation and faecal sludge managementIn preparation');
    await page.goto('/index/Chapter1');
    await expect(page.getByText('This chapter is in preparation')).toHaveCount(0);
  });

  test('no part of a chapter runs under the contents beside it, at any wide width', sameAtEveryWidth, async ({ page }) => {
    const pages = ['/index/Chapter1', '/Introduction', '/index/Chapter3', '/index/Chapter3/BlockA', '/index/Chapter8'];
    for (const width of [1200, 1280, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        await page.goto(path);
        const under = await page.evaluate(() => {
          const rail = document.querySelector('.chapter-frame__rail')!.getBoundingClientRect();
          return [...document.querySelectorAll('.chapter-frame__main *')].flatMap((element) => {
            const box = element.getBoundingClientRect();
            const shown = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
            return shown && box.left < rail.right
              ? [`${element.tagName.toLowerCase()}.${element.classList[0] ?? ''} at ${Math.round(box.left)} px`]
              : [];
          });
        });
        expect(under, `${path} at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
  });

  test(
    'from the top of a page to its end, the contents beside it stay whole, under the bar and beside the footer',
    sameAtEveryWidth,
    async ({ page }) => {
      const pages = ['/index/Chapter1', '/index/Chapter2', '/index/Chapter3/BlockA'];
      for (const [width, height] of [
        [1200, 700],
        [1280, 800],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const path of pages) {
          await page.goto(path);
          for (const at of ['top', 'middle', 'end'] as const) {
            const faults = await page.evaluate((at) => {
              scrollTo(0, { top: 0, middle: document.documentElement.scrollHeight / 2, end: document.documentElement.scrollHeight }[at]);
              const list = document.querySelector('.chapter-frame__rail .book-contents')!;
              const box = list.getBoundingClientRect();
              const bar = document.querySelector('.top-bar')!.getBoundingClientRect().bottom;
              const current = list.querySelector('[aria-current="page"]')!.getBoundingClientRect();
              const found: string[] = [];
              if (box.top < bar || box.bottom > innerHeight) found.push(`the list runs from ${box.top} to ${box.bottom} px, the bar ends at ${bar}`);
              if (current.top < box.top || current.bottom > box.bottom) found.push(`the current page's entry is out of view`);
              for (const text of document.querySelectorAll('.site-footer :is(p, a, button)')) {
                const t = text.getBoundingClientRect();
                if (t.height > 0 && t.left < box.right && t.right > box.left && t.top < box.bottom && t.bottom > box.top)
                  found.push(`the footer's "${text.textContent?.trim().slice(0, 30)}" under it`);
              }
              return found;
            }, at);
            expect(faults, `${path} at ${width}x${height}, ${at}`).toEqual([]);
          }
        }
      }
    },
  );
});

test.describe("'On this page'", () => {
  const sections = [
    'Overview',
    'Overall learning goals',
    'Background',
    'Cities, industry and the birth of public health',
    'Where the world’s cities are',
    'Activities',
    'Annexes',
    'References',
  ];

  // The wide layout, where the book's contents stand beside the text and list the page's sections.
  for (const width of [1280, 1920]) {
    test(`at ${width} px the sections are listed beside the text, stay in view, and mark the section being read`, desktopOnly, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/index/Chapter1');
      const nav = onThisPage(page).filter({ visible: true });
      await expect(nav.getByRole('link')).toHaveText(sections);
      const text = (await page.locator('.chapter__body').boundingBox())!;
      const list = (await nav.boundingBox())!;
      expect(list.x + list.width, 'beside the text, not over it').toBeLessThanOrEqual(text.x);

      await nav.getByRole('link', { name: 'Annexes' }).click();
      await expect(page).toHaveURL(/#annexes$/);
      await expect(nav.getByRole('link', { name: 'Annexes' })).toHaveAttribute('aria-current', 'true');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
      await expect(nav.getByRole('link', { name: 'Annexes' }), 'the list stays in view while the text scrolls').toBeInViewport();
      // Scrolled back up by a reader, the mark follows.
      await page.getByRole('heading', { name: 'Overall learning goals', level: 2 }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
      await expect(nav.getByRole('link', { name: 'Overall learning goals' })).toHaveAttribute('aria-current', 'true');
      await expect(nav.getByRole('link', { name: 'Annexes' })).not.toHaveAttribute('aria-current');
      // Not colour alone: the current link has a bar beside it that the others do not.
      const bar = (name: string) => nav.getByRole('link', { name }).evaluate((a) => getComputedStyle(a).borderInlineStartColor);
      expect(await bar('Overall learning goals')).not.toBe(await bar('Background'));

      // A jump from the end straight back to the top (Home key, a link to #top) crosses no heading on the way: the mark still follows.
      await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      await expect(nav.getByRole('link', { name: 'References' })).toHaveAttribute('aria-current', 'true');
      await expect(nav.getByRole('link', { name: 'References' })).toBeInViewport();
      await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
      await expect(nav.getByRole('link', { name: 'References' })).not.toHaveAttribute('aria-current');
    });
  }

  // The collapsible list shows below lg; checked on the phone.
  test('on a phone it is a collapsed list above the text that opens, and marks the section the reader jumps to', phoneOnly, async ({ page }) => {
    await page.goto('/index/Chapter1');
    const nav = onThisPage(page);
    const firstParagraph = page.locator('.chapter__body > p').first();
    expect((await nav.boundingBox())!.y, 'above the text').toBeLessThan((await firstParagraph.boundingBox())!.y);
    await expect(nav.getByRole('link', { name: 'Annexes' })).toBeHidden();
    await summary(page).click();
    await expect(nav.getByRole('link')).toHaveText(sections);
    await nav.getByRole('link', { name: 'Annexes' }).tap();
    await expect(page).toHaveURL(/#annexes$/);
    await expect(page.getByRole('heading', { name: 'Annexes', level: 2 })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Annexes' })).toHaveAttribute('aria-current', 'true');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('its links still take the reader to each section', async ({ page }) => {
      await page.goto('/index/Chapter1');
      const nav = onThisPage(page).filter({ visible: true });
      // Below lg the list is collapsible (a native <details>, no script needed); from lg it stands beside the text.
      if (page.viewportSize()!.width < 1200) await summary(page).click();
      await nav.getByRole('link', { name: 'References' }).click();
      await expect(page).toHaveURL(/#references$/);
      await expect(page.getByRole('heading', { name: 'References', level: 2 })).toBeInViewport();
    });
  });
});

test.describe('reading time and last update', sameAtEveryWidth, () => {
  /** The day git says the file last changed, or undefined when there is no history (then no date is shown). */
  const committed = (file: string) => {
    try {
      return execFileSync('git', ['log', '-1', '--format=%cI', '--', file], { cwd: project, encoding: 'utf8' }).slice(0, 10) || undefined;
    } catch {
      return undefined;
    }
  };
  const minutesOf = (file: string) => readingTimeOf(readFileSync(join(project, file), 'utf8').replace(/^---[\s\S]*?\n---\n/, ''));

  for (const [path, file] of [
    ['/index/Chapter1', 'chapters/01-introduction.mdx'],
    ['/index/Chapter3/BlockA', 'chapters/03-water-sanitation/BlockA.mdx'],
  ] as const) {
    test(`${path} shows how long it takes to read and when it last changed`, async ({ page }) => {
      await page.goto(path);
      const header = page.locator('.chapter__header');
      const minutes = minutesOf(file);
      await expect(header.getByText(/^Reading time: /)).toHaveText(minutes === 1 ? 'Reading time: 1 minute' : `Reading time: ${minutes} minutes`);
      const day = committed(file);
      const time = header.locator('time');
      if (day === undefined) {
        await expect(time).toHaveCount(0);
        return;
      }
      await expect(time).toHaveAttribute('datetime', day);
      await expect(header.getByText(/^Last updated /)).toHaveText(
        `Last updated ${new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
      );
    });
  }

  test("the Introduction's reading time counts its boxes and activities: more than its visible paragraphs alone", async ({ page }) => {
    await page.goto('/index/Chapter1');
    // The reference list is looked up, not read through: reading time leaves it out, and so does this count.
    const words = async (selector: string) => (await page.locator(selector).innerText()).split(/\s+/).length;
    const visibleWords = (await words('.chapter__body')) - (await words('.references'));
    const minutes = Number((await page.getByText(/^Reading time: /).textContent())?.match(/\d+/)?.[0]);
    expect(minutes).toBeGreaterThan(Math.round(visibleWords / 200));
  });
});

test.describe("'Continue where you left off'", () => {
  test('a first visit to the contents offers nothing to continue and marks no chapter opened', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await expect(resumeLink(page)).toHaveCount(0);
    await expect(page.getByText('Opened', { exact: true }).filter({ visible: true })).toHaveCount(0);
  });

  test('after Chapter 3 then Chapter 2, the contents offers Chapter 2 and marks both chapters opened', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index/Chapter3');
    await page.goto('/index/Chapter2');
    await breadcrumb(page).getByRole('link', { name: 'Index' }).click();
    await expect(resumeLink(page)).toHaveText('Continue where you left off: Chapter 2, Public health in mega-slums');
    await expect(resumeLink(page)).toHaveAttribute('href', '/index/Chapter2');
    const cards = page.getByRole('main').getByRole('listitem');
    for (const [i, opened] of [false, true, true, false, false, false, false, false, false, false].entries()) {
      const card = cards.nth(i);
      await expect(card.getByText('Opened', { exact: true }).filter({ visible: true })).toHaveCount(opened ? 1 : 0);
      if (opened) await expect(card.getByText('Opened', { exact: true })).toBeVisible();
      // Screen readers hear it with the card's link.
      if (opened) await expect(card.getByRole('link')).toHaveAccessibleDescription('Opened');
      else await expect(card.getByRole('link')).not.toHaveAttribute('aria-describedby');
    }
    await resumeLink(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
  });

  test('after a sub-page, the contents offers that sub-page by its own title', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index/Chapter3/BlockA');
    await page.goto('/index');
    await expect(resumeLink(page)).toHaveText('Continue where you left off: Chapter 3, Block A: Safe drinking water in fast-growing cities');
    await expect(resumeLink(page)).toHaveAttribute('href', '/index/Chapter3/BlockA');
    await expect(page.getByRole('main').getByRole('listitem').nth(2).getByText('Opened', { exact: true })).toBeVisible();
  });

  test('coming back with the Back button, the contents is brought up to date', sameAtEveryWidth, async ({ page }) => {
    await page.goto('/index');
    await expect(resumeLink(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Climate crisis and public health' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Climate crisis and public health');
    // The chapter notes itself in a module script, run once the page is parsed: the heading can show before that.
    await page.waitForLoadState('domcontentloaded');
    await page.goBack();
    await expect(resumeLink(page)).toHaveText('Continue where you left off: Chapter 6, Climate crisis and public health');
  });

  test('the link appears without moving the cards (no layout shift), and the page passes axe with it shown', async ({ page }) => {
    await page.goto('/index/Chapter5');
    // Whether the link was already showing when the cards first entered the page: then they never move.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.chapter-grid')) return;
        document.documentElement.dataset.resumeBeforeCards = String(document.getElementById('resume')?.hidden === false);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/index');
    await expect(resumeLink(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-resume-before-cards', 'true');
    await expect(page.getByText('Opened', { exact: true }).filter({ visible: true })).toHaveCount(1);
    // Every picture loaded, so every shift there was to be would have happened.
    await page.waitForLoadState('load');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) =>
            resolve(list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0)),
          ).observe({ type: 'layout-shift', buffered: true });
          // The observer reports only if something shifted.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
        }),
    );
    expect(shift).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  test('a browser that refuses storage reads the book as usual, with nothing to continue', sameAtEveryWidth, async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is turned off', 'SecurityError');
        },
      }),
    );
    await page.goto('/index/Chapter2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
    await expect(resumeLink(page)).toHaveCount(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the contents shows neither the link nor any mark', sameAtEveryWidth, async ({ page }) => {
      await page.goto('/index/Chapter2');
      await page.goto('/index');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Index');
      await expect(resumeLink(page)).toHaveCount(0);
      await expect(page.getByText('Opened', { exact: true }).filter({ visible: true })).toHaveCount(0);
    });
  });
});
