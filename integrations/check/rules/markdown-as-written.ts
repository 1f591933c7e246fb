/**
 * Markdown that is not read as the author meant, so that readers see its signs or lose its words: a sentence cut by a
 * line starting with - or +, a number after >, a link with no address or a citation in a link's words, bold never
 * closed, other tools' syntax, a block of code never closed, and one ~ that strikes words through.
 */
import noEmptyUrl from 'remark-lint-no-empty-url';
import type { Finding } from '../findings.ts';
import { lint } from '../lint.ts';
import { endOf, type Node, startOf, textOf, walk } from '../mdast.ts';
import { writtenAsCitation } from '../prose.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

function checkMarkdown(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  // remark-lint's: a link with no address (a picture with none is the pictures' check's).
  const emptyLinks = new Set(lint(file.tree, noEmptyUrl).flatMap(({ node }) => (node.type === 'link' ? [node] : [])));
  walk(file.tree, (node, ancestors) => {
    const where = { file: file.file, ...file.at(startOf(node)) };
    if (node.type === 'list') findings.push(...listInASentence(file, node, ancestors.at(-1) ?? file.tree!));
    if (node.type === 'blockquote' && /^\d/.test(textOf(node).trim()))
      findings.push({
        ...where,
        kind: 'page',
        help: 'unreadMarkdown',
        message:
          'A line that starts with > is a quotation, so the "greater than" is lost. Write it in words ("more than 25 mg"), or keep the > inside the line.',
      });
    if (emptyLinks.has(node))
      findings.push({
        ...where,
        kind: 'link',
        message:
          'This link has no address between its brackets (), so it leads nowhere. Write the address: [the words](https://…), or remove the brackets.',
      });
    if ((node.type === 'link' || node.name === 'LinkButton') && writtenAsCitation.test(textOf(node)))
      findings.push({
        ...where,
        kind: 'citation',
        help: 'unreadMarkdown',
        message:
          'A citation inside the words of a link is shown as it is written, brackets and all. Move the citation out of the link: [the words](address) [@key].',
      });
    // Text a reader sees as written: a paragraph's, a table cell's, a heading's.
    // A heading with no words at all (## ***) is the headings rule's one mistake, not also Markdown shown as written.
    const wordless = node.type === 'heading' && !/[\p{L}\p{N}]/u.test(textOf(node));
    if ((node.type === 'paragraph' || node.type === 'tableCell' || node.type === 'heading') && !wordless)
      findings.push(...unreadMarkdown(file, node));
    if (node.type === 'code' && !closedFence(file.source, node))
      findings.push({
        ...where,
        kind: 'page',
        help: 'unreadMarkdown',
        message:
          'This ``` starts a block of code that is never closed, so the rest of the file would show as code. Add a line of ``` where the code ends, or remove this one.',
      });
    if (node.type === 'delete' && file.source.slice(startOf(node), startOf(node) + 2) !== '~~')
      findings.push({
        ...where,
        kind: 'page',
        help: 'unreadMarkdown',
        message: `"${file.source.slice(startOf(node), endOf(node))}" would show crossed out: one ~ on each side strikes words through. For a subscript, type the character itself (H₂O).`,
      });
  });
  return findings;
}

/**
 * A sentence wrapped before "- 5" or "+ 5": a line starting with "- " or "+ " right under a paragraph is a list of
 * one item, so the sign is lost and the sentence is cut in two.
 */
function listInASentence(file: SourceFile, list: Node, parent: Node): Finding[] {
  const siblings = parent.children ?? [];
  const before = siblings[siblings.indexOf(list) - 1];
  const item = list.children?.[0];
  if (!before || before.type !== 'paragraph' || list.children?.length !== 1 || !item) return [];
  const sign = file.source[startOf(list)];
  const joined = file.at(startOf(list)).line === file.at(endOf(before)).line + 1;
  if (!joined || (sign !== '-' && sign !== '+') || !/^\d/.test(textOf(item).trim()) || /:\s*$/.test(textOf(before))) return [];
  return [
    {
      file: file.file,
      ...file.at(startOf(list)),
      kind: 'page',
      help: 'unreadMarkdown',
      message: `This line starts with "${sign} ", so it is read as a list of one item: the sign is lost and the sentence above is cut in two. Join it to the line above, or write the sign against the number (${sign === '-' ? '−' : '+'}${textOf(item).trim().split(/\s/)[0]}).`,
    },
  ];
}

