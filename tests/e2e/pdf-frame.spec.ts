/**
 * The handout PDF in Chapter 1's annex, as a keyboard reader meets it: one Tab stop, not the dozen controls of the
 * browser's PDF viewer. Run in Chromium's full browser: the headless shell the other tests drive has no PDF viewer.
 */
import { chromiumArgs, chromiumPath } from '../../tools/common/chromium.ts';
import { expect, test } from '../support/test.ts';
import { systemTool } from '../../tools/common/system-tools.ts';
import { missingHere } from '../support/system-tools.ts';

const executablePath = chromiumPath();

// CI installs it (.ci/run): there a missing full browser fails the file rather than skip it.
const missing = `Chromium's full browser: ${systemTool('chromium').missing}`;
test.skip(missingHere({ path: executablePath, missing }), missing);
test.use({ launchOptions: { args: chromiumArgs, ...(executablePath ? { executablePath } : {}) } });

test("the handout's frame is one Tab stop: the next Tab reaches its caption's link", async ({ page }) => {
  await page.goto('/index/Chapter1');
  const frame = page.locator('.embed--pdf iframe');
  await frame.scrollIntoViewIfNeeded();
  const before = page.locator('.embed--slides figcaption a').last();
  const after = page.getByRole('link', { name: /^Open the PDF/ });
  // The viewer (a chrome-extension: page in the frame) is ready once it holds the document's own frame.
  await expect.poll(() => page.frames().some((inner) => inner.parentFrame()?.url().startsWith('chrome-extension:'))).toBe(true);
  // On a busy machine a Tab can still pass the frame by while the viewer settles: tried again until it is a stop.
  await expect(async () => {
    await before.focus();
    let stopsInFrame = 0;
    for (let presses = 0; presses < 30; presses++) {
      await page.keyboard.press('Tab');
      if (await after.evaluate((link) => link === document.activeElement)) break;
      if (await frame.evaluate((element) => element === document.activeElement)) stopsInFrame++;
    }
    expect(stopsInFrame).toBe(1);
  }).toPass({ timeout: 30_000 });
});
