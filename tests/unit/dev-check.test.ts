import { cpSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devMistake } from '../../src/lib/dev-check.ts';

describe("npm run dev's check of the files behind a page", () => {
  it('reads a file again only once it is saved again, so a long book answers quickly, and then finds its mistake', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dev-check-'));
    cpSync('tests/fixtures/books/valid', dir, { recursive: true });
    const file = join(dir, '01-first.mdx');
    const entries = [{ collection: 'chapters', filePath: file }];
    const savedAt = new Date('2026-11-25T10:00:00Z');
    utimesSync(file, savedAt, savedAt);
    expect(() => devMistake(entries)).not.toThrow();

    // The same file, as saved at the same moment, is not read again: a mistake written behind the check's back stays unseen.
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: A first chapter', 'title: ""'));
    utimesSync(file, savedAt, savedAt);
    expect(() => devMistake(entries)).not.toThrow();

    // Saved again, it is read again, and its mistake shows.
    const savedLater = new Date(savedAt.getTime() + 1000);
    utimesSync(file, savedLater, savedLater);
    expect(() => devMistake(entries)).toThrow(/"title" is empty/);
  });
});