/** Whether a block of code ends with its closing fence (a block left open runs to the end of the file). */
function closedFence(source: string, code: Node): boolean {
  const text = source.slice(startOf(code), endOf(code));
  const fence = /^(`{3,}|~{3,})/.exec(text)?.[1];
  return !fence || new RegExp(`\\n\\s*${fence[0]}{${fence.length},}\\s*$`).test(text);
}

/** Markdown that is not read as the author meant, so that readers see its signs: bold never closed, a link to a
 * definition the page lacks, and a table without its line of dashes. */
function unreadMarkdown(file: SourceFile, paragraph: Node): Finding[] {
  const findings: Finding[] = [];
  const found = (offset: number, message: string) =>
    findings.push({ file: file.file, ...file.at(offset), kind: 'page', help: 'unreadMarkdown', message });
  const texts = (paragraph.children ?? []).filter((child) => child.type === 'text');
  for (const text of texts) {
    const value = text.value ?? '';
    const bold = value.indexOf('**');
    if (bold !== -1)
      found(
        startOf(text) + bold,
        'Two asterisks (**) with no pair, so readers see them as they are. End the bold words with ** too, or remove them.',
      );
    const italic = bold === -1 ? /(^|\s)\*(?=\p{L})/u.exec(value) : null;
    if (italic)
      found(
        startOf(text) + italic.index + italic[1]!.length,
        'An asterisk (*) with no pair, so readers see it as it is. End the words in italics with * too, or remove it.',
      );
    const spaced = bold === -1 && !italic ? /(^|\s)\*\s+[^*\s][^*]*\*/u.exec(value) : null;
    if (spaced)
      found(
        startOf(text) + spaced.index + spaced[1]!.length,
        'A space after the first asterisk, so the words are not in italics and readers see both asterisks. Write them with no space inside: *the words*.',
      );
    // Other tools' Markdown (Pandoc, Quarto, Obsidian), which this book's shows as written.
    const foreign: [RegExp, string][] = [
      [
        /\^\[/,
        '^[…] is a note in other tools, and shown here as written. Write a footnote: [^1] after the words, and [^1]: the note on a line of its own below.',
      ],
      [
        /\^[^\s^[\]]+\^/,
        'Between two ^ is a superscript in other tools, and shown here as written. Type the character itself (10⁶, m²), or write it in words.',
      ],
      [/(^|\n):::/, '::: starts a block in other tools, and is shown here as written. For a set-apart text use a <Box>; for a note, a <Tip>.'],
      [
        /!?\[\[[^\]]+\]\]/,
        '[[…]] links pages in other tools (Obsidian, wikis), and is shown here as written. Write a link: [the words](/index/Chapter2), or a picture: ![what it shows](./images/its-name.svg).',
      ],
      [
        /^\[!(?:note|tip|important|warning|caution|info|abstract|example|quote)\]/i,
        '> [!…] is a callout in other tools (GitHub, Obsidian), and is shown here as written. For a note, use a <Tip>; for a set-apart text, a <Box>.',
      ],
      [/==[^=\s][^=]*==/, '==…== highlights in other tools, and is shown here as written. Use **bold** for the words that matter.'],
      [
        /\$[^\d\s$][^$]*[^\s$]\$/,
        '$…$ is a formula in other tools, and shown here as written, dollar signs and all. Write the formula in words or with the characters themselves (r = d ÷ n).',
      ],
      [/(^|\s)_(?=\p{L})(?![^_]*_)/u, 'An underscore (_) with no pair, so readers see it as it is. End the words in italics with _ too, or use *…*.'],
    ];
    for (const [pattern, message] of foreign) {
      const written = pattern.exec(value);
      if (written) found(startOf(text) + written.index + (written[1]?.length ?? 0), message);
    }
    // Rows pasted from a spreadsheet: their cells are separated by tabs, which the page shows as single spaces.
    const tabbed = value.split('\n').filter((line) => /\S\t+\S/.test(line));
    if (tabbed.length >= 2) {
      const [head = [], second = []] = tabbed.map((line) => line.trim().split(/\t+/));
      found(
        startOf(text) + value.indexOf(tabbed[0]!),
        'Lines with tabs between their words (a table pasted from a spreadsheet) run together into one paragraph. Write a table: ' +
          `| ${head.join(' | ')} |, then | ${head.map(() => '---').join(' | ')} |, then a line for each row, such as | ${second.join(' | ')} |.`,
      );
    }
    const bullet = /(^|\n)\s*[•●▪◦]\s/u.exec(value);
    if (bullet)
      found(
        startOf(text) + bullet.index + bullet[1]!.length,
        'Lines that start with • are not a list in Markdown: they run together into one paragraph. Start each line with "- " instead, with an empty line before the list.',
      );
    const link = /\[([^\]]+)\]\((\S*)$/.exec(value);
    if (link)
      found(
        startOf(text) + link.index,
        `The link "[${link[1]}](" is never closed with ), so readers see the brackets and the address. End the address with ): [${link[1]}](${link[2] || 'https://…'}).`,
      );
    const reference = /\[([^\]]+)\]\[([^\]]*)\]/.exec(value);
    const [, first = '', second = ''] = reference ?? [];
    // [@a][@b]: two citations side by side, which Markdown reads as a link to a definition.
    if (reference && first.startsWith('@') && second.startsWith('@'))
      found(
        startOf(text) + reference.index,
        `"${reference[0]}" is two citations side by side, which Markdown reads as a link, so readers see the brackets. Put them in one pair of brackets, separated by a semicolon: [${first}; ${second}].`,
      );
    else if (reference)
      found(
        startOf(text) + reference.index,
        `"${reference[0]}" points to a definition [${second || first}]: that this page does not have, so readers see the brackets. Write the address in the link itself: [${first}](https://…).`,
      );
  }
  for (const code of (paragraph.children ?? []).filter((child) => child.type === 'inlineCode' && /^r\s+\S/.test(child.value ?? '')))
    found(
      startOf(code),
      "`r …` is R Markdown's inline code, which this book does not run: readers would see the code. Type the value it gives instead.",
    );
  const heading = /^(#{1,6})(?:\u00A0|(?=[\p{L}\d]))/u.exec(textOf(paragraph));
  if (heading)
    found(
      startOf(paragraph),
      `"${heading[1]}" with no space after it is not read as a heading, so readers see the # signs. ` +
        (heading[1] === '#'
          ? 'Start the section with two # and a space ("## "), as the other sections do.'
          : `Type a space after them: "${heading[1]} ".`),
    );
  const lines = textOf(paragraph).split('\n');
  if (lines.length > 1 && lines.every((line) => /^\s*\|.*\|\s*$/.test(line)))
    found(
      startOf(paragraph),
      'This reads as a table but has no line of dashes under its first row (| --- | --- |), so readers see the | signs. Add that line.',
    );
  return findings;
}

