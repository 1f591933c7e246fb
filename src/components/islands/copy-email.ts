import { earlyPressMark } from '../../directives/early-press.ts';

/** The attributes and event by which a copy button's early press (copy-before-awake.js) reaches its island (CopyEmailButton.tsx). */
export const copyMarks = {
  /** On the button when pressed before the island's runtime arrived: client:interaction wakes the island for it. */
  pressed: earlyPressMark,
  /** On the button: the address to copy. */
  address: 'data-copy',
  /** On the button once its island is awake. */
  awake: 'data-awake',
  /** On the button after an early press: pending, copied or refused. */
  outcome: 'data-copied',
  /** Sent to the button when an early press's copy has an outcome. */
  settled: 'copy-settled',
} as const;
