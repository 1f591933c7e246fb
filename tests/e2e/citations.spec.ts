import { expect, sameAtEveryWidth, test } from '../support/test.ts';

test.describe('citations in Chapter 1', sameAtEveryWidth, () => {
  test('a citation in the text leads to its entry in the references, and the entry leads back to it', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const citation = page.getByRole('link', { name: 'Galea & Vlahov, 2005', exact: true }).first();
    await expect(page.locator('p').filter({ has: citation })).toContainText('(Galea & Vlahov, 2005)');
    await citation.click();
    await expect(page).toHaveURL(/#ref-galea2005$/);
    const entry = page.locator('#ref-galea2005');
    await expect(entry).toBeInViewport();
    await expect(entry).toContainText(
      'Galea, S., & Vlahov, D. (2005). Urban health: Evidence, challenges, and directions. Annual Review of Public Health, 26, 341–365.',
    );
    // Its DOI, as a link that opens in a new tab like every link to another site.
    const doi = entry.getByRole('link', { name: /^https:\/\/doi\.org\/10\.1146\/annurev\.publhealth\.26\.021304\.144708/ });
    await expect(doi).toHaveAttribute('target', '_blank');

    await entry.locator('.references__cited').getByRole('link', { name: 'Galea & Vlahov, 2005, citation 1', exact: true }).click();
    await expect(page).toHaveURL(/#cite-galea2005-1$/);
    await expect(citation).toBeInViewport();
  });

  test('an entry cited inside a closed box leads back into it, and the box opens there', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const box = page.getByRole('button', { name: /^Box 1/ });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    // Canuto et al. (2018) is cited first in Box 1's text, then listed in its reading list.
    await page.locator('#ref-canuto2018 .references__cited').getByRole('link', { name: 'Canuto et al., 2018, citation 1', exact: true }).click();
    await expect(page).toHaveURL(/#cite-canuto2018-1$/);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#cite-canuto2018-1')).toBeInViewport();
  });

  test('a citation in an activity closes its dialog and takes the reader, with focus, to the entry behind it', async ({ page }) => {
    await page.goto('/index/Chapter1');
    await page.getByRole('button', { name: /^Activity 2/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: 'Barton & Grant, 2006' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#ref-barton2006$/);
    const entry = page.locator('#ref-barton2006');
    await expect(entry).toBeFocused();
    await expect(entry).toBeInViewport();
  });

  test('the references list every source the chapter cites, once each, in the order APA sorts them, with where each is cited', async ({ page }) => {
    await page.goto('/index/Chapter1');
    const entries = page.locator('.references > li');
    const authors = await entries.evaluateAll((items) => items.map((item) => item.textContent?.split(' (')[0]?.trim()));
    // Letter by letter, "nothing before something": United Nations comes before United Nations, Department of ….
    const letters = (text = '') => text.replace(/[^\p{L} ]/gu, '');
    expect(authors).toEqual([...authors].sort((a, b) => letters(a).localeCompare(letters(b))));
    expect(authors).toContain('Barton, H., & Grant, M.');
    // UN DESA's 2018 revision is cited in several places in the text: the entry links to each of them.
    const places = await page.locator('[id^="cite-undesa2019-"]').count();
    expect(places).toBeGreaterThan(1);
    await expect(page.locator('#ref-undesa2019 .references__cited a')).toHaveCount(places);
    // A citation inside an activity counts too.
    await expect(page.locator('#ref-barton2006')).toContainText('A health map for the local human habitat');
  });
});
