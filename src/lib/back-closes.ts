const key = 'bookOpen';
interface Mark {
  /** What the entry was added for. */
  name: string;
  /** The load of the page that added it: a mark left by an earlier load (a reload with a dialog open) means nothing. */
  page: number;
  /** Closed, and Back under way taking the entry away. */
  leaving?: true;
}
const page = performance.timeOrigin;
const mark = (): Mark | undefined => {
  const found = (history.state as { [key]?: Mark } | null)?.[key];
  return found?.page === page ? found : undefined;
};
const marked = (name: string, leaving?: true) => ({ ...(history.state as object | null), [key]: { name, page, leaving } });

// A link followed from outside what is open (a tap beside the open menu) leaves at once: the new page takes the open
// one's entry, so Back returns to the page itself, and the entry is not taken away, which would cancel the link.
let leavingPage = false;
if (typeof navigation !== 'undefined') {
  navigation.addEventListener('navigate', (event) => {
    if (event.destination.sameDocument || event.downloadRequest !== null) return;
    leavingPage = true;
    if (mark() && !mark()?.leaving && event.navigationType === 'push' && event.cancelable && !event.formData) {
      event.preventDefault();
      location.replace(event.destination.url);
    }
  });
  addEventListener('pageshow', () => (leavingPage = false));
}

/**
 * Back (a phone's Back button or gesture, or the browser's) closes an open dialog or menu instead of leaving the page.
 * Opening one adds an entry to the page's history, marked with its name; Back to the entry before closes it; closing it
 * any other way takes the entry away again. The mark lives in the history itself, so the page's dialogs and menu, each
 * in its own script, share one entry: one opened from another (the menu's Search) takes it over, and one opened while
 * another's entry is being taken away waits for that.
 */
export function backCloses(name: string, close: () => void) {
  let open = false;
  /** Set while this one's entry is being taken away: what to do once it has. */
  let leaving: (() => void)[] | undefined;
  /** Opened while an entry was being taken away: its own is added once that is done. */
  let waiting = false;

  const add = () => {
    if (mark()) return history.replaceState(marked(name), '');
    // Going back to the page's own entry leaves the page where the reader has it (the menu lets it scroll).
    history.scrollRestoration = 'manual';
    history.pushState(marked(name), '');
  };

  addEventListener('popstate', () => {
    if (leaving) {
      for (const then of leaving.splice(0)) then();
      leaving = undefined;
    } else if (open && !waiting && mark()?.name !== name) {
      open = false;
      close();
    }
    if (waiting) {
      waiting = false;
      if (open) add();
    }
    if (!mark()) history.scrollRestoration = 'auto';
  });

  /** Call as it opens. */
  const opened = () => {
    if (open) return;
    open = true;
    if (mark()?.leaving) waiting = true;
    else add();
  };
  /** Call as it closes, however it was closed. */
  const closed = () => {
    if (!open) return;
    open = false;
    if (mark()?.name !== name || mark()?.leaving || leavingPage) return;
    leaving = [];
    history.replaceState(marked(name, true), '');
    history.back();
  };
  /** Runs `then` once the closed one's entry is gone (at once if it has none). */
  const afterClosing = (then: () => void) => {
    if (leaving) leaving.push(then);
    else then();
  };
  /**
   * A click on a link inside: closes, then follows it once the entry is gone (or Back would undo the new address).
   * Returns false, doing nothing, for a click that is not on a link or is meant for another tab or window.
   */
  const follow = (event: MouseEvent): boolean => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    const elsewhere = event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    if (!link || elsewhere || (link.target && link.target !== '_self')) return false;
    event.preventDefault();
    close();
    closed();
    afterClosing(() => location.assign(link.href));
    return true;
  };
  /** Hands the entry to `next`, which opens as this closes (the menu's Search). */
  const passTo = (next: string) => {
    if (!open || mark()?.name !== name || mark()?.leaving) return;
    open = false;
    history.replaceState(marked(next), '');
  };
  return { opened, closed, afterClosing, follow, passTo };
}
