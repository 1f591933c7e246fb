/**
 * Every page of the built book at phone widths, with everything a reader can open opened (boxes, activities, tips,
 * disclosures, the menu), with JavaScript and without: nothing is wider than the screen, no text is cut under WCAG's
 * text spacing, and no control says a state its content contradicts or offers a press that does nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { desktopOnly, expect, historyPlace, phoneOnly, test } from '../support/test.ts';
import { layoutPages, sitePages } from '../support/site.ts';

/**
 * The narrowest screen WCAG's reflow asks for. No width in a media query of the book's lies between it and the phone
 * project's 375 px, where every other phone test runs (the first test below proves it): what fits at 320 px fits there.
 */
const width = 320;
const pages = sitePages();

/**
 * What is wider than the screen: the page itself, or an open dialog's or popover's own box. A phone's browser widens
 * its layout to hold what overflows (and shrinks the page to fit), so the screen's width is the one the test set.
 */
const tooWide = (page: Page) =>
  page.evaluate((screen) => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > screen) found.push(`the page is ${root.scrollWidth} px wide`);
    for (const open of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="tooltip"], :popover-open')) {
      if (open.scrollWidth > open.clientWidth + 1)
        found.push(`${open.getAttribute('aria-label') ?? open.id ?? open.tagName}: ${open.scrollWidth} px in ${open.clientWidth}`);
      const box = open.getBoundingClientRect();
      if (box.right > screen + 1 || box.left < -1)
        found.push(`${open.getAttribute('aria-label') ?? open.tagName} reaches ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return found;
  }, page.viewportSize()?.width ?? 0);

/** WCAG 1.4.12's text spacing, which a reader's style sheet may set: no text may be lost under it. */
const textSpacing =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }';

/** Text cut off: an element that hides what overflows it, holding text that needs more room than it has. */
const cutText = (page: Page) =>
  page
    .evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element instanceof HTMLElement)
        .filter((element) => element.checkVisibility() && !element.closest('.sr-only, .sr-only-below-md') && element.innerText.trim() !== '')
        .filter((element) => {
          const style = getComputedStyle(element);
          const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
          return (
            (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
            (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
          );
        })
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> "${element.innerText.trim().slice(0, 40)}"`),
    )
    .then(async (cut) => [...cut, ...(await page.evaluate(linesOutsideTheirBox))]);

/**
 * Lines of text that run out of a box around them that hides what overflows it, on any side (above too, where nothing
 * scrolls). Inside a box that scrolls, in that direction, a line is within reach.
 */
function linesOutsideTheirBox(): string[] {
  const found: string[] = [];
  const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
  const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const element = text.parentElement!;
    if (!text.textContent!.trim() || !element.checkVisibility() || element.closest('.sr-only, .sr-only-below-md, .skip-link')) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = [...range.getClientRects()];
    let [reachX, reachY] = [false, false];
    for (let around = element.parentElement; around; around = around.parentElement) {
      const style = getComputedStyle(around);
      const [x, y] = [hides(style.overflowX) && !reachX, hides(style.overflowY) && !reachY];
      reachX ||= scrolls(style.overflowX);
      reachY ||= scrolls(style.overflowY);
      if (!x && !y) continue;
      const box = around.getBoundingClientRect();
      const out = lines.some(
        (line) => (y && (line.top < box.top - 1 || line.bottom > box.bottom + 1)) || (x && (line.left < box.left - 1 || line.right > box.right + 1)),
      );
      if (out) found.push(`"${text.textContent!.trim().slice(0, 40)}" runs out of <${around.tagName.toLowerCase()} class="${around.className}">`);
    }
  }
  return found;
}

