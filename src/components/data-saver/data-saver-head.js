/* global key -- given by src/components/inline-scripts.ts */
// Data saver, decided once in <head> before the page's images are parsed: the reader's own choice
// (remembered), else the browser's (Save-Data, prefers-reduced-data). Holding pictures back is data-saver-hold.js,
// on the pages that have any; what a tap does (a picture shown, the switch) is in data-saver-taps.ts, a cached module.
(() => {
  const root = document.documentElement;
  let choice;
  try {
    choice = localStorage.getItem(key);
  } catch {
    // Storage refused (blocked cookies): follow the browser.
  }
  const on = choice ? choice === 'on' : !!(navigator.connection?.saveData || matchMedia('(prefers-reduced-data: reduce)').matches);
  root.dataset.saver = on ? 'on' : 'off';
})();
