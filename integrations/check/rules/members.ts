/**
 * The members page's profiles (book/members/*.yaml), checked with the build's own schema and in its words: each field,
 * a file the book would skip, two cards asking for one place, and text the page cannot show.
 */
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import { frontmatterIssues, issueMessage, lineOfField, readYaml } from '../../../src/lib/frontmatter-mistakes.ts';
import { collectionSchemas } from '../../../src/schemas/collection-schemas.ts';
import type { Finding } from '../findings.ts';
import { writtenInField } from '../prose.ts';
import { type Book, defineBookRule, picturesOf } from '../rule.ts';
import { shownPath, skippedFileFindings } from '../source-files.ts';
import { meaninglessAlt, photoProblem } from './pictures.ts';
import { loadSpeller, spellingWords, wordListOf, wordsToCheck } from './spelling.ts';
import { notUtf8 } from './unreadable-characters.ts';

const pattern = '*.yaml';

/** The profiles, each with the build's schema; their biographies spelt as the chapters are, with the same word list. */
async function checkMembers(book: Book): Promise<Finding[]> {
  const { project, list } = book;
  const wordList = wordListOf(book.dir);
  const speller = loadSpeller(book.read(wordList)?.toString('utf8') ?? '');
  const spelling = spellingWords(speller, shownPath(wordList));
  const dir = join(project, 'book/members');
  const names = list(dir);
  const findings: Finding[] = skippedFileFindings(dir, [pattern], names);
  const places = new Map<number, string>();
  for (const name of names.filter((name) => name.endsWith('.yaml'))) {
    const path = join(dir, name);
    const file = shownPath(path);
    const bytes = book.read(path);
    if (!bytes) continue;
    if (!isUtf8(bytes)) {
      findings.push(notUtf8(file, bytes));
      continue;
    }
    const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (source.trim() === '') {
      const message =
        "This file is empty, so the members page would show a card with nothing on it. Copy another member's file (such as member-1.yaml) and change its fields, or delete this one.";
      findings.push({ file, line: 1, column: 1, kind: 'profile', message });
      continue;
    }
    const read = readYaml(path, source);
    if (read.unreadable) {
      const { line, column, message, fix, help } = read.unreadable;
      findings.push({ file, line, column, kind: 'profile', message: `${message} ${fix}`, help });
      continue;
    }
    const issues = frontmatterIssues(process.cwd(), path, source, read.data, collectionSchemas.members, picturesOf(book));
    for (const issue of issues)
      findings.push({ file, line: issue.line ?? 1, column: issue.column ?? 1, kind: 'profile', message: issueMessage(issue) });
    if (issues.length > 0) continue;
    const { order, bio, photo } = read.data as { order: number; bio: string[]; photo: { src: string; alt: string } };
    if (meaninglessAlt(photo.alt, photo.src))
      findings.push({
        file,
        line: lineOfField(path, 'photo.alt', source) ?? 1,
        column: 1,
        kind: 'profile',
        message: `"photo.alt" ("${photo.alt}") names the kind of picture, not what it shows, which is what a screen reader says of it. Describe the person: alt: "A woman with short grey hair, smiling, in front of a bookshelf".`,
      });
    // A photo the members page cannot show (a HEIC, an empty file, a page saved as .jpg) would stop the build.
    const photoFault = await photoProblem(photo.src, path, book);
    if (photoFault && photoFault.kind !== 'largePicture')
      findings.push({
        file,
        line: lineOfField(path, 'photo.src', source) ?? 1,
        column: 1,
        kind: 'profile',
        message: `"photo.src": ${photoFault.message}`,
      });
    // A card shows its name and biography as plain text: markup, citations and curly quotes would show as written.
    const lines = source.split('\n');
    const { name: shownName } = read.data as { name: string };
    for (const text of [shownName, ...bio]) {
      const markup = writtenInField(text, 'the chapters');
      const at = lines.findIndex((written) => written.includes(text.slice(0, 40)));
      const line = at + 1 || (lineOfField(path, text === shownName ? 'name' : 'bio', source) ?? 1);
      if (markup) {
        findings.push({
          file,
          line,
          column: 1,
          kind: 'profile',
          message: `This line holds ${markup}: the members page shows it as it is written. Write it as plain words; put a web address in "profile".`,
        });
        continue;
      }
      // A biography is the book's prose too, spelt as the chapters are.
      if (text === shownName) continue;
      for (const found of speller.otherSpellings(text))
        findings.push({ file, line, column: columnOf(lines[line - 1], found.other), kind: 'spelling', message: spelling.other(found) });
      for (const { word } of wordsToCheck(text)) {
        const message = spelling.unknown(word);
        if (message) findings.push({ file, line, column: columnOf(lines[line - 1], word), kind: 'spelling', message });
      }
    }
    const taken = places.get(order);
    if (taken) {
      findings.push({
        file,
        line: lineOfField(path, 'order', source) ?? 1,
        column: 1,
        kind: 'profile',
        message: `"order": place ${order} on the members page is already taken by ${taken}. Give each card its own place: order: ${Math.max(...places.keys()) + 1}`,
      });
    } else places.set(order, file);
  }
  return findings;
}

