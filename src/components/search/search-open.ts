// The search dialog's opener, on every page, so kept tiny: builds the dialog on first use (no page carries its
// markup or its styles), opens it once its styles have arrived, and fetches its code (search-ui.ts).
import searchUi from 'virtual:book/search-ui';
import strings from 'virtual:book/ui/search';
import styles from './search.css?url';

let styled: Promise<unknown> | undefined;
// Without its styles (offline before search was ever used) the dialog still opens, plainly, and says it cannot search.
const withStyles = () =>
  (styled ??= new Promise((done) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: styles });
    link.addEventListener('load', done);
    link.addEventListener('error', done);
    document.head.append(link);
  }));

let built: HTMLDialogElement | undefined;
function searchDialog(): HTMLDialogElement {
  if (built) return built;
  const dialog = document.createElement('dialog');
  dialog.id = 'book-search';
  dialog.className = 'search';
  dialog.setAttribute('aria-labelledby', 'book-search-label');
  dialog.innerHTML =
    '<div class="search__bar"><label id="book-search-label" class="search__label" for="book-search-input"></label>' +
    '<input id="book-search-input" class="search__input" type="search" autocomplete="off" spellcheck="false" enterkeyhint="go">' +
    '<button type="button" class="search__close" data-search-close></button></div>' +
    '<p class="search__status" role="status"></p><ol class="search__results"></ol>';
  dialog.querySelector('label')!.textContent = strings['search.label'];
  dialog.querySelector('button')!.textContent = strings['search.close'];
  // What search-ui.ts says of the results, or of a search that could not load.
  Object.assign(dialog.dataset, {
    none: strings['search.results.none'],
    one: strings['search.results.one'],
    many: strings['search.results.many'],
    unavailable: import.meta.env.DEV ? strings['search.unavailableInDev'] : strings['search.unavailable'],
  });
  // Escape closes at once, even before the dialog's code has arrived: a search field would first spend it on clearing itself.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dialog.close();
  });
  document.body.append(dialog);
  return (built = dialog);
}

let ui: Promise<typeof import('./search-ui.ts')> | undefined;
const open = async (opener: Element | null) => {
  await withStyles();
  const dialog = searchDialog();
  if (dialog.open) return;
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
  if (opener) void open(opener);
});
// '/' opens search, except while the reader is typing or holds a modifier key.
addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  const typing = target.isContentEditable || target.matches('input,textarea,select');
  if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && !built?.open) {
    event.preventDefault();
    void open(null);
  }
});