/** Text drawn over other text: every line of every shown text compared with every other element's. */
const overlappingText = (page: Page) =>
  page.evaluate(() => {
    const lines: { element: Element; box: DOMRect }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const element = text.parentElement!;
      if (!text.textContent!.trim() || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (element.closest('.sr-only, .sr-only-below-md, .skip-link')) continue;
      // What a box that scrolls hides is not drawn: each line is cut to the boxes around it that clip.
      const clips: DOMRect[] = [];
      for (let around = element.parentElement; around; around = around.parentElement)
        if (getComputedStyle(around).overflow !== 'visible') clips.push(around.getBoundingClientRect());
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const line of range.getClientRects()) {
        let [left, top, right, bottom] = [line.left, line.top, line.right, line.bottom];
        for (const clip of clips)
          [left, top, right, bottom] = [
            Math.max(left, clip.left),
            Math.max(top, clip.top),
            Math.min(right, clip.right),
            Math.min(bottom, clip.bottom),
          ];
        if (right - left > 1 && bottom - top > 1)
          lines.push({ element, box: DOMRect.fromRect({ x: left, y: top, width: right - left, height: bottom - top }) });
      }
    }
    const found = new Set<string>();
    const name = (element: Element) => `"${element.textContent!.trim().slice(0, 30)}"`;
    // An open pop-up (the menu, a dialog, a tip), and the top bar the page scrolls under, lie over the page by design:
    // their text is compared with their own only.
    const popup = (element: Element) => element.closest(':popover-open, [role="dialog"], [role="tooltip"], .top-bar');
    for (const [i, a] of lines.entries())
      for (const b of lines.slice(i + 1)) {
        if (a.element === b.element || popup(a.element) !== popup(b.element)) continue;
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 2 && down > 2) found.add(`${name(a.element)} over ${name(b.element)}`);
      }
    return [...found];
  });

/** What is wrong in the state the page is in: too wide for the screen, text cut, or text over text. */
const faults = async (page: Page) => [...(await tooWide(page)), ...(await cutText(page)), ...(await overlappingText(page))];

/**
 * What the sticky bar covers though it must not: each section's heading, jumped to as a link to it does, and the open
 * menu's panel. The bar grows when text spacing wraps its title; what sits under it must follow its real edge.
 */
const underTheBar = (page: Page) =>
  page.evaluate(async () => {
    const bar = document.querySelector('.top-bar');
    const found: string[] = [];
    if (!bar) return found;
    const edge = () => bar.getBoundingClientRect().bottom;
    const menu = document.querySelector('#site-menu:popover-open');
    if (menu && menu.getBoundingClientRect().top < edge() - 0.5) found.push(`the menu's top under the bar (${edge()} px)`);
    if (menu) return found;
    for (const heading of document.querySelectorAll('main h2[id]')) {
      location.hash = heading.id;
      await new Promise(requestAnimationFrame);
      const top = heading.getBoundingClientRect().top;
      if (top < edge() - 0.5) found.push(`#${heading.id}: its top at ${top} px, under the bar's edge at ${edge()} px`);
    }
    return found;
  });

/** Opens what opens in place: every box, every <details>. */
async function openInPlace(page: Page): Promise<void> {
  const closed = page.locator('.box__trigger[aria-expanded="false"]');
  for (let boxes = await closed.count(); boxes > 0; boxes--) {
    await closed.first().click();
    await expect(closed).toHaveCount(boxes - 1);
  }
  await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
}

test("no media query of the book changes the layout between 320 px and the phone project's width", phoneOnly, ({ page }) => {
  const phone = page.viewportSize()?.width ?? 0;
  const src = join(import.meta.dirname, '../../src');
  const widths = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(css|astro|tsx?|jsx?)$/.test(file))
    .flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/(?:@media|@custom-media|media=)[^{;]*?width\s*[<>=:]+\s*([\d.]+)(px|r?em)/g)].map(
        ([, size, unit]) => ({ file, px: Number(size) * (unit === 'px' ? 1 : 16) }),
      ),
    );
  expect(widths.length, 'the breakpoints are found').toBeGreaterThan(3);
  expect(widths.filter(({ px }) => px > width && px <= phone)).toEqual([]);
});

// Browser zoom at 200 % and 400 % on a 1280 px screen lays pages out at 640 and 320 CSS px: both are among these widths.
test('no text is drawn over other text on any page, at any width from a phone to a wide screen', desktopOnly, async ({ page }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const screen of [375, 640, 768, 900, 1024, 1200, 1280, 1536, 1920]) {
    await page.setViewportSize({ width: screen, height: 800 });
    for (const path of layoutPages) {
      await page.goto(path);
      found.push(...(await overlappingText(page)).map((overlap) => `${path} at ${screen} px: ${overlap}`));
    }
  }
  expect(found).toEqual([]);
});

