/* global key -- given by src/components/inline-scripts.ts */
// Data saver, decided once in <head> before the page's images are parsed: the reader's own choice
// (remembered), else the browser's (Save-Data, prefers-reduced-data). Holding pictures back is data-saver-hold.js,
// on the pages that have any; what a tap does (a picture shown, the switch) is in data-saver-taps.ts, a cached module.
(() => {
  const root = document.documentElement;
  /** @type {string | null | undefined} */
  let choice;
  try {
    choice = localStorage.getItem(key);
  } catch {
    // Storage refused (blocked cookies): follow the browser.
  }
  // Save-Data as Chromium reports it (navigator.connection is not in every browser, nor in TypeScript's DOM types).
  const connection = /** @type {{ connection?: { saveData?: boolean } }} */ (navigator).connection;
  const on = choice ? choice === 'on' : !!(connection?.saveData || matchMedia('(prefers-reduced-data: reduce)').matches);
  root.dataset['saver'] = on ? 'on' : 'off';
})();
