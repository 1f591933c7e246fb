/**
 * What the preview's overlay says (npm run dev, integrations/check/while-editing.ts) for each way an author's saved
 * mistake reaches it: a chapter's field, a picture a field names, a component, text that does not parse, the preface,
 * a member's profile, the bibliography. The author check runs in this process on a scratch copy of the project with
 * the valid fixture book and the mistake saved, and its findings are read as the preview reads them: no browser, no
 * dev server. tests/e2e/dev-server.spec.ts shows one mistake in a browser; every mistake's words are tested through the
 * check and the build in tests/build/bad-input.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'vitest';
import { checkBook } from '../../integrations/check/author-check.ts';
import { overlayError } from '../../integrations/check/while-editing.ts';
import { projectRoot, scratchProject } from '../../tools/common/scratch-project.ts';

const entry = '@book{galea2005,\n  author = {Galea, Sandro},\n  title = {Urban health},\n  year = {2005}\n}\n';
/** The line (from 1) of the first line of `written` that starts with `start`. */
const lineOf = (written: string, start: string) => written.split('\n').findIndex((line) => line.startsWith(start)) + 1;

// Each row: the mistake, the file it is saved in (relative to the project), what the author saves from what is written,
// the mistake's line:column in the saved file, and the check's words after `file:line:column: `.
const mistakes: [mistake: string, file: string, save: (written: string) => string, at: (written: string) => string, says: string][] = [
  [
    'a chapter number written in words',
    'chapters/01-first.mdx',
    (written) => written.replace('number: 1', 'number: one'),
    () => '2:1',
    `Frontmatter: "number" is not valid ("one"). Write the chapter's position as a whole number: number: 2`,
  ],
  [
    'a picture file that does not exist',
    'chapters/01-first.mdx',
    (written) => written.replace('street.svg', 'steet.svg'),
    () => '5:3',
    'Frontmatter: "image.src": the image ./images/steet.svg does not exist',
  ],
  [
    'a box without its title',
    'chapters/01-first.mdx',
    (written) => `${written}\n<Box number={1}>\nWater carried by hand.\n</Box>\n`,
    () => '11:1',
    'Component: <Box> needs the prop "title": the heading shown after "Box N".',
  ],
  [
    'a box never closed',
    'chapters/01-first.mdx',
    (written) => `${written}\n<Box number={1} title="Water">\n\nWater carried by hand.\n`,
    () => '11:1',
    'MDX: <Box> here is never closed, so everything after it would belong to it.',
  ],
  [
    'a { never closed in the preface',
    'book/preface.mdx',
    (written) => `${written}\nThe rate rose {fast.\n`,
    (written) => `${written.split('\n').length + 1}:15`,
    'MDX: This { is never closed',
  ],
  [
    'an email address that is not one in a member profile',
    'book/members/member-2.yaml',
    (written) => written.replace(/^email: .*$/m, 'email: author.two'),
    (written) => `${lineOf(written, 'email:')}:1`,
    'Member profile: "email" is not valid ("author.two")',
  ],
  [
    // YAML the loader cannot read at all, not only a value its schema refuses.
    'a field indented wrongly in a member profile',
    'book/members/member-2.yaml',
    (written) => written.replace(/^ {2}src: /m, 'src: '),
    (written) => `${lineOf(written, '  src: ')}:1`,
    'Member profile: this file cannot be read: "src" belongs under photo:',
  ],
  [
    'a bibliography entry with a brace never closed',
    'chapters/references.bib',
    () => entry.replace('year = {2005}', 'year = {2005'),
    () => '4:10',
    'Citation: The value of year has 1 { and 0 }, so it does not end where it seems to',
  ],
];

/** A scratch copy of the project with the valid fixture book, as the preview's test starts from; the check reads it all. */
const copyOfTheBook = (name: string) =>
  scratchProject(join(projectRoot, 'tests/.output/preview-overlay', name), join(projectRoot, 'tests/fixtures/books/valid'));

/** The preview's overlay for the book in `root`, from the author check run as the preview runs it. */
async function overlayOf(root: string) {
  const { findings } = await checkBook({ dir: join(root, 'chapters'), project: root, external: false });
  return overlayError(findings);
}

describe("the preview's overlay", () => {
  it('shows nothing for the valid book', async ({ expect }) => {
    expect(await overlayOf(copyOfTheBook('valid'))).toBeUndefined();
  });

  it.for(mistakes)("shows %s in the check's words, at its place", async ([mistake, file, save, at, says], { expect }) => {
    const root = copyOfTheBook(mistake.replace(/\W+/g, '-'));
    const path = join(root, file);
    const written = existsSync(path) ? readFileSync(path, 'utf8') : '';
    writeFileSync(path, save(written));
    const err = await overlayOf(root);
    expect(err?.title).toBe('A mistake in the book.');
    // The check names files relative to the folder it runs in: the dev server runs in the project, this test above it.
    expect(err?.message).toContain(`${relative(process.cwd(), root)}/${file}:${at(written)}: ${says}`);
    // The code frame is the MDX file's lines around the mistake; other files have none.
    const [line, column] = at(written).split(':').map(Number);
    expect(err?.loc).toEqual(file.endsWith('.mdx') ? { file: path, line, column } : undefined);
  });
});
