import { useSyncExternalStore } from 'react';

/**
 * Which activity dialog is open (SPEC §4): 0 none, otherwise the activity's number. One value for
 * the whole page, shared by every Activity island, so only one dialog is ever open.
 */
let openActivity = 0;
const listeners = new Set<() => void>();

function setOpenActivity(number: number) {
  openActivity = number;
  for (const listener of listeners) listener();
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
