/**
 * Books of any length for the benchmark: N copies of the Introduction (chapters/01-introduction.mdx),
 * numbered 1 to N, each with the Introduction's pictures, boxes, activities, figures, embeds, annexes and the
 * sources it cites and the words its spelling uses (the book's references.bib and words.txt).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/scratch-project.ts';

const introduction = join(projectRoot, 'chapters/01-introduction.mdx');

/** Writes a book of `chapters` chapters into `dir` (emptied first) and returns `dir`. */
export function writeGeneratedBook(dir: string, chapters: number): string {
  const source = readFileSync(introduction, 'utf8');
  const pictures = [...source.matchAll(/\.\/images\/([\w.-]+)/g)].map((match) => match[1] ?? '');
  if (!/^number: 1$/m.test(source) || pictures.length === 0)
    throw new Error(`${introduction} no longer has "number: 1" or ./images/ pictures: update tools/bench/generated-book.ts`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'images'), { recursive: true });
  for (const picture of new Set(pictures)) cpSync(join(projectRoot, 'chapters/images', picture), join(dir, 'images', picture));
  for (const file of ['references.bib', 'words.txt']) cpSync(join(projectRoot, 'chapters', file), join(dir, file));
  const digits = String(chapters).length;
  for (let number = 1; number <= chapters; number++) {
    const text = source
      .replace(/^number: 1$/m, `number: ${number}`)
      .replace(/^title: .*$/m, `title: "Generated chapter ${number}"`)
      // A chapter's annexes carry its number (Annex 3.1 in chapter 3), and links to them their new ids.
      .replace(/(<Annex number=")1\./g, `$1${number}.`)
      .replace(/#annex-1-/g, `#annex-${number}-`);
    writeFileSync(join(dir, `${String(number).padStart(digits, '0')}-generated.mdx`), text);
  }
  return dir;
}
