/**
 * Run in the page (Playwright's or Puppeteer's evaluate): focuses what comes just before this element in the Tab order
 * (links, buttons, frames, anything with tabindex 0), so that one Tab reaches it.
 */
export function focusJustBefore(element: Element): void {
  const all = [...document.querySelectorAll<HTMLElement>('a[href], button, iframe, [tabindex="0"]')];
  all[all.indexOf(element as HTMLElement) - 1]?.focus();
}