test('on a screen too short for a sticky bar (a phone on its side, 400 % zoom) the bar scrolls away with the page', desktopOnly, async ({ page }) => {
  for (const [width, height] of [
    [320, 180],
    [844, 390],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/index/Chapter1');
    await page.evaluate(() => scrollTo(0, 600));
    const bottom = await page.locator('.top-bar').evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect(bottom, `${width}x${height}`).toBeLessThanOrEqual(0);
  }
});

test.describe('with JavaScript', () => {
  // The reader's own style sheet (WCAG 1.4.12's text spacing) is let in, as a browser lets in a user style sheet.
  test.use({ bypassCSP: true });
  test(
    `no page, box, activity, tip or menu is wider than a ${width} px screen, cuts its text or draws text over text, with text spacing`,
    phoneOnly,
    async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 740 });
      for (const path of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await page.addStyleTag({ content: textSpacing });
          await openInPlace(page);
          expect(await faults(page), `${path}, boxes and disclosures open`).toEqual([]);
          expect(await underTheBar(page), `${path}, each section jumped to`).toEqual([]);
          // Each activity and tip, one at a time, as a reader on a phone opens them: with a tap. A tip closes when the
          // page moves under it (a picture above it loading, a dialog giving back the scroll), as it should: tapped again.
          for (const [trigger, opened] of [
            ...(await page.locator('.activity__button').all()).map((trigger) => [trigger, page.getByRole('dialog')] as const),
            ...(await page.locator('.tip__trigger').all()).map((trigger) => [trigger, page.getByRole('tooltip')] as const),
          ]) {
            await expect(async () => {
              if (!(await opened.isVisible())) await trigger.tap();
              await expect(opened).toBeVisible({ timeout: 1_000 });
            }).toPass();
            expect(await faults(page), `${path}, ${(await trigger.innerText()) || (await trigger.getAttribute('aria-label'))} open`).toEqual([]);
            await page.keyboard.press('Escape');
            await expect(opened).toBeHidden();
          }
          const menu = page.getByRole('button', { name: 'Menu' });
          if (await menu.isVisible()) {
            const before = await historyPlace(page);
            await menu.click();
            expect(await faults(page), `${path}, menu open`).toEqual([]);
            expect(await underTheBar(page), `${path}, menu open`).toEqual([]);
            await page.keyboard.press('Escape');
            await expect.poll(() => historyPlace(page)).toBe(before);
          }
        });
      }
    },
  );
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(`no page is wider than a ${width} px screen, and no control says what is not so or waits for a script`, phoneOnly, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 740 });
    for (const path of pages) {
      await test.step(path, async () => {
        await page.goto(path);
        await page.locator('details').evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
        expect(await tooWide(page), path).toEqual([]);
        // An author's long word or address in any text (a table's cell, a caption, a list, a heading) breaks, never
        // widening the page: every text of the page, boxes' included, given one.
        await page.evaluate(
          (word) => {
            for (const text of document.querySelectorAll('main :is(p, li, td, th, caption, figcaption, dt, dd, h1, h2, h3, h4, blockquote, summary)'))
              text.append(` ${word}`);
          },
          `https://example.org/${'alongfilename'.repeat(15)}.pdf`,
        );
        expect(await tooWide(page), `${path}, a long word in every text`).toEqual([]);
        // A control a reader can reach must work without a script: a link, a button of a form or one that opens a popover.
        const dead = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('button, [role="button"], [aria-expanded]')]
            .filter((control) => control.checkVisibility())
            .filter((control) => !(control instanceof HTMLButtonElement && (control.form || control.popoverTargetElement)))
            .map((control) => `${control.tagName.toLowerCase()} "${control.innerText.trim() || control.getAttribute('aria-label')}"`),
        );
        expect(dead, `${path}: controls that do nothing without JavaScript`).toEqual([]);
      });
    }
  });
});
