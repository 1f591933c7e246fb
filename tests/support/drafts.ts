/**
 * Draft pages added to a copy of the valid book: a draft chapter 3 with a sub-page, and a draft sub-page of chapter 2.
 * The build leaves them out (tests/build/valid-book.test.ts); `npm run dev` shows them, marked (tests/e2e/dev-server.spec.ts).
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Words that occur only in the draft pages, to look for anywhere in the built site.
export const draftChapter = { title: 'A chapter still being written', word: 'zyzzogeton' };
export const draftBlock = { title: 'Block B: notes for later', word: 'quahogging' };
export const blockOfDraft = { title: 'Block A: part of the draft chapter', word: 'xylocopine' };
export const draftMarker = 'Draft: shown while you write (npm run dev) and left out of the built book.';

/** Writes the drafts into the scratch copy at `root` (the valid book: chapters 1 and 2, with 2/BlockA). */
export function addDrafts(root: string): void {
  const chapters = join(root, 'chapters');
  const image = 'image:\n  src: ./images/street.svg\n  alt: Three yellow buildings of different heights on a dark blue background.';
  writeFileSync(
    join(chapters, '03-draft.mdx'),
    `---\nnumber: 3\ntitle: ${draftChapter.title}\ndraft: true\n${image}\n---\n\nThe ${draftChapter.word} is a placeholder.\n`,
  );
  mkdirSync(join(chapters, '03-draft'));
  writeFileSync(
    join(chapters, '03-draft/BlockA.mdx'),
    `---\nchapter: 3\norder: 1\ntitle: "${blockOfDraft.title}"\n---\n\nThe ${blockOfDraft.word} is a placeholder.\n`,
  );
  writeFileSync(
    join(chapters, '02-second/BlockB.mdx'),
    `---\nchapter: 2\norder: 2\ntitle: "${draftBlock.title}"\ndraft: true\n---\n\nThe ${draftBlock.word} is a placeholder.\n`,
  );
  // Spelt as meant: the check passes the drafts without a warning.
  appendFileSync(join(chapters, 'words.txt'), `\n${[draftChapter, draftBlock, blockOfDraft].map(({ word }) => word).join('\n')}\n`);
}
