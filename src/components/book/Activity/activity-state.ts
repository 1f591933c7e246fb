import { useSyncExternalStore } from 'react';

/**
 * Which activity dialog is open (SPEC §4): 0 none, otherwise the activity's number. One value for
 * the whole page, shared by every Activity island, so only one dialog is ever open.
 *
 * Back (a phone's Back button or gesture, or the browser's) closes an open dialog instead of leaving the page: opening
 * one adds an entry to the page's history, and closing it any other way takes that entry away again.
 */
let openActivity = 0;
const listeners = new Set<() => void>();
/** Whether the open dialog has an entry of its own in the page's history. */
let entry = false;
/** Whether Back is under way, taking that entry away; what to do once it has. */
let leaving = false;
const afterLeaving: (() => void)[] = [];

function setOpenActivity(number: number) {
  const was = openActivity;
  openActivity = number;
  for (const listener of listeners) listener();
  if (number !== 0 && was === 0 && !entry) {
    history.pushState(history.state, '');
    entry = true;
  } else if (number === 0 && entry) {
    entry = false;
    leaving = true;
    history.back();
  }
}

if (typeof window !== 'undefined') {
  addEventListener('popstate', () => {
    if (leaving) {
      leaving = false;
      for (const then of afterLeaving.splice(0)) then();
    } else if (entry) {
      entry = false;
      setOpenActivity(0);
    }
  });
}

/** Runs `then` once the closed dialog's history entry is gone (at once if it has none): a link followed from it waits. */
export function afterDialogHistory(then: () => void): void {
  if (leaving) afterLeaving.push(then);
  else then();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open activity's number (0 for none) and a setter. */
export function useOpenActivity(): [number, (number: number) => void] {
  return [
    useSyncExternalStore(
      subscribe,
      () => openActivity,
      () => 0,
    ),
    setOpenActivity,
  ];
}