export default defineRule({
  check: checkMarkdown,
  help: {
    unreadMarkdown: {
      about: ["Readers would see Markdown's signs."],
      shows: [
        { rule: 'markdownAsWritten', example: 1 },
        { rule: 'markdownAsWritten', example: 8 },
        { rule: 'markdownAsWritten', example: 2 },
        { rule: 'markdownAsWritten', example: 9 },
        { rule: 'bibliography', example: 7 },
      ],
    },
  },
  examples: {
    refused: [
      ['Cities **grew faster than their sewers.\n', 'Two asterisks (**) with no pair'],
      ['| City | Year |\n| Lagos | 2018 |\n', 'This reads as a table but has no line of dashes under its first row'],
      ['Read [the report](https://www.who.int and go on.\n', 'The link "[the report](" is never closed with )'],
      ['> 25 mg a day: is it too much?\n', 'A line that starts with > is a quotation'],
      ['See [the report]().\n', 'This link has no address between its brackets ()'],
      ['```\nsome code\n', 'This ``` starts a block of code that is never closed'],
      ['Water is H~2~O.\n', '"~2~" would show crossed out'],
      ['Read [the WHO report][who-2016].\n', '"[the WHO report][who-2016]" points to a definition [who-2016]: that this page does not have'],
      ['See [the report [@galea2005]](https://www.who.int).\n', 'A citation inside the words of a link is shown as it is written'],
    ],
    accepted: [
      'Cities **grew** faster than their sewers, as [the report](https://www.who.int) shows.\n\n| City | Year |\n| --- | --- |\n| Lagos | 2018 |\n',
    ],
  },
});
