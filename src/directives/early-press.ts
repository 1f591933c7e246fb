/**
 * The mark a page's script puts on an island's button pressed before the island's runtime arrived (copy-before-awake.js):
 * client:interaction, once it arrives, wakes that island and carries the press out.
 */
export const earlyPressMark = 'data-pressed';
