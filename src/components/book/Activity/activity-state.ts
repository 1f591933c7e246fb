import { useSyncExternalStore } from 'react';
import { backCloses } from '../../../lib/back-closes.ts';

/**
 * Which activity dialog is open (SPEC §4): 0 none, otherwise the activity's number. One value for
 * the whole page, shared by every Activity island, so only one dialog is ever open. Back closes it.
 */
let openActivity = 0;
const listeners = new Set<() => void>();
const back = typeof window === 'undefined' ? undefined : backCloses('activity', () => setOpenActivity(0));

function setOpenActivity(number: number) {
  const was = openActivity;
  openActivity = number;
  for (const listener of listeners) listener();
  if (number !== 0 && was === 0) back?.opened();
  else if (number === 0) back?.closed();
}

/** Runs `then` once the closed dialog's history entry is gone: a link followed from it waits. */
export function afterDialogHistory(then: () => void): void {
  if (back) back.afterClosing(then);
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
