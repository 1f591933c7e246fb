import { describe, expect, it } from 'vitest';
import { describeFieldIssues, issuesInAstroReport, locateIssues } from '../../src/lib/frontmatter-errors.ts';

// The message of Astro's InvalidContentEntryDataError, as Astro 7 writes it (bold markers and all).
const report = [
  '**chapters → 02-second** data does not match collection schema.\n',
  '  **title**: "title" is missing. Add the chapter\'s title.',
  '  **image**: "image" is missing. Give the picture and its description:\nimage:\n  src: ./images/street.svg',
  '  ****: Unknown chapter field "titel".',
  '',
].join('\n');

describe('a schema report rewritten for authors', () => {
  it('reads each issue with its field, keeping the lines that belong to it', () => {
    expect(issuesInAstroReport(report)).toEqual([
      { field: 'title', message: '"title" is missing. Add the chapter\'s title.' },
      { field: 'image', message: '"image" is missing. Give the picture and its description:\nimage:\n  src: ./images/street.svg' },
      { field: '', message: 'Unknown chapter field "titel".' },
    ]);
  });

  it('finds nothing in a message of another shape, so the original error is kept', () => {
    expect(issuesInAstroReport('Something else went wrong.\nAt line 3.')).toEqual([]);
  });

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

describe('an issue located in the file, for the line an author opens', () => {
  it.each([
    ['a top-level field', { field: 'number', message: '' }, { line: 2, column: 1 }],
    ['a nested field, past a comment', { field: 'image.alt', message: '' }, { line: 7, column: 3 }],
    ['a missing nested field, at its parent', { field: 'image.width', message: '' }, { line: 4, column: 1 }],
    ['an unknown field, named only in the message', { field: '', message: 'Unknown chapter field "titel". Did you mean "title"?' }, { line: 3, column: 1 }],
    ['a missing top-level field: no line', { field: 'title', message: '"title" is missing.' }, {}],
  ])('%s', (_, issue, where) => {
    const [located] = locateIssues(chapter, [issue]);
    expect({ line: located?.line, column: located?.column }).toEqual({ line: undefined, column: undefined, ...where });
  });

  it('never takes text after the frontmatter for a field', () => {
    const [located] = locateIssues(chapter.replace('number: two\n', ''), [{ field: 'number', message: '"number" is missing.' }]);
    expect(located?.line).toBeUndefined();
  });

  it('reads a YAML file (a member) from its first line', () => {
    const [located] = locateIssues('# A comment\norder: last\nname: A\n', [{ field: 'order', message: '' }]);
    expect(located?.line).toBe(2);
  });
});
