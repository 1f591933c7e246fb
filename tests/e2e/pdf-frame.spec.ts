/**
 * The handout PDF in Chapter 1's annex, as a keyboard reader meets it: one Tab stop, not the dozen controls of the
 * browser's PDF viewer. Run in Chromium's full browser: the headless shell the other tests drive has no PDF viewer.
 */
import { chromiumArgs, chromiumPath } from '../../tools/chromium.ts';
import { expect, test } from '../support/test.ts';

const executablePath = chromiumPath();

test.skip(({ isMobile }) => isMobile, 'the same at every width: checked once');
test.skip(!executablePath, "Chromium's full browser is not installed (Debian: apt-get install chromium)");
test.use({ launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) } });

test("the handout's frame is one Tab stop: the next Tab reaches its caption's link", async ({ page }) => {
  await page.goto('/index/Chapter1');
  const frame = page.locator('.embed--pdf iframe');
  await frame.scrollIntoViewIfNeeded();
  // The viewer (a chrome-extension: page in the frame) is ready once it holds the document's own frame.
  await expect.poll(() => page.frames().some((inner) => inner.parentFrame()?.url().startsWith('chrome-extension:'))).toBe(true);
  await page.locator('.embed--slides figcaption a').last().focus();
  await page.keyboard.press('Tab');
  await expect(frame).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Open the PDF/ })).toBeFocused();
});
