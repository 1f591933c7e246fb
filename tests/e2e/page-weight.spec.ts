import { budgets, sizeOf } from '../../src/lib/page-weight.ts';
import { expect, test } from './support/test.ts';
import { sitePages } from './support/site.ts';

// Sizes are the budget script's business (npm run budget); this checks what a real browser fetches.
test('no page downloads JavaScript before the reader interacts, and inline scripts stay tiny', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(`${request.url()} (from ${page.url()})`);
  });
  const inlineTooBig: string[] = [];
  for (const path of sitePages()) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src])')]
        .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
        .map((script) => script.textContent ?? '')
        .join(''),
    );
    const { gzip } = sizeOf(inline);
    if (gzip > budgets.inlineJsGzipBytes) inlineTooBig.push(`${path}: ${gzip} bytes gzipped`);
  }
  expect(scripts, 'script files fetched before any interaction').toEqual([]);
  expect(inlineTooBig, `inline scripts over ${budgets.inlineJsGzipBytes} bytes gzipped`).toEqual([]);
});
