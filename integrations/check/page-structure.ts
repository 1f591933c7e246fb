/**
 * Mistakes in a page's shape that build without complaint: components in the wrong place, two boxes, activities or
 * annexes with the same number (readers and links reach the first), Markdown readers would see as written, and a
 * published page that still holds the instructions of the template npm run new:chapter and new:subpage start it from.
 */
import type { SourceFile } from './source-files.ts';
import type { Finding } from './findings.ts';
import type { BookMap } from './link-check.ts';
import { attributeValue, endOf, type Node, startOf, textOf, walk } from './mdast.ts';
import { componentOf, components, placeOf } from '../../src/components/book/component-rules.ts';
import { propsOf } from '../../src/components/book/define.ts';
import { writtenAsCitation } from './prose.ts';

/** Components that hold the author's text: empty, they show a title over nothing. */
const holders = new Set(Object.entries(components).flatMap(([name, component]) => (component.holdsText ? [name] : [])));

/** Components that make a block of their own (what a reader sees them as): never inside a sentence or a tip's few words. */
const blocks = new Map(Object.entries(components).flatMap(([name, component]) => (component.block ? [[name, component.block] as const] : [])));

export function checkPageStructure(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  const numbers = new Map<string, number>();
  const lastNumber = new Map<string, number>();
  const chapter = file.kind === 'chapter' ? file.frontmatter['number'] : file.frontmatter['chapter'];
  walk(file.tree, (node, ancestors) => {
    const where = { file: file.file, ...file.at(startOf(node)) };
    const place = placeOf(node.name, (prop) => attributeValue(node, prop));
    const popup = ancestors.find((ancestor) => componentOf(ancestor.name)?.popup);
    const block = node.name && blocks.has(node.name) && popup ? node.name : undefined;
    if (block) {
      const noun = componentOf(popup!.name)!.popup;
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: `A <${block}> inside a <${popup!.name}>: a ${noun} holds a few words, shown in a small pop-up. Close the ${noun} before it and put the ${blocks.get(block)} after the paragraph.`,
      });
    } else if (node.type === 'mdxJsxTextElement' && node.name && blocks.has(node.name))
      findings.push({
        ...where,
        kind: 'component',
        help: 'textMistakes',
        message: `<${node.name}> is written inside a line of text, so the page would show it inside a sentence, not as ${/^[aeiou]/.test(blocks.get(node.name) ?? '') ? 'an' : 'a'} ${blocks.get(node.name)} of its own. ${
          file.source.slice(0, endOf(node)).endsWith('/>')
            ? `Put <${node.name} … /> on a line of its own.`
            : `Put <${node.name} …> and </${node.name}> each on a line of its own, with the text between them.`
        }`,
      });
    if (node.type === 'list') findings.push(...listInASentence(file, node, ancestors.at(-1) ?? file.tree!));
    if (node.name && holders.has(node.name) && (node.children ?? []).length === 0)
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: `A <${node.name}> with nothing inside: readers would open it onto nothing. Write its text between <${node.name} …> and </${node.name}>.`,
      });
    if (componentOf(node.name)?.decks && file.kind !== 'slides')
      findings.push({
        ...where,
        kind: 'component',
        message:
          `A <${node.name}> belongs in a slide deck (a file in book/slides/): in a page it would show as a heading and a number. ` +
          'Put the slides in a deck, and show the deck here with <Embed kind="slides" src="/slides/its-file-name" title="…" source="…" />.',
      });
    const loose =
      file.kind === 'slides' &&
      ancestors.length === 0 &&
      !['yaml', 'mdxjsEsm', 'mdxFlowExpression'].includes(node.type) &&
      !componentOf(node.name)?.decks;
    if (loose)
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: 'Text between the slides, outside any <Slide>: it would show on no slide. Put it inside the <Slide> it belongs to.',
      });
    if (node.name === 'Box' && ancestors.some((ancestor) => ancestor.name === 'Box'))
      findings.push({
        ...where,
        kind: 'component',
        help: 'duplicateActivity',
        message: 'A <Box> inside another <Box>: a reader would open two to find it. Close the first box before this one starts.',
      });
    if (node.type === 'blockquote' && /^\d/.test(textOf(node).trim()))
      findings.push({
        ...where,
        kind: 'page',
        help: 'unreadMarkdown',
        message:
          'A line that starts with > is a quotation, so the "greater than" is lost. Write it in words ("more than 25 mg"), or keep the > inside the line.',
      });
    if (node.name === 'Annex' && typeof chapter === 'number') {
      const number = attributeValue(node, 'number') ?? '';
      if (number && !number.startsWith(`${chapter}.`))
        findings.push({
          ...where,
          kind: 'component',
          help: 'duplicateActivity',
          message: `Annex ${number} is in chapter ${chapter}, whose annexes are ${chapter}.1, ${chapter}.2 and on. Number it ${chapter}.N.`,
        });
    }
    // Boxes, activities and figures are numbered in the order they come: Box 5 after Box 1 leaves readers looking for 2 to 4.
    // A series is numbered by a whole number (Box 1, Box 2) or by a label's last number (Map 1, Figure 2).
    const numbered = node.name && Object.hasOwn(components, node.name) ? components[node.name]!.numbered : undefined;
    const byLabel = numbered?.by === 'label';
    const counted = numbered && (byLabel || propsOf(components[node.name!]!)[numbered.by]?.kind === 'number');
    const written = counted ? attributeValue(node, numbered.by) : undefined;
    const series = !counted ? undefined : byLabel ? /^(\D+)\s/.exec(written ?? '')?.[1] : node.name!;
    const ordinal = Number(/(\d+)$/.exec(written ?? '')?.[1]);
    // One whose number is missing (reported by the component rules) holds its place in the order.
    if (series && !byLabel && written === undefined) lastNumber.set(series, (lastNumber.get(series) ?? 0) + 1);
    if (series && Number.isInteger(ordinal) && ordinal > 0) {
      const previous = lastNumber.get(series) ?? 0;
      if (ordinal > previous + 1)
        findings.push({
          ...where,
          kind: 'component',
          help: 'duplicateActivity',
          message: `${series} ${ordinal} comes after ${previous === 0 ? 'no other' : `${series} ${previous}`}: number them in the order they come, from 1. Make this one ${series} ${previous + 1}.`,
        });
      // A number used twice (reported on its own) was meant as the next one: the order goes on from there.
      lastNumber.set(series, ordinal <= previous ? previous + 1 : ordinal);
    }
    if (node.type === 'link' && (node.url ?? '').trim() === '')
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
    if (node.type === 'paragraph' || node.type === 'tableCell' || node.type === 'heading') findings.push(...unreadMarkdown(file, node));
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
    if (!place) return;
    const [component, key] = [node.name!, place.name];
    // Labels that differ only in capitals give one address (figure-1).
    const first = numbers.get(key.toLowerCase());
    if (first === undefined) numbers.set(key.toLowerCase(), where.line);
    else {
      findings.push({
        ...where,
        kind: 'component',
        help: 'duplicateActivity',
        message: `${key} is already on line ${first}: readers and links would reach the first one. Give each ${component.toLowerCase()} its own number.`,
      });
    }
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

