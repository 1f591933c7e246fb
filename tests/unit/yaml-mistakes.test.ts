/**
 * Frontmatter an author typed as they would type a sentence: each mistake is named at its own line and column, in
 * words that say what is wrong and how to fix it, never as the parser's text or another mistake's advice.
 */
import { describe, expect, it } from 'vitest';
import { readYaml } from '../../src/lib/frontmatter-mistakes.ts';

// Each row: the mistake, the frontmatter's lines, the place (line:column in the file), what the message says, what the fix says.
const corpus: [mistake: string, yaml: string, place: string, says: string, fix: string][] = [
  ['a colon in a title', 'title: Water: a right', '3:8', 'the colon after "Water" would start a second field', 'title: "Water: a right"'],
  ['an apostrophe inside single quotes', "title: 'The planet's health'", '3:8', "in ' quotes and has an apostrophe", `title: "The planet's health"`],
  ['quotation marks inside double quotes', 'title: "He said "no" today"', '3:8', 'has a quotation mark (") inside it', `title: 'He said "no" today'`],
  ['curly quotes from a word processor', 'title: “Water: a right”', '3:8', 'curly quotes (“ ”)', 'title: "Water: a right"'],
  ['a quote never closed', 'title: "Water\ndescription: Rivers', '3:8', 'the " that opens this value is never closed', 'title: "Water"'],
  ['a tab for indenting', 'image:\n\tsrc: ./images/a.svg', '4:1', 'indented with a tab', 'with spaces, not a tab'],
  ['a line indented less than its neighbour', 'image:\n  src: ./a.svg\n alt: A street', '5:1', 'indented differently', 'two spaces under image:'],
  [
    'a line indented more than its neighbour',
    'image:\n  src: ./a.svg\n    alt: A street',
    '5:1',
    'indented more than the line above',
    'two spaces under image:',
  ],
  ['a field name without its colon', 'number 2', '3:1', 'no colon after its field name', 'number: 2'],
  ['no space after a colon', 'title:Water', '3:1', 'no space after the colon of "title"', 'title: Water'],
  // A member's photo, as a chapter's picture: the fix names the field the line is under.
  ['a line indented less under another field', 'photo:\n  src: ./a.svg\n alt: A face', '5:1', 'indented differently', 'two spaces under photo:'],
  ['a field written twice', 'title: Water\ntitle: Air', '4:1', '"title" is written twice, here and on line 3', 'Keep one'],
  ['a title in Markdown emphasis', 'title: *Water*', '3:8', 'starts with *', 'title: "*Water*"'],
  ['an ampersand first', 'title: &Water', '3:8', 'starts with &', 'title: "&Water"'],
  ['an exclamation mark first', 'title: !Water', '3:8', 'starts with !', 'title: "!Water"'],
  ['an @ first', 'title: @home', '3:8', 'starts with @', 'title: "@home"'],
  ['a bracket first', 'title: [Draft] Water', '3:8', 'starts with [', 'title: "[Draft] Water"'],
  ['a list item in emphasis', 'bio:\n  - *Teaches*', '4:5', 'starts with *', '- "*Teaches*"'],
];

describe('a frontmatter an author cannot see is wrong', () => {
  it.for(corpus)('%s is named where it is, with its fix', ([, yaml, place, says, fix]) => {
    const read = readYaml('chapters/02-second.mdx', `---\nnumber: 2\n${yaml}\n---\n\nText.\n`);
    expect(read.unreadable, yaml).toBeDefined();
    const { line, column, message, fix: written } = read.unreadable!;
    expect(`${line}:${column}`).toBe(place);
    expect(message).toMatch(/^the frontmatter cannot be read: /);
    expect(message).toContain(says);
    expect(written).toContain(fix);
    // Only the mistake's own advice: the colon rule is given where there is a colon.
    if (!yaml.includes(': a right')) expect(written).not.toContain('colon in it');
  });

  it('reads what is right, quoted or not', () => {
    const read = readYaml('chapters/02-second.mdx', `---\nnumber: 2\ntitle: 'It''s: fine'\nalt: "a: b"\nnote: 50% of homes\n---\n`);
    expect('data' in read && read.data).toEqual({ number: 2, title: "It's: fine", alt: 'a: b', note: '50% of homes' });
  });

  it("gives the fix for a line with no colon in the line's own field", () => {
    const read = readYaml('book/members/member-4.yaml', 'order: 4\nname "Ana Silva"\n');
    expect(read.unreadable?.line).toBe(2);
    expect(read.unreadable?.fix).toContain('name: "Ana Silva"');
  });

  it("names a member's profile as the file, not as a frontmatter", () => {
    const read = readYaml('book/members/member-4.yaml', 'order: 4\nname: Ana Silva: editor\n');
    expect(read.unreadable?.message).toMatch(/^this file cannot be read: the colon after "Silva"/);
  });
});
