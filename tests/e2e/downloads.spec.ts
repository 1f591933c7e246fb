import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatSize } from '../../src/lib/file-size.ts';
import { expect, sameAtEveryWidth, test } from '../support/test.ts';
import { systemTool } from '../../tools/common/system-tools.ts';

// npm test runs npm run build:downloads after the build; tests/built/downloads.test.ts checks the files themselves.
const downloads = join(import.meta.dirname, '../../dist/downloads');
const sizeOf = (href: string) => formatSize(statSync(join(downloads, href.split('/').at(-1)!)).size);
const section = (page: Page) => page.getByRole('region', { name: 'Take the book away' });
// The ZIM is made where zim-tools is installed (CI installs it: .ci/run); elsewhere the build leaves it out and says so.
const zim =
  (systemTool('zimwriterfs').path && systemTool('python3.libzim').path) || process.env.CI
    ? ['The whole book as a ZIM file, for Kiwix and offline libraries']
    : [];

/** Each link of the section as a reader reads it: its text and the size after it, and where it leads. */
const offers = (page: Page) =>
  section(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => ({ text: item.textContent, href: item.querySelector('a')!.getAttribute('href')! })));

test('the contents page offers the whole book as an EPUB, a PDF and a ZIM, each with its size', sameAtEveryWidth, async ({ page }) => {
  await page.goto('/index');
  const found = await offers(page);
  expect(found.map(({ text }) => text?.replace(/ \(.+\)$/, ''))).toEqual([
    'The whole book as an EPUB, for e-readers and phones',
    'The whole book as a PDF, to print',
    ...zim,
  ]);
  for (const { text, href } of found) {
    expect(href).toMatch(/^\/downloads\/megacities-public-health-\d+\.\d+\.\d+\.(epub|pdf|zim)$/);
    expect(text).toContain(`(${sizeOf(href)})`);
  }
});

test.describe('the downloads', sameAtEveryWidth, () => {
  test("a chapter offers its own PDF first, and a sub-page its chapter's, by the chapter's number", async ({ page }) => {
    for (const [path, chapter] of [
      ['/index/Chapter1', '01'],
      ['/index/Chapter3/BlockA', '03'],
    ] as const) {
      await page.goto(path);
      const [first, ...rest] = await offers(page);
      expect(first!.text).toBe(`Chapter ${Number(chapter)} as a PDF, to print (${sizeOf(first!.href)})`);
      expect(first!.href).toMatch(new RegExp(`-chapter-${chapter}\\.pdf$`));
      expect(rest).toHaveLength(2 + zim.length);
    }
  });

  test('nothing is fetched until a reader asks, with data saver on too; a click downloads the file', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    await page.goto('/index/Chapter2');
    await section(page).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => path.startsWith('/downloads/'))).toEqual([]);
    const epub = readdirSync(downloads).find((file) => file.endsWith('.epub'))!;
    const [download] = await Promise.all([page.waitForEvent('download'), section(page).getByRole('link', { name: /EPUB/ }).click()]);
    expect(download.suggestedFilename()).toBe(epub);
  });
});
