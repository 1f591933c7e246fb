import { describe, expect, it } from 'vitest';
import { describeFieldIssues, issuesInAstroReport } from '../../src/lib/frontmatter-errors.ts';

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
});