/** The column of a word on a line of the file, or 1 when it is written otherwise there (folded onto several lines). */
const columnOf = (line: string | undefined, word: string) => (line?.indexOf(word) ?? -1) + 1 || 1;

/** A member's profile in the examples' books, beside the book's own: a fourth member, its fields as given. */
const profile = (fields: Record<string, string> = {}) => {
  const written = {
    order: '4',
    name: "'Author Four (placeholder name)'",
    photo: "\n  src: ./photos/member-1.svg\n  alt: 'Placeholder portrait: a faceless illustrated figure.'",
    email: "'author.four@example.org'",
    bio: "\n  - 'Teaches urban health.'",
    ...fields,
  };
  return `${Object.entries(written)
    .filter(([, value]) => value !== '')
    .map(([field, value]) => `${field}:${value.startsWith('\n') ? '' : ' '}${value}`)
    .join('\n')}\n`;
};
const fourth = (text: string | Uint8Array, name = 'member-4.yaml') => ({ [`../book/members/${name}`]: text });
const portrait = "\n  src: ./photos/member-1.svg\n  alt: 'Placeholder portrait: a faceless illustrated figure.'";

export default defineBookRule({
  checkBook: checkMembers,
  help: { fieldMissing: { shows: [{ rule: 'members', example: 8 }] } },
  examples: {
    refused: [
      [fourth(profile({ name: 'Author Four: editor' })), 'this file cannot be read: the colon after "Four" would start a second field on this line.'],
      [fourth(profile({ photo: "\n  src: ./photos/member-1.svg\n  alt: ''" })), '"photo.alt" is empty.'],
      [fourth(profile({ bio: '\n  - ‘Teaches urban health.’' })), 'This line holds curly quotation marks around it'],
      [fourth(''), 'This file is empty, so the members page would show a card with nothing on it.'],
      [fourth(profile({ bio: '\n  -' })), '"bio" has an empty line.'],
      [fourth(profile({ email: 'author.four' })), '"email" is not valid ("author.four").'],
      [fourth(profile({ bio: "\n  - 'Writes for [a journal](https://example.org/journal).'" })), 'This line holds Markdown'],
      [fourth(profile({ name: '' })), '"name" is missing.'],
      [fourth(profile({ photo: portrait.replace('member-1', 'member-4') })), '"photo.src": the image ./photos/member-4.svg does not exist'],
      [
        fourth(profile({ bio: "\n  - 'Teaches urban health and enviromental epidemiology.'" })),
        '"enviromental" is not in the dictionary. Did you mean "environmental"?',
      ],
      [
        fourth(profile({ email: '', 'e-mail': "'author.four@example.org'" })),
        'Unknown member field "e-mail". Did you mean "email" instead of "e-mail"?',
      ],
      [fourth(Buffer.from(profile({ bio: "\n  - 'Teaches sa\u00fade urbana.'" }), 'latin1')), 'This file is not saved as UTF-8'],
      [
        fourth(profile({ photo: "\n  src: ./photos/member-1.svg\n  alt: 'Photo'" })),
        '"photo.alt" ("Photo") names the kind of picture, not what it shows',
      ],
      [
        fourth(profile({ photo: portrait.replace('./photos/member-1.svg', './member-1.yaml') })),
        '"photo.src": ./member-1.yaml is a YAML, a kind of picture browsers do not show.',
      ],
      [fourth(profile({ order: '2' })), '"order": place 2 on the members page is already taken by book/members/member-2.yaml.'],
      [fourth(profile(), 'member-4.yml'), 'the book only reads files ending in .yaml, so this one would be left out. Rename it to member-4.yaml.'],
      [fourth(profile({ photo: portrait.replace('\n  src', '\n\tsrc') })), 'this file cannot be read: this line is indented with a tab.'],
      [fourth(profile({ photo: portrait.replace('./photos/member-1.svg', './photos') })), '"photo.src": ./photos is a folder, not a picture.'],
    ],
    accepted: [fourth(profile())],
  },
});