/** The words every instruction of the templates (tools/new/templates/) starts with, wherever a line wraps between them. */
const templateInstruction =
  /\breplace\s+this\b|replace\s+it\s+with\s+the\s+chapter's\s+picture|"a placeholder made by npm run new:|\bwrite\s+three\s+to\s+\w+\s+\w+,\s+one\s+a\s+line\b/gi;

/** The source with what readers never see blanked out, offsets kept: MDX comments and the frontmatter's # comments. */
const shownText = (source: string) =>
  source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^---\n[\s\S]*?\n---(?=\n)/, (frontmatter) => frontmatter.replace(/^(\s*)#.*$/gm, (line) => line.replace(/[^\n]/g, ' ')));

/** A published page (neither it nor its chapter a draft) with the template's instructions still in it. */
export function checkTemplateText(files: SourceFile[], draftOf: BookMap['draftOf']): Finding[] {
  return files.flatMap((file) => {
    if (draftOf(file)) return [];
    // Every instruction left, each at its place: an author fixing them one run at a time would find the next only after.
    return [...shownText(file.source).matchAll(templateInstruction)].map((found) => {
      // The instruction's words, joined where its line wraps, up to the end of its italics or quotes.
      const text = file.source
        .slice(found.index, found.index + 120)
        .replace(/\s+/g, ' ')
        .replace(/^"/, '')
        .replace(/[*"][\s\S]*$/, '');
      return {
        file: file.file,
        ...file.at(found.index),
        kind: 'template' as const,
        message:
          `The page is published but still has the template's instructions ("${text.length > 60 ? `${text.slice(0, 60)}…` : text}"): readers would see them. ` +
          'Write your own text in their place, or keep the page a draft (draft: true) until it is done.',
      };
    });
  });
}
