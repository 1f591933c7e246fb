import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Download, downloadsFolder } from '../../src/lib/downloads.ts';

/** The list npm run build:downloads writes beside the files it made, for the web build to offer them. */
export const downloadsListFile = 'downloads.json';

/** The files npm run build:downloads made for this build (BOOK_DOWNLOADS names their folder); none for npm run build. */
export function stagedDownloads(folder = process.env.BOOK_DOWNLOADS): { folder: string; list: Download[] } | undefined {
  if (!folder) return undefined;
  const list = join(folder, downloadsListFile);
  if (!existsSync(list)) throw new Error(`BOOK_DOWNLOADS is ${folder}, which has no ${downloadsListFile}: run npm run build:downloads.`);
  return { folder, list: JSON.parse(readFileSync(list, 'utf8')) as Download[] };
}

/** Puts the files in the built site's downloads/, before the steps that list and compress its files. */
export function copyDownloads({ folder, list }: { folder: string; list: Download[] }, dist: string): void {
  mkdirSync(join(dist, downloadsFolder), { recursive: true });
  for (const { file } of list) cpSync(join(folder, file), join(dist, downloadsFolder, file));
}
