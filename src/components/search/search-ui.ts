/**
 * The search dialog's behaviour, fetched the first time a reader opens search (search-open.ts builds the dialog):
 * loads Pagefind, searches as the reader types, lists each matching page with its matching sections,
 * and lets the keyboard move through them.
 */
import { backCloses } from '../../lib/back-closes.ts';
import { bundleUrl, countMessage, type PagefindResultData, type ResultView, resultView } from '../../lib/search.ts';

interface Pagefind {
  options(options: { baseUrl?: string; excerptLength?: number; noWorker?: boolean }): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(query: string, options?: object, timeout?: number): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

const base = import.meta.env.BASE_URL;
const maxPages = 10;
let pagefind: Promise<Pagefind> | undefined;
let opener: HTMLElement | null = null;
let following = false;
let latest = 0;
let wired: HTMLDialogElement | undefined;
const back = backCloses('search', () => wired?.close());

async function loadPagefind(): Promise<Pagefind> {
  // Pagefind indexes the built pages, so `astro dev` has no index: the dialog says so instead of fetching it.
  if (import.meta.env.DEV) throw new Error('No search index in astro dev');
  const module = (await import(/* @vite-ignore */ bundleUrl(base))) as Pagefind;
  // Results come back as site paths; baseUrl puts the base path (e.g. /book/) in front of them.
  // A book this size searches in a blink on the main thread: no worker to fetch.
  await module.options({ baseUrl: base, excerptLength: 24, noWorker: true });
  await module.init();
  return module;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

function renderPage(view: ResultView): HTMLLIElement {
  const item = element('li', 'search__result');
  const heading = element('h2', 'search__page');
  heading.append(element('span', 'search__chapter', view.chapter), element('span', 'search__title', view.title));
  const sections = element('ul', 'search__sections');
  for (const section of view.sections) {
    const link = element('a', 'search__link');
    link.href = section.href;
    const excerpt = element('span', 'search__excerpt');
    // Pagefind encodes the page's text before adding <mark>, so the excerpt is safe as HTML.
    excerpt.innerHTML = section.excerpt;
    link.append(element('span', 'search__heading', section.heading), excerpt);
    const row = element('li', 'search__section');
    row.append(link);
    sections.append(row);
  }
  item.append(heading, sections);
  return item;
}

async function run(dialog: HTMLDialogElement) {
  const input = dialog.querySelector('input')!;
  const status = dialog.querySelector('[role=status]')!;
  const list = dialog.querySelector('ol')!;
  const query = input.value.trim();
  const ticket = ++latest;
  if (!query) {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  try {
    const search = await (await (pagefind ??= loadPagefind())).debouncedSearch(query, {}, 200);
    if (!search || ticket !== latest) return;
    const pages = await Promise.all(search.results.slice(0, maxPages).map((result) => result.data()));
    if (ticket !== latest) return;
    list.replaceChildren(...pages.map((page) => renderPage(resultView(page, base))));
    const { none = '', one = '', many = '' } = dialog.dataset;
    status.textContent = countMessage(search.results.length, query, { none, one, many });
  } catch {
    pagefind = undefined;
    status.textContent = dialog.dataset['unavailable'] ?? '';
  }
}

/** Arrow keys move between the field and the result links; Enter in the field follows the first result (Escape: search-open.ts). */
function onKeyDown(dialog: HTMLDialogElement, event: KeyboardEvent) {
  const input = dialog.querySelector('input')!;
  const stops = [input, ...dialog.querySelectorAll<HTMLAnchorElement>('.search__link')];
  const at = stops.indexOf(document.activeElement as HTMLInputElement);
  if (event.key === 'Enter' && at === 0 && stops[1]) {
    event.preventDefault();
    stops[1].click();
    return;
  }
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (step === undefined || at < 0) return;
  event.preventDefault();
  stops[Math.min(Math.max(at + step, 0), stops.length - 1)]?.focus();
}

/** Where focus goes back to: the control that opened search, or, if it has gone (the phone menu closed), the menu's button. */
function returnTarget(): HTMLElement | null {
  if (!opener?.isConnected || opener.checkVisibility()) return opener;
  const popover = opener.closest('[popover]');
  return popover ? document.querySelector<HTMLElement>(`[popovertarget="${popover.id}"]`) : null;
}

function wire(dialog: HTMLDialogElement) {
  dialog.querySelector('input')!.addEventListener('input', () => void run(dialog));
  dialog.addEventListener('keydown', (event) => onKeyDown(dialog, event));
  dialog.querySelector('[data-search-close]')!.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop lands on the dialog itself.
    if (event.target === dialog) dialog.close();
    const link = (event.target as Element).closest('a');
    if (!link) return;
    following = true;
    const again = link.href === location.href;
    if (!back.follow(event)) dialog.close();
    // The same address again fires no hashchange: announce it, so the section is opened and shown.
    if (again) back.afterClosing(() => queueMicrotask(() => dispatchEvent(new HashChangeEvent('hashchange'))));
  });
  dialog.addEventListener('close', () => {
    back.closed();
    if (!following) returnTarget()?.focus();
    following = false;
  });
}

/** Called by the page's opener (search-open.ts) each time search opens (the dialog is already showing). */
export function start(dialog: HTMLDialogElement, from: Element | null): void {
  opener = from instanceof HTMLElement ? from : null;
  if (wired !== dialog) {
    wire(dialog);
    wired = dialog;
  }
  // Back closes search (if it was not closed while this code was on its way).
  if (dialog.open) back.opened();
  // Start fetching Pagefind now, while the reader types; the query typed so far runs at once.
  pagefind ??= loadPagefind();
  pagefind.catch(() => undefined);
  void run(dialog);
}
