/**
 * `npm start` after `npm run build:downloads` (tools/build/kept-downloads.ts): the book to take away is offered again,
 * dated, or the reason it is not is said; a book that never offered one is left as it was.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keptDownloads } from '../../tools/build/kept-downloads.ts';

let project = '';
afterEach(() => rmSync(project, { recursive: true, force: true }));

function projectWith({ offered, made }: { offered: boolean; made: boolean }) {
  project = mkdtempSync(join(tmpdir(), 'book-kept-'));
  mkdirSync(join(project, 'dist', offered ? 'downloads' : ''), { recursive: true });
  if (made) {
    mkdirSync(join(project, '.downloads'));
    writeFileSync(join(project, '.downloads/downloads.json'), '[]');
  }
  return { target: join(project, 'dist'), made: join(project, '.downloads') };
}

describe('npm start after npm run build:downloads', () => {
  it('offers the book to take away again, saying when it was made', () => {
    const { target, made } = projectWith({ offered: true, made: true });
    const kept = keptDownloads(target, made, project);
    expect(kept.env).toEqual({ BOOK_DOWNLOADS: made });
    expect(kept.note).toMatch(/^The book to take away is the one npm run build:downloads made on \d{1,2} \w+ \d{4} at \d\d:\d\d: run it again/);
  });

  it('says why it is not offered when what build:downloads made is gone', () => {
    const { target, made } = projectWith({ offered: true, made: false });
    expect(keptDownloads(target, made, project)).toEqual({
      note: 'The book to take away is not offered: .downloads/ is gone. Run npm run build:downloads to make it again.',
    });
  });

  it('adds nothing to a book that offered none', () => {
    const { target, made } = projectWith({ offered: false, made: true });
    expect(keptDownloads(target, made, project)).toEqual({});
  });
});
