/**
 * Run in the page (Playwright's or Puppeteer's evaluate): focuses what comes just before this element in the Tab order
 * (links, buttons, frames, anything with tabindex 0), so that one Tab reaches it.
 */
export function focusJustBefore(element: Element): void {
  // Only what a reader can reach: a link inside a closed activity is not on the page's Tab path.
  const all = [...document.querySelectorAll<HTMLElement>('a[href], button, iframe, [tabindex="0"]')].filter(
    (candidate) => candidate === element || candidate.checkVisibility(),
  );
  all[all.indexOf(element as HTMLElement) - 1]?.focus();
}
