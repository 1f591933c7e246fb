/**
 * The book the guide's component pictures are taken in: one chapter holding every component's examples, each in a
 * <div id="example-<Name>">, and a deck holding those of the components written only in decks, with a second chapter
 * for the examples' links to lead to. Pictures, alt text and the code above them in the guide are of the same example.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { components } from '../../../src/components/book/component-rules.ts';
import { projectRoot, scratchProject } from '../../common/scratch-project.ts';
import { examplesOf } from './components-reference.ts';

/** Where a component's examples are shown in the examples book. */
export const examplePage = (name: string) => (components[name]?.decks ? '/slides/examples' : '/index/Chapter1');

/** The element a component's examples stand in, on its page (a deck's slides stand alone). */
export const exampleScope = (name: string) => (components[name]?.decks ? '' : `#example-${name}`);

const chapter = (number: number, title: string, body: string) =>
  [
    '---',
    `number: ${number}`,
    `title: "${title}"`,
    'image:',
    '  src: ./images/introduction.svg',
    '  alt: "A city skyline that grows from small houses on the left to tall towers on the right."',
    '  credit: "a drawing made for this book"',
    '---',
    '',
    body,
  ].join('\n');

/** Writes the examples book's chapters into `folder`/chapters and returns that folder. */
export function writeExampleChapters(folder: string): string {
  const chapters = join(folder, 'chapters');
  rmSync(chapters, { recursive: true, force: true });
  mkdirSync(chapters, { recursive: true });
  for (const file of ['images', 'references.bib', 'words.txt'])
    cpSync(join(projectRoot, 'chapters', file), join(chapters, file), { recursive: true });
  const inChapter = Object.keys(components).filter((name) => !components[name]!.decks);
  const sections = inChapter.map((name) => `<div id="example-${name}">\n\n${examplesOf(name).join('\n\n')}\n\n</div>`);
  writeFileSync(
    join(chapters, '01-examples.mdx'),
    chapter(1, 'Examples', `The book's components, as the guide writes them.\n\n${sections.join('\n\n')}\n`),
  );
  writeFileSync(join(chapters, '02-next.mdx'), chapter(2, 'The next chapter', 'Where the examples lead.\n'));
  return chapters;
}

/** Writes the examples book's project into `folder` and returns its root, ready to build. */
export function writeExamplesBook(folder: string): string {
  const root = scratchProject(join(folder, 'project'), writeExampleChapters(folder));
  const inDeck = Object.keys(components).filter((name) => components[name]!.decks);
  writeFileSync(join(root, 'book/slides/examples.mdx'), `---\ntitle: "Examples"\nchapter: 1\n---\n\n${inDeck.flatMap(examplesOf).join('\n\n')}\n`);
  return root;
}
