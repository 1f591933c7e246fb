import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { settled } from '../../src/lib/settled-watcher.ts';

/** A chapter file and a handler that reads it as the glob loader does, pausing mid-run until told to go on. */
function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'settled-')), 'chapter.mdx');
  writeFileSync(file, 'first save');
  const reads: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let release: () => void = () => {};
  let reading: () => void = () => {};
  let hasRead = new Promise<void>((resolve) => (reading = resolve));
  const handler = settled(async (path) => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    reads.push(readFileSync(path, 'utf8'));
    const paused = new Promise<void>((resolve) => (release = resolve));
    reading();
    await paused;
    running -= 1;
  });
  return {
    file,
    reads,
    handler,
    mostAtOnce: () => mostAtOnce,
    /** Resolves once the handler has read the file and is paused. */
    nextRead: async () => {
      await hasRead;
      hasRead = new Promise<void>((resolve) => (reading = resolve));
    },
    goOn: () => release(),
  };
}

describe('a file saved while the dev server is still reading it', () => {
  test('a save whose change event never comes (dropped by the watcher) is read once the run ends', async () => {
    const { file, reads, handler, nextRead, goOn } = setUp();
    writeFileSync(file, '');
    const done = handler(file);
    await nextRead();
    // The editor's write lands after the read of the truncated file; the watcher drops its event.
    writeFileSync(file, 'the whole chapter');
    goOn();
    await nextRead();
    goOn();
    await done;
    expect(reads).toEqual(['', 'the whole chapter']);
  });

  test('changes heard during a run are handled after it, once, and never two at a time', async () => {
    const { file, reads, handler, mostAtOnce, nextRead, goOn } = setUp();
    const first = handler(file);
    await nextRead();
    writeFileSync(file, 'second save');
    const second = handler(file);
    writeFileSync(file, 'third save');
    const third = handler(file);
    // The later events return at once: the running one handles them.
    await Promise.all([second, third]);
    goOn();
    await nextRead();
    goOn();
    await first;
    expect(reads).toEqual(['first save', 'third save']);
    expect(mostAtOnce()).toBe(1);
  });

  test('a file that stays as it was is read once', async () => {
    const { file, reads, handler, nextRead, goOn } = setUp();
    const done = handler(file);
    await nextRead();
    goOn();
    await done;
    expect(reads).toEqual(['first save']);
  });
});
