import { scanPath } from './support/observatory/collect.ts';
import { report, scoreScan } from './support/observatory/score.ts';
import { expect, test } from './support/test.ts';

test.skip(({ isMobile }) => isMobile, 'headers do not depend on the screen: run once');

// Observatory scans https: npm start's answers are read as the https origin's, after the host's http:// to https:// redirect.

// The home page, the contents, a chapter (the Introduction, with every island), a chapter reached through the
// specification's spelling /Index/… (a redirect inside https), and the slides a chapter frames.
const pages = ['/', '/index', '/index/Chapter1', '/Index/Chapter2', '/slides/introduction'];

for (const path of pages) {
  test(`Mozilla HTTP Observatory would grade ${path} A+`, async ({ request, page, baseURL }) => {
    const result = scoreScan(await scanPath(request, page, baseURL ?? '', path));
    expect(result.grade, report(result)).toBe('A+');
    expect(result.score, report(result)).toBeGreaterThanOrEqual(100);
  });
}
