import type { Page } from '@playwright/test';
import { atItsOwnWidth, desktopOnly, expect, phoneOnly, sameAtEveryWidth, test } from '../support/test.ts';
import { violations } from '../support/axe.ts';
import { focusJustBefore } from '../support/focus.ts';
import { pageScriptFiles, readBuilt } from '../support/site.ts';

const chapter = '/index/Chapter1';

/** The computed box-shadow of an elevation token, as the browser reports it. */
function elevation(page: Page, level: 3 | 10): Promise<string> {
  return page.evaluate((l) => {
    const probe = document.createElement('div');
    probe.style.boxShadow = `var(--book-elevation-${l})`;
    document.body.append(probe);
    const shadow = getComputedStyle(probe).boxShadow;
    probe.remove();
    return shadow;
  }, level);
}

test.describe('Boxes', () => {
  const boxes = [
    { name: /Box 1.*ancient Maya cities/, text: 'Low-density cities in a region with a long dry season' },
    { name: /Box 2.*climate, syndemics and war/, text: 'The second is the idea of a' },
  ];

  for (const { name, text } of boxes) {
    test(`${name.source} opens and closes by mouse, from elevation 3 to 10`, sameAtEveryWidth, async ({ page }) => {
      await page.goto(chapter);
      const trigger = page.getByRole('button', { name });
      const panel = page.locator('.box__item').filter({ has: trigger });
      await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(text)).toBeHidden();
      await expect(panel).toHaveCSS('box-shadow', await elevation(page, 3));

      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByText(text)).toBeVisible();
      await expect(panel).toHaveCSS('box-shadow', await elevation(page, 10));

      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByText(text)).toBeHidden();
      await expect(panel).toHaveCSS('box-shadow', await elevation(page, 3));
    });
  }

  test('open and close from the keyboard, and their reading lists open in a new tab', sameAtEveryWidth, async ({ page }) => {
    await page.goto(chapter);
    const trigger = page.getByRole('button', { name: boxes[0]!.name });
    // The first key press reaches the box before its script has loaded: it must not be lost.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The reading list's first source, Canuto et al. (2018), as the bibliography gives it, with its DOI as the link.
    const reading = page
      .locator('.box__item')
      .first()
      .getByRole('link', { name: /^https:\/\/doi\.org\/10\.1126\/science\.aau0137/ });
    await expect(reading).toBeVisible();
    await expect(reading).toHaveAttribute('target', '_blank');
    await expect(reading).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(reading).toContainText('(opens in a new tab)');
    await page.keyboard.press('Space');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(reading).toBeHidden();
  });

  // Closed, they are part of the page the accessibility sweep checks (tests/e2e/accessibility.spec.ts).
  test('have no accessibility violations open', async ({ page }) => {
    await page.goto(chapter);
    for (const { name } of boxes) await page.getByRole('button', { name }).click();
    await expect(page.getByRole('button', { name: boxes[1]!.name })).toHaveAttribute('aria-expanded', 'true');
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('The tip on the Industrial Revolution paragraph', () => {
  const tip = (page: Page) => page.locator('.tip__bubble');

  // A phone has no hover.
  test('shows its suggested reading on hover', desktopOnly, async ({ page }) => {
    await page.goto(chapter);
    await page.getByRole('button', { name: 'Tip: Suggested reading' }).hover();
    await expect(tip(page)).toBeVisible();
    await expect(tip(page)).toContainText('Suggested reading: Szreter (2003), The population health approach in historical perspective,');
    await page.mouse.move(0, 0, { steps: 5 });
    await expect(tip(page)).toBeHidden();
  });

  test('shows it on keyboard focus, describes the button, and closes on Escape', sameAtEveryWidth, async ({ page }) => {
    await page.goto(chapter);
    const button = page.getByRole('button', { name: 'Tip: Suggested reading' });
    await button.focus();
    await expect(tip(page)).toBeVisible();
    await expect(button).toHaveAccessibleDescription(/Szreter \(2003\)/);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(tip(page)).toBeHidden();
  });

  test('shows it on a tap, and a second tap hides it', phoneOnly, async ({ page }) => {
    await page.goto(chapter);
    const button = page.getByRole('button', { name: 'Tip: Suggested reading' });
    await button.tap();
    await expect(tip(page)).toBeVisible();
    await expect(tip(page)).toContainText('Szreter (2003)');
    await button.tap();
    await expect(tip(page)).toBeHidden();
    await button.tap();
    await expect(tip(page)).toBeVisible();
    // A tap elsewhere dismisses it too.
    await page.getByRole('heading', { name: 'Cities, industry and the birth of public health' }).tap();
    await expect(tip(page)).toBeHidden();
  });
});

test.describe('Activities', () => {
  test('Activity 1 opens in a dialog, closes on Escape, and gives focus back', async ({ page }) => {
    await page.goto(chapter);
    const button = page.getByRole('button', { name: /^Activity 1/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Activity 1: Health, wealth and cities' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Discuss the following contents');
    await expect(dialog.getByRole('button', { name: 'Play the video' })).toHaveCount(2);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a press on any island whose code is still on its way says at once that it was heard, then does what it says', async ({ page }) => {
    const loadingStatus = (page: Page) => page.locator('[data-busy-status]');
    await page.goto(chapter);
    const own = new Set(pageScriptFiles(readBuilt(chapter) ?? ''));
    // The islands' code waits (a slow connection) until the test lets it through: no clock involved.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route('**/_astro/**/*.js', (route) =>
      !holding || own.has(new URL(route.request().url()).pathname) ? route.continue() : held.push(() => route.continue()),
    );
    for (const [trigger, done] of [
      [page.getByRole('button', { name: /^Activity 1/ }), page.getByRole('dialog')],
      [page.getByRole('button', { name: /^Box 1/ }), page.getByText('Low-density cities in a region with a long dry season')],
    ] as const) {
      holding = true;
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-busy', 'true');
      expect(await trigger.evaluate((button) => getComputedStyle(button, '::after').animationName)).toBe('book-busy');
      // Heard too: the page's live region says so, as a screen reader reads it.
      await expect(loadingStatus(page)).toMatchAriaSnapshot('- status: Loading…');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      holding = false;
      for (const release of held.splice(0)) await release();
      await expect(done).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(trigger).not.toHaveAttribute('aria-busy');
      await expect(loadingStatus(page)).toMatchAriaSnapshot('- status');
    }
  });

  test('Activity 2 opens in a dialog, closes on a click on the backdrop, and gives focus back', async ({ page }) => {
    await page.goto(chapter);
    const button = page.getByRole('button', { name: /^Activity 2/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Activity 2: The built environment and health policy in your city' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Write a short essay, of about 150 words');
    await expect(dialog).toContainText('Later chapters take the same approach step by step');
    await expect(dialog.getByRole('img', { name: /eight nested circles/ })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // The top-left corner of the window is backdrop on every screen size.
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  for (const width of [320, 375]) {
    test(
      `in a ${width} px window Activity 1 shows its video placeholders whole, and a tap above it closes it`,
      atItsOwnWidth(width),
      async ({ page }) => {
        await page.setViewportSize({ width, height: 740 });
        await page.goto(chapter);
        await page.getByRole('button', { name: /^Activity 1/ }).tap();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('button', { name: 'Play the video' })).toHaveCount(2);
        for (const frame of await dialog.locator('.embed__frame').all()) {
          await frame.scrollIntoViewIfNeeded();
          const outer = (await frame.boundingBox())!;
          for (const part of [frame.getByRole('button', { name: 'Play the video' }), frame.getByRole('status')]) {
            const box = (await part.boundingBox())!;
            expect(box.x, 'not cut at the left').toBeGreaterThanOrEqual(outer.x);
            expect(box.y, 'not cut at the top').toBeGreaterThanOrEqual(outer.y);
            expect(box.x + box.width, 'not cut at the right').toBeLessThanOrEqual(outer.x + outer.width + 0.5);
            expect(box.y + box.height, 'not cut at the bottom').toBeLessThanOrEqual(outer.y + outer.height + 0.5);
          }
        }
        // Above the dialog is a band of backdrop a finger can hit (at least WCAG 2.5.8's 24 px).
        const { y } = (await dialog.boundingBox())!;
        expect(y).toBeGreaterThanOrEqual(24);
        await page.touchscreen.tap(width / 2, y / 2);
        await expect(dialog).toBeHidden();
      },
    );
  }

  test('one dialog at a time: the page behind an open activity is out of reach', sameAtEveryWidth, async ({ page }) => {
    await page.goto(chapter);
    await page.getByRole('button', { name: /^Activity 1/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    // Everything outside the modal is hidden from assistive technology and from the pointer.
    await expect(page.getByRole('button', { name: /^Activity 2/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Activity 2/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(page.getByRole('dialog')).toHaveAccessibleName(/^Activity 2/);
  });
});

test(
  'the key figure shows its number large, what it counts with its year, and its source, which leads to its reference',
  sameAtEveryWidth,
  async ({ page }) => {
    await page.goto(chapter);
    const figure = page.locator('.key-figure');
    await expect(figure).toHaveCount(1);
    await expect(figure.locator('.key-figure__value')).toHaveText('nearly 1.1 billion');
    await expect(figure).toContainText('people lived in slums or slum-like conditions in urban areas in 2020');
    const sizes = await figure.evaluate((element) =>
      ['.key-figure__value', '.key-figure__label'].map((part) => parseFloat(getComputedStyle(element.querySelector(part)!).fontSize)),
    );
    expect(sizes[0]).toBeGreaterThan(1.5 * sizes[1]!);
    const source = figure.getByRole('link', { name: 'United Nations, 2023' });
    await source.click();
    await expect(page.locator('#ref-un2023')).toBeInViewport();
  },
);

test.describe('Map 1 and Figure 1', () => {
  for (const width of [320, 375, 1000, 1280, 1600]) {
    test(`their text is at least 12 px tall in a ${width} px window`, atItsOwnWidth(width), async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(chapter);
      for (const label of ['Map 1', 'Figure 1']) {
        const image = page
          .locator('figure')
          .filter({ hasText: `${label}.` })
          .locator('img');
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const { src, shown } = await image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, shown: img.getBoundingClientRect().width }));
        const svg = await (await page.request.get(src)).text();
        const drawn = Number(svg.match(/viewBox="0 0 ([\d.]+)/)?.[1]);
        const smallest = Math.min(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1])));
        expect((smallest * shown) / drawn, `${label} (${src}) shown ${Math.round(shown)} px wide`).toBeGreaterThanOrEqual(12);
      }
    });
  }
});

test("each figure's data says what it holds: a named region a keyboard reaches, with the rows its name counts", async ({ page }) => {
  await page.goto(chapter);
  const summaries = page.locator('summary', { hasText: /^The data behind / });
  await expect(summaries).toHaveCount(2);
  for (const summary of await summaries.all()) {
    const name = (await summary.textContent())!;
    await summary.click();
    const region = page.getByRole('region', { name, exact: true });
    await region.focus();
    await expect(region, name).toBeFocused();
    const rows = await region.locator('tbody tr').count();
    // A count in its name ("the 34 agglomerations") is the table's; a list of years is its rows'.
    const count = Number(/\bthe (\d+) /.exec(name)?.[1] ?? /\bin ((?:\d{4}, )*\d{4} and \d{4})$/.exec(name)?.[1]?.split(/, | and /).length);
    expect(rows, name).toBe(count);
  }
});

test('the numbers behind Map 1 line up on their last digit, its words where their heading starts', desktopOnly, async ({ page }) => {
  await page.goto(chapter);
  await page.locator('summary', { hasText: 'The data behind Map 1' }).click();
  const table = page.getByRole('table', { name: 'The data behind Map 1' });
  // Each column's heading and cells share one edge: the right one for numbers, the left one for words.
  const edges = (column: number) =>
    table.evaluate(
      (element, index) =>
        [...element.querySelectorAll('tr')].map((row) => {
          const cell = row.children[index]!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(row.children[index]!);
          const text = range.getBoundingClientRect();
          return { left: Math.round(text.left - cell.left), right: Math.round(cell.right - text.right) };
        }),
      column,
    );
  const words = await edges(1);
  const numbers = await edges(2);
  expect(new Set(words.map(({ left }) => left)).size, 'Country or area starts at one edge').toBe(1);
  expect(new Set(numbers.map(({ right }) => right)).size, 'Population in 2020 ends at one edge').toBe(1);
});

// Embeds read the same at every width: checked once, on the phone (the size tests set their own width).
test.describe('Embeds', () => {
  const video = '200 Countries, 200 Years, 4 Minutes';

  test('load another host only when the reader asks, from youtube-nocookie', phoneOnly, async ({ page }) => {
    const asked: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      asked.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player stand-in</p>' });
    });
    await page.goto(chapter);
    await page.getByRole('button', { name: /^Activity 1/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Play the video' }).first()).toBeVisible();
    expect(asked, 'nothing from the video host before the press').toEqual([]);

    await dialog.getByRole('button', { name: `Play the video ${video}` }).click();
    const frame = dialog.locator(`iframe[title="${video}"]`);
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/jbkSRLYSojo?autoplay=1');
    // The narrowest permissions the player needs, and no sandbox; the page's policy lets this frame in (a refusal fails the test).
    await expect(frame).toHaveAttribute('allow', 'autoplay; encrypted-media; fullscreen; picture-in-picture');
    await expect(frame).not.toHaveAttribute('sandbox');
    await expect(page.frameLocator(`iframe[title="${video}"]`).getByText('Player stand-in')).toBeVisible();
    expect(asked).toHaveLength(1);
    // Only the pressed video loaded.
    await expect(dialog.getByRole('button', { name: /^Play the video/ })).toHaveCount(1);
  });

  test.describe('when the video host is unreachable', () => {
    test.use({ expectedConsoleErrors: /ERR_|Failed to load resource/ });
    test('the plain link to the video is still there', phoneOnly, async ({ page }) => {
      await page.route('https://www.youtube-nocookie.com/**', (route) => route.abort('internetdisconnected'));
      await page.goto(chapter);
      await page.getByRole('button', { name: /^Activity 1/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: `Play the video ${video}` }).click();
      await expect(dialog.locator(`iframe[title="${video}"]`)).toBeAttached();
      const link = dialog.getByRole('link', { name: `Watch “${video}” on YouTube` });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=jbkSRLYSojo');
      await expect(link).toHaveAttribute('target', '_blank');
    });
  });

  test.describe('offline', () => {
    test.use({ expectedConsoleErrors: /ERR_INTERNET_DISCONNECTED/ });
    test('pressing play says why nothing loads, and the link stays', phoneOnly, async ({ page, context }) => {
      await page.goto(chapter);
      await page.getByRole('button', { name: /^Activity 1/ }).click();
      const dialog = page.getByRole('dialog');
      const play = dialog.getByRole('button', { name: `Play the video ${video}` });
      // The connection drops once the page and its scripts are in: the reader is now offline.
      await play.hover();
      const island = page.locator('astro-island', { has: page.getByRole('button', { name: `Play the video ${video}` }) });
      await expect(island).not.toHaveAttribute('ssr');
      await context.setOffline(true);
      await play.click();
      await expect(dialog.getByText('You are offline, so this cannot load now.')).toBeVisible();
      await expect(dialog.locator('iframe')).toHaveCount(0);
      await expect(dialog.getByRole('link', { name: `Watch “${video}” on YouTube` })).toBeVisible();
      await context.setOffline(false);
    });
  });

  for (const { width, video: videoWidth, annex } of [
    { width: 1920, video: 850, annex: 1150 },
    { width: 375, video: 325, annex: 325 },
  ]) {
    test(`take the specified sizes in a ${width} px window`, atItsOwnWidth(width), async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(chapter);
      const size = async (selector: string) => {
        const box = (await page.locator(selector).first().boundingBox())!;
        return { width: Math.round(box.width), ratio: Number((box.height / box.width).toFixed(3)) };
      };
      // On a phone the slides' frame takes most of the screen's height instead of the specification's 0.595, so none is cut.
      const slidesRatio = width < 600 ? Number((Math.min(0.9 * 900, 40 * 16) / annex).toFixed(3)) : 0.595;
      expect(await size('.embed--slides .embed__frame')).toEqual({ width: annex, ratio: slidesRatio });
      expect(await size('.embed--pdf .embed__frame')).toEqual({ width: annex, ratio: 0.8 });
      await page.getByRole('button', { name: /^Activity 1/ }).click();
      expect(await size('[role=dialog] .embed--video .embed__frame')).toEqual({ width: videoWidth, ratio: 0.587 });
    });
  }

  for (const width of [320, 375]) {
    test(
      `in a ${width} px window Annex 1.1 reads at the chapter's text size, nothing cut, its counter clear of the text`,
      atItsOwnWidth(width),
      async ({ page }) => {
        await page.setViewportSize({ width, height: 740 });
        await page.goto(chapter);
        const frame = page.locator('.embed--slides iframe');
        await frame.scrollIntoViewIfNeeded();
        const slides = page.frameLocator('.embed--slides iframe').locator('.slide');
        await expect(slides).toHaveCount(9);
        // Each slide fits its frame, but the list of sources, which scrolls from its top.
        const cut = await slides.evaluateAll((all) =>
          all.flatMap((slide, i) => {
            const { overflowY } = getComputedStyle(slide);
            const top = slide.getBoundingClientRect().top;
            const first = slide.firstElementChild!.getBoundingClientRect().top;
            const fits = slide.scrollHeight <= slide.clientHeight;
            const sources = i === all.length - 1 && overflowY === 'auto' && first >= top;
            return fits || sources ? [] : [`slide ${i + 1}: ${slide.scrollHeight} px in ${slide.clientHeight}`];
          }),
        );
        expect(cut).toEqual([]);
        // Every word of the slides, their sources and counter too, at least the size of the chapter's text, and the
        // counter over none of it.
        const least = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
        const unreadable = await slides.evaluateAll(
          (all, least) =>
            all.flatMap((slide, i) => {
              const texts = [...slide.querySelectorAll<HTMLElement>('h1, h2, p, li, small')];
              // The title slide has no counter.
              const counter = slide.querySelector('.slide__number')?.getBoundingClientRect();
              return texts.flatMap((text) => {
                const box = text.getBoundingClientRect();
                const small = parseFloat(getComputedStyle(text).fontSize) < least;
                const covered =
                  counter !== undefined &&
                  !text.matches('.slide__number') &&
                  box.bottom > counter.top &&
                  box.top < counter.bottom &&
                  box.right > counter.left;
                return small || covered
                  ? [`slide ${i + 1}: "${text.innerText.slice(0, 30)}" ${small ? getComputedStyle(text).fontSize : 'under the counter'}`]
                  : [];
              });
            }),
          least,
        );
        expect(unreadable).toEqual([]);
      },
    );
  }

  // Checked at a phone width, where slides overflow and become Tab stops of their own.
  test('the arrow keys move Annex 1.1 from the first Tab into its frame', phoneOnly, async ({ page }) => {
    await page.goto(chapter);
    const frame = page.locator('.embed--slides iframe');
    await frame.scrollIntoViewIfNeeded();
    const deck = page.frameLocator('.embed--slides iframe').locator('.deck');
    await expect(deck).toBeVisible();
    // Focus what comes just before the frame, then Tab once.
    await frame.evaluate(focusJustBefore);
    await page.keyboard.press('Tab');
    await expect(deck).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => deck.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('the handout PDF is served by the book and linked for download', phoneOnly, async ({ page }) => {
    await page.goto(chapter);
    const download = page.getByRole('link', { name: /^Download the PDF \(\d+ KB\)$/ });
    await expect(download).toHaveAttribute('download', '');
    const href = (await download.getAttribute('href'))!;
    expect(href).toBe('/handouts/chapter-1-handout.pdf');
    await expect(page.locator('.embed--pdf iframe')).toHaveAttribute('src', `${href}#toolbar=0`);
    await expect(page.locator('.embed--pdf iframe')).not.toHaveAttribute('sandbox', /.*/);
    const response = await page.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test('the annex news buttons open the news pages in a new tab', sameAtEveryWidth, async ({ page }) => {
  await page.goto(chapter);
  for (const [name, host] of [
    [/Read the UN DESA news release/, 'https://www.un.org/'],
    [/Read the WHO news release/, 'https://www.who.int/'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', new RegExp(`^${host}`));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test('Continue to Chapter 2 lands on Chapter 2', sameAtEveryWidth, async ({ page }) => {
  await page.goto(chapter);
  await page.getByRole('link', { name: 'Continue to Chapter 2' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public health in mega-slums');
  await expect(page).toHaveURL(/\/index\/Chapter2\/?$/);
});

test.describe('with JavaScript disabled', sameAtEveryWidth, () => {
  test.use({ javaScriptEnabled: false });

  test('every word of the boxes, the activities and the tip is on the page', async ({ page }) => {
    await page.goto(chapter);
    for (const text of [
      'Low-density cities in a region with a long dry season',
      'Ancient lowland Maya complexity',
      'The second is the idea of a',
      'Armed conflict and public health',
      'Suggested reading: Szreter (2003)',
      'Discuss the following contents',
      'Write a short essay, of about 150 words',
      'Later chapters take the same approach step by step',
    ]) {
      await expect(page.getByText(text).first(), text).toBeVisible();
    }
    await expect(page.getByRole('link', { name: `Watch “200 Countries, 200 Years, 4 Minutes” on YouTube` })).toBeVisible();
  });
});
