const key = 'bookOpen';
type State = { [key]?: { name: string; page: number } } | null;
// Only this load of the page's marks count: one left by an earlier load (a reload with a dialog open) means nothing now.
const page = performance.timeOrigin;
const openName = () => {
  const mark = (history.state as State)?.[key];
  return mark?.page === page ? mark.name : undefined;
};
const withOpen = (name: string) => ({ ...(history.state as State), [key]: { name, page } });

/**
 * Back (a phone's Back button or gesture, or the browser's) closes an open dialog or menu instead of leaving the page.
 * Opening one adds an entry to the page's history, marked with its name; Back to the entry before closes it; closing it
 * any other way takes the entry away again. The mark lives in the history itself, so the page's dialogs and menu, each
 * in its own script, share one entry: one opened from another (the menu's Search) takes it over.
 */
export function backCloses(name: string, close: () => void) {
  let open = false;
  /** Set while Back is under way taking the entry away: what to do once it has. */
  let leaving: (() => void)[] | undefined;

  addEventListener('popstate', () => {
    if (leaving) {
      for (const then of leaving.splice(0)) then();
      leaving = undefined;
    } else if (open && openName() !== name) {
      open = false;
      close();
    }
  });

  /** Call as it opens. */
  const opened = () => {
    if (open) return;
    open = true;
    if (openName()) history.replaceState(withOpen(name), '');
    else history.pushState(withOpen(name), '');
  };
  /** Call as it closes, however it was closed. */
  const closed = () => {
    if (!open) return;
    open = false;
    if (openName() !== name) return;
    leaving = [];
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
    if (!open || openName() !== name) return;
    open = false;
    history.replaceState(withOpen(next), '');
  };
  return { opened, closed, afterClosing, follow, passTo };
}
