import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { downloadsListFile } from '../../integrations/after-build/staged-downloads.ts';
import { downloadsFolder } from '../../src/lib/downloads.ts';

/**
 * For `npm start`, whose build makes no book to take away: when the book in `target` offered one, the one the last
 * `npm run build:downloads` made (in `made`) is offered again, with a note of its date, rather than dropped; if it is
 * gone, the note says so and how to make it again.
 */
export function keptDownloads(target: string, made: string, project: string): { env?: { BOOK_DOWNLOADS: string }; note?: string } {
  if (!existsSync(join(target, downloadsFolder))) return {};
  const list = join(made, downloadsListFile);
  if (!existsSync(list))
    return { note: `The book to take away is not offered: ${relative(project, made)}/ is gone. Run npm run build:downloads to make it again.` };
  const date = statSync(list).mtime.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });
  return {
    env: { BOOK_DOWNLOADS: made },
    note: `The book to take away is the one npm run build:downloads made on ${date}: run it again to bring it up to date with the chapters.`,
  };
}
