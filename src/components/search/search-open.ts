// SearchDialog.astro's opener, on every page, so kept tiny: opens the dialog at once, and fetches its code on first use.
import searchUi from 'virtual:book/search-ui';

const dialog = document.getElementById('book-search') as HTMLDialogElement;

// Escape closes at once, even before the dialog's code has arrived: a search field would first spend it on clearing itself.
dialog.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  dialog.close();
});

let ui: Promise<typeof import('./search-ui.ts')> | undefined;
const open = (opener: Element | null) => {
  dialog.showModal();
  (ui ??= import(/* @vite-ignore */ searchUi)).then(
    (module) => module.start(dialog, opener),
    () => {
      ui = undefined;
      dialog.querySelector('p')!.textContent = dialog.dataset['unavailable']!;
    },
  );
};
addEventListener('click', (event) => {
  const opener = (event.target as Element).closest('[data-search-open]');
  if (opener) open(opener);
});
// '/' opens search, except while the reader is typing or holds a modifier key.
addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  const typing = target.isContentEditable || target.matches('input,textarea,select');
  if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && !dialog.open) {
    event.preventDefault();
    open(null);
  }
});
