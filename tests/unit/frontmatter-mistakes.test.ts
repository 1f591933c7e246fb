import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFieldIssues, fieldLocator, frontmatterMistake, readFrontmatter, yamlOf } from '../../src/lib/frontmatter-mistakes.ts';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { helpLine } from '../../src/lib/troubleshooting.ts';

describe('a schema issue written for authors', () => {
  it('starts every line with the file, adds the field only where the message lacks it, and indents examples', () => {
    const issues = [
      { field: 'title', message: '"title" is missing.' },
      { field: 'bio.1', message: 'Too small.' },
      { field: '', message: 'Unknown chapter field "titel".' },
      { field: 'image', message: '"image" is missing:\nimage:\n  src: ./x.svg' },
    ];
    expect(describeFieldIssues('chapters/02-second.mdx', issues).split('\n')).toEqual([
      'chapters/02-second.mdx: "title" is missing.',
      'chapters/02-second.mdx: "bio.1": Too small.',
      'chapters/02-second.mdx: Unknown chapter field "titel".',
      'chapters/02-second.mdx: "image" is missing:',
      '    image:',
      '      src: ./x.svg',
    ]);
  });

  it('puts the line after the file where the issue has one', () => {
    const issues = [
      { field: 'number', message: '"number" is not valid ("two").', line: 2 },
      { field: 'title', message: '"title" is missing.' },
    ];
    expect(describeFieldIssues('chapters/02-second.mdx', issues).split('\n')).toEqual([
      'chapters/02-second.mdx:2: "number" is not valid ("two").',
      'chapters/02-second.mdx: "title" is missing.',
    ]);
  });
});

// A chapter as an author writes it: the frontmatter between the two --- lines, then the text.
const chapter = [
  '---',
  'number: two',
  'titel: Cities',
  'image:',
  '  src: ./images/x.svg',
  '  # the description comes next',
  '  alt: ""',
  'description: >-',
  '  Where the number is written',
  '---',
  '',
  'number: 3 in the text is not a field.',
].join('\n');

describe('a field located in the file, for the line an author opens', () => {
  const { yaml, firstLine } = yamlOf(chapter, 'chapters/02-second.mdx');
  it.each([
    ['a top-level field', ['number'], { line: 2, column: 1 }],
    ['a nested field, past a comment', ['image', 'alt'], { line: 7, column: 3 }],
    ['a missing nested field, at its parent', ['image', 'width'], { line: 4, column: 1 }],
    ['a missing top-level field: no line', ['title'], {}],
  ])('%s', (_, path, where) => expect(fieldLocator(yaml, firstLine)(path)).toEqual(where));

  it('never takes text after the frontmatter for a field', () => {
    const without = yamlOf(chapter.replace('number: two\n', ''), 'chapters/02-second.mdx');
    expect(fieldLocator(without.yaml, without.firstLine)(['number'])).toEqual({});
  });

  it('reads a YAML file (a member) from its first line', () => {
    expect(fieldLocator('# A comment\norder: last\nname: A\n', 1)(['order'])).toEqual({ line: 2, column: 1 });
  });
});

describe('a chapter checked against its schema', () => {
  const root = mkdtempSync(join(tmpdir(), 'frontmatter-'));
  mkdirSync(join(root, 'chapters/images'), { recursive: true });
  writeFileSync(join(root, 'chapters/images/x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = join(root, 'chapters/02-second.mdx');
  const data = { number: 'two', titel: 'Cities', image: { src: './images/y.svg', alt: '' } };

  it('lists every mistake with its line, a misspelt field once at its own line, and a missing picture with where it was looked for', () => {
    const mistake = frontmatterMistake(root, file, chapter.replace('x.svg', 'y.svg'), data, chapterSchema);
    expect(mistake?.message.split('\n')).toEqual([
      'The frontmatter of chapters/02-second.mdx has 4 mistakes:',
      'chapters/02-second.mdx:2: "number" is not valid ("two"). Write the chapter\'s position as a whole number: number: 2',
      `    ${helpLine('fieldNotValid')}`,
      'chapters/02-second.mdx:5: "image.src": the image ./images/y.svg does not exist (looked for chapters/images/y.svg). Put the image file at that path, or correct the path; it is relative to the file that names it.',
      `    ${helpLine('imageMissing')}`,
      'chapters/02-second.mdx:7: "image.alt" is empty. Describe the image in a short sentence: alt: "A crowded street market".',
      `    ${helpLine('fieldEmpty')}`,
      'chapters/02-second.mdx:3: Unknown chapter field "titel". Did you mean "title" instead of "titel"? Correct the spelling, or remove the line; allowed fields: number, title, description, image, lastUpdated, inPreparation, draft.',
      `    ${helpLine('unknownField')}`,
    ]);
    expect(mistake?.loc).toEqual({ file, line: 2, column: 1 });
  });

  it('finds nothing wrong with a valid chapter', () => {
    const valid = { number: 2, title: 'Cities', image: { src: './images/x.svg', alt: 'A street' } };
    expect(frontmatterMistake(root, file, chapter, valid, chapterSchema)).toBeUndefined();
  });

  it('names a field missing beside an unknown one that does not look like it', () => {
    const mistake = frontmatterMistake(
      root,
      file,
      chapter,
      { number: 2, summary: 'Cities', image: { src: './images/x.svg', alt: 'A street' } },
      chapterSchema,
    );
    expect(mistake?.message).toContain('"title" is missing.');
    expect(mistake?.message).toContain('Unknown chapter field "summary".');
  });

  it('names the line of a frontmatter YAML cannot read, and its cause', () => {
    const { mistake } = readFrontmatter(root, file, '---\nnumber: 2\ntitle: Water: a human right\n---\n');
    expect(mistake?.message).toBe(
      `chapters/02-second.mdx:3: the frontmatter cannot be read: the colon after "Water" would start a second field on this line.\n${helpLine('unreadable')}`,
    );
    expect(mistake?.hint).toBe('A value with a colon in it must be in double quotes: title: "Water: a human right"');
  });

  it('says a frontmatter without its closing line is the cause, not each field it hides', () => {
    const { mistake } = readFrontmatter(root, file, '---\nnumber: 2\ntitle: Water\n\nThe text.\n');
    expect(mistake?.message).toBe(
      `chapters/02-second.mdx:1: the frontmatter has no closing --- line, so none of its fields can be read.\n${helpLine('noClosingLine')}`,
    );
  });
});
