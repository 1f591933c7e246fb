import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of [1280, 1536, 1600, 1920]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto('http://127.0.0.1:4322/index');
  const r = await page.evaluate(() => {
    const box = (s) => { const b = document.querySelector(s).getBoundingClientRect(); return [Math.round(b.left), Math.round(b.right)]; };
    const heights = [...document.querySelectorAll('.chapter-card')].slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().height));
    return { main: box('main'), mainInner: getComputedStyle(document.querySelector('main')).paddingInline, grid: box('.chapter-grid'), heights, docW: document.documentElement.clientWidth, scrollW: document.documentElement.scrollWidth };
  });
  console.log(width, JSON.stringify(r));
}
await browser.close();
