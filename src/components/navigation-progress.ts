// The bar of NavigationProgress.astro: shown when a page takes longer than 300 ms to arrive.
const state = document.documentElement.classList;
let pending: ReturnType<typeof setTimeout> | undefined;
// The Navigation API reports every navigation away from this page: links, forms, scripts. Ctrl+click,
// new tabs, downloads and in-page anchors do not leave it. Browsers without the API simply show no bar.
self.navigation?.addEventListener('navigate', (e) => {
  if (!e.destination.sameDocument && !e.downloadRequest) pending = setTimeout(() => state.add('is-navigating'), 300);
});
// Coming back through the back/forward cache must neither show the bar nor let a frozen timer show it.
addEventListener('pageshow', () => {
  clearTimeout(pending);
  state.remove('is-navigating');
});
