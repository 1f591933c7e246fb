/**
 * The members page's profiles (book/members/*.yaml), checked with the build's own schema and in its words: each field,
 * a file the book would skip, two cards asking for one place, and text the page cannot show.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { frontmatterIssues, issueMessage, lineOfField, readYaml } from '../../src/lib/frontmatter-mistakes.ts';
import { collectionSchemas } from '../../src/schemas/collection-schemas.ts';
import { shownPath, skippedFileFindings } from './source-files.ts';
import { notUtf8 } from './rules/unreadable-characters.ts';
import type { Finding } from './findings.ts';
import { meaninglessAlt, photoProblem } from './rules/pictures.ts';
import { writtenInField } from './prose.ts';
import { type Speller, spellingWords, wordsToCheck } from './rules/spelling.ts';

const pattern = '*.yaml';

/** With a `speller`, the biographies are spelt as the chapters are, against the same word list. */
export async function checkMembers(project: string, speller?: Speller, wordListName = 'chapters/words.txt'): Promise<Finding[]> {
  const spelling = speller && spellingWords(speller, wordListName);
  const dir = join(project, 'book/members');
  if (!existsSync(dir)) return [];
  const findings: Finding[] = skippedFileFindings(dir, [pattern]);
  const places = new Map<number, string>();
  for (const name of globSync(pattern, { cwd: dir }).sort()) {
    const path = join(dir, name);
    const file = shownPath(path);
    const bytes = readFileSync(path);
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
    const issues = frontmatterIssues(process.cwd(), path, source, read.data, collectionSchemas.members);
    for (const issue of issues)
      findings.push({ file, line: issue.line ?? 1, column: issue.column ?? 1, kind: 'profile', message: issueMessage(issue) });
    if (issues.length > 0) continue;
    const { order, bio, photo } = read.data as { order: number; bio: string[]; photo: { src: string; alt: string } };
    if (meaninglessAlt(photo.alt, photo.src))
      findings.push({
        file,
        line: lineOfField(path, 'photo.alt') ?? 1,
        column: 1,
        kind: 'profile',
        message: `"photo.alt" ("${photo.alt}") names the kind of picture, not what it shows, which is what a screen reader says of it. Describe the person: alt: "A woman with short grey hair, smiling, in front of a bookshelf".`,
      });
    // A photo the members page cannot show (a HEIC, an empty file, a page saved as .jpg) would stop the build.
    const photoFault = await photoProblem(photo.src, path, project);
    if (photoFault && photoFault.kind !== 'largePicture')
      findings.push({ file, line: lineOfField(path, 'photo.src') ?? 1, column: 1, kind: 'profile', message: `"photo.src": ${photoFault.message}` });
    // A card shows its name and biography as plain text: markup, citations and curly quotes would show as written.
    const lines = source.split('\n');
    const { name: shownName } = read.data as { name: string };
    for (const text of [shownName, ...bio]) {
      const markup = writtenInField(text, 'the chapters');
      const at = lines.findIndex((written) => written.includes(text.slice(0, 40)));
      const line = at + 1 || (lineOfField(path, text === shownName ? 'name' : 'bio') ?? 1);
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
      if (text === shownName || !speller || !spelling) continue;
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
        line: lineOfField(path, 'order') ?? 1,
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
