/**
 * Footnotes a reader would not get: a mark with no note or a note with no mark (each shown as written, or never), a
 * note written twice, a line read into the note above it, a name with a space, and a mark in a heading or in a
 * picture's description.
 */
import noDuplicateDefinitions from 'remark-lint-no-duplicate-definitions';
import noUnusedDefinitions from 'remark-lint-no-unused-definitions';
import type { Finding } from '../findings.ts';
import { lint } from '../lint.ts';
import { endOf, type Node, startOf, walk } from '../mdast.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

function checkFootnotes(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  const found = (offset: number, message: string, kind: Finding['kind'] = 'page'): Finding => ({
    file: file.file,
    ...file.at(offset),
    kind,
    help: 'footnote',
    message,
  });
  // remark-lint's: notes no mark leads to, and notes written twice (each with the first).
  const notes = (found: { node: Node }) => found.node.type === 'footnoteDefinition';
  const unmarked = lint(file.tree, noUnusedDefinitions).filter(notes);
  const twice = new Map(
    lint(file.tree, noDuplicateDefinitions)
      .filter(notes)
      .map(({ node, earlier }) => [node, earlier!]),
  );
  // Marks in a component's prop: the props' rule's mistake, so their notes are not "without a mark".
  const propMarks = new Set<string>();
  const spacedNotes = new Set<string>();
  walk(file.tree, (node, ancestors) => {
    if (node.type === 'footnoteReference') {
      if (ancestors.some((ancestor) => ancestor.type === 'heading'))
        findings.push(
          found(
            startOf(node),
            "A footnote mark in a heading: the page's list of sections would show its number. Put the mark after the words it explains in the section's text.",
            'heading',
          ),
        );
    }
    for (const { value } of node.attributes ?? [])
      for (const mark of typeof value === 'string' ? value.matchAll(/\[\^([^\]\s]+)\]/g) : []) propMarks.add(mark[1]!.toLowerCase());
    // A mark inside a picture's description breaks the picture: readers see ![…](…) as text.
    if (node.type === 'paragraph' && /!\[[^\]]*\[\^[^\]]+\][^\]]*\]\(/.test(file.source.slice(startOf(node), endOf(node))))
      findings.push(
        found(
          startOf(node),
          "A footnote mark inside a picture's description: readers would see the picture's Markdown as text, not the picture. Put the mark in the sentence after the picture.",
        ),
      );
    if (node.type === 'footnoteDefinition') {
      const id = String(node.identifier ?? '').toLowerCase();
      const { line } = file.at(startOf(node));
      // A line straight under a note, at the left edge, after a sentence's end: the next paragraph, read into the note.
      const lines = file.source.slice(startOf(node), endOf(node)).split('\n');
      const joined = lines.findIndex((text, index) => index > 0 && /^[\p{Lu}\d"“‘(]/u.test(text) && /[.!?)"”’]\s*$/u.test(lines[index - 1]!));
      if (joined !== -1)
        findings.push({
          ...found(0, ''),
          line: line + joined,
          column: 1,
          message: `This line has no empty line above it, so it is read as part of the note [^${node.label ?? id}] and shown at the foot of the page. Leave an empty line after the note; if the line belongs to the note, indent it with four spaces.`,
        });
      const first = twice.get(node);
      if (first)
        findings.push(
          found(
            startOf(node),
            `The note [^${node.label ?? id}] is already written on line ${file.at(startOf(first)).line}: readers would see only the first. Give this one its own mark, such as [^${id}b], in the text and here.`,
          ),
        );
    }
    if (node.type === 'text') {
      const spacedNote = /\[\^([^\]]*\s[^\]]*)\]/.exec(node.value ?? '');
      if (spacedNote && !spacedNotes.has(spacedNote[1]!)) {
        spacedNotes.add(spacedNote[1]!);
        findings.push(
          found(
            startOf(node) + spacedNote.index,
            `The footnote name "${spacedNote[1]}" has a space in it, so neither the mark nor the note is read as one: readers see both as they are written. Write it without spaces, [^${spacedNote[1]!.trim().replace(/\s+/g, '-')}], in the text and at the note.`,
          ),
        );
      }
      const mark = /\[\^([^\]\s]+)\]/.exec(node.value ?? '');
      if (mark)
        findings.push(
          found(
            startOf(node) + mark.index,
            `The footnote mark ${mark[0]} has no note, so readers see "${mark[0]}" as it is. Add the note on a line of its own below the paragraph: ${mark[0]}: and the note's text.`,
          ),
        );
    }
  });
  for (const { node } of unmarked) {
    const id = String(node.identifier ?? '').toLowerCase();
    if (!propMarks.has(id))
      findings.push({
        ...found(startOf(node), ''),
        column: 1,
        message: `The note [^${id}] has no mark in the text, so readers would never see it. Put [^${id}] after the words it explains, or remove the note.`,
      });
  }
  return findings;
}

export default defineRule({
  check: checkFootnotes,
  help: {
    footnote: { shows: [{ rule: 'footnotes', example: 1 }] },
  },
  examples: {
    refused: [
      ['Cities grew faster than their sewers.[^1]\n', 'The footnote mark [^1] has no note, so readers see "[^1]" as it is.'],
      ['Cities grew.\n\n[^1]: A note no mark leads to.\n', 'The note [^1] has no mark in the text, so readers would never see it.'],
      ['Cities grew.[^1]\n\n[^1]: One note.\n\n[^1]: Another.\n', 'The note [^1] is already written on line 11'],
      [
        'Cities grew.[^1]\n\n[^1]: The note ends here.\nThe next paragraph starts here.\n',
        'This line has no empty line above it, so it is read as part of the note [^1]',
      ],
      ['Cities grew.[^a note]\n\n[^a note]: The note.\n', 'The footnote name "a note" has a space in it'],
      ['## Cities[^1]\n\nText.\n\n[^1]: The note.\n', 'A footnote mark in a heading'],
    ],
    accepted: ['Cities grew faster than their sewers.[^1]\n\n[^1]: As the census of 1851 shows.\n'],
  },
});
