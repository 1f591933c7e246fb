/**
 * Headings that lead readers astray: a second main heading (a page has one, its title), a level skipped, words used
 * twice or none (a screen reader's list of headings and 'On this page' lose their way), a heading that takes another
 * part's address, one written in HTML or made by a line of --- by accident, one inside a box or a dialog, and the
 * reference list's heading out of place.
 */
import { componentOf, placeOf } from '../../../src/components/book/component-rules.ts';
import { layoutIds } from '../../../src/lib/anchor-ids.ts';
import headingIncrement from 'remark-lint-heading-increment';
import noDuplicateHeadings from 'remark-lint-no-duplicate-headings';
import type { Finding } from '../findings.ts';
import { lint } from '../lint.ts';
import { attributeValue, endOf, type Node, startOf, textOf, walk } from '../mdast.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** Ids the layouts give pages already (src/lib/anchor-ids.ts), by what has them. */
const pageIds: Record<string, string> = {
  [layoutIds.content]: "the page's main text",
  [layoutIds.downloads]: 'the "Take the book away" section',
  [layoutIds.resume]: 'the "Continue where you left off" link',
  [layoutIds.subpages]: "the chapter's list of blocks",
  [layoutIds.dataSaverNote]: "the page's data-saver note",
  [layoutIds.preface]: 'the preface',
};

/** The words of a reference list's heading: at another level than ##, its own mistake (and only that). */
const referencesHeading = /^(references|reference list|bibliography)$/i;

function checkHeadings(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  // remark-lint's: a level skipped (after the page's title, its one level-1 heading), and words used twice.
  const title: Node = { type: 'heading', depth: 1, children: [] } as Node;
  const skipped = new Map(
    lint({ ...file.tree, children: [title, ...(file.tree.children ?? [])] }, headingIncrement).map((found) => [found.node, found.earlier]),
  );
  const repeated = new Map(lint(file.tree, noDuplicateHeadings).map((found) => [found.node, found.earlier]));
  const headingPlaces: { words: string; where: { file: string; line: number; column: number } }[] = [];
  const componentIds = new Map<string, string>();
  walk(file.tree, (node, ancestors) => {
    const where = { file: file.file, ...file.at(startOf(node)) };
    const place = placeOf(node.name, (prop) => attributeValue(node, prop));
    if (place) componentIds.set(place.id, place.name);
    if (node.type === 'heading') headingPlaces.push({ words: textOf(node).trim(), where });
    if (node.type === 'heading' && ancestors.length === 0 && (node as { depth?: number }).depth === 2 && textOf(node).trim() === 'References') {
      const siblings = file.tree!.children ?? [];
      // A note below the list is the author's to keep; a section or a box after it reads as part of the references.
      const after = siblings.slice(siblings.indexOf(node) + 1).find((sibling) => sibling.type === 'heading' || sibling.type === 'mdxJsxFlowElement');
      if (after)
        findings.push({
          ...where,
          kind: 'heading',
          help: 'headingOrder',
          message: `The chapter's reference list goes under "## References", so it must be the last section: what comes after it (line ${file.at(startOf(after)).line}) would sit under the same heading, below the sources. Move ## References to the end of the page.`,
        });
    }
    const depth = (node as { depth?: number }).depth;
    if (node.type === 'heading' && ancestors.length === 0 && depth !== 2 && referencesHeading.test(textOf(node).trim()))
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message: `The reference list's heading is "## References", with two #: under "${'#'.repeat(depth ?? 1)} ${textOf(node).trim()}" the book would add its own, and leave this one empty. Write ## References.`,
      });
    const holder = ancestors.find((ancestor) => componentOf(ancestor.name)?.hides);
    if (node.type === 'heading' && holder)
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message: `A heading inside a <${holder.name}>: the page's list of sections would lead into a ${componentOf(holder.name)!.hides}. Write its words in bold (**…**) on a line of their own instead.`,
      });
    if (componentOf(node.name)?.popup && ancestors.some((ancestor) => ancestor.type === 'heading'))
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message: `A <${node.name}> in a heading: its words would join the heading in the page's list of sections and in its address. Put the ${componentOf(node.name)!.popup} at the end of a sentence of the section.`,
      });
    // A heading pasted as HTML is none of the page's: not in its list of sections, its order unchecked, with no address.
    const htmlHeading = /^h([1-6])$/.exec(node.name ?? '');
    if (htmlHeading && (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'))
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message: `<${node.name}> is a heading written in HTML: the page's list of sections and its heading order do not see it. Write it in Markdown: ${'#'.repeat(Number(htmlHeading[1]))} ${textOf(node).trim() || 'the heading'}`,
      });
    // A line of --- or === under a paragraph makes it a heading (Markdown's older way), often by accident: that one
    // message, not also the level it happens to give.
    const underlined = node.type === 'heading' && !file.source.slice(startOf(node), endOf(node)).trimStart().startsWith('#');
    if (underlined)
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message:
          'The line of --- or === under this paragraph makes it a heading. Leave a blank line between them for a dividing line, or write the heading with ## in front.',
      });
    if (node.type === 'heading' && !underlined) {
      const depth = (node as { depth?: number }).depth ?? 1;
      const words = textOf(node).trim();
      if (depth === 1 && !referencesHeading.test(words)) {
        findings.push({
          ...where,
          kind: 'heading',
          help: 'secondMainHeading',
          message:
            'A second main heading: the page already has one, its title (from the frontmatter). ' +
            'Start this section with two # instead: "## " and the heading, as the other sections do.',
        });
      } else if (skipped.has(node) && !referencesHeading.test(words)) {
        const level = (skipped.get(node) as { depth?: number } | undefined)?.depth ?? 1;
        findings.push({
          ...where,
          kind: 'heading',
          help: 'headingOrder',
          message:
            `A level-${depth} heading (${'#'.repeat(depth)}) right after a level-${level} one: a screen reader announces a level that is missing. ` +
            `Write it with ${'#'.repeat(level + 1)}, one level below the heading before it.`,
        });
      }
      const first = repeated.get(node);
      if (first)
        findings.push({
          ...where,
          kind: 'heading',
          help: 'headingOrder',
          message: `"${words}" is already a heading of this page, on line ${file.at(startOf(first)).line}: the page's list of sections would show two alike. Give this one words of its own.`,
        });
    }
    if (node.type === 'heading' && textOf(node).trim() !== '' && !/[\p{L}\p{N}]/u.test(textOf(node)))
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message: `"${textOf(node).trim()}" has no words: readers' list of sections and its link would be empty. Write the section's title in words.`,
      });
    if (node.type === 'heading' && textOf(node).trim() === '')
      findings.push({
        ...where,
        kind: 'heading',
        help: 'headingOrder',
        message:
          "A heading with no words: readers' list of sections would show an empty line. Write the section's title after the # signs, or remove the line.",
      });
  });
  // A heading whose words are a component's name (## Box 1), or a part of every page's (## Content), gets that
  // address too: links and the list of sections would reach one.
  if (headingPlaces.length === file.headingIds.length)
    for (const [index, { words, where }] of headingPlaces.entries()) {
      const component = componentIds.get(file.headingIds[index]!) ?? pageIds[file.headingIds[index]!];
      if (component)
        findings.push({
          ...where,
          kind: 'heading',
          help: 'headingOrder',
          message: `The heading "${words}" gets the address #${file.headingIds[index]}, which ${component} has already: a link to either would reach only one. Give the heading other words.`,
        });
    }
  return findings;
}

export default defineRule({
  check: checkHeadings,
  help: {
    secondMainHeading: { shows: [{ rule: 'headings', example: 3 }] },
    headingOrder: {
      shows: [
        { rule: 'headings', example: 1 },
        { rule: 'headings', example: 2 },
        { rule: 'headings', example: 5 },
      ],
    },
  },
  examples: {
    refused: [
      ['## Water\n\n#### Pipes\n', 'A level-4 heading (####) right after a level-2 one'],
      ['## Water\n\nText.\n\n## Water\n', '"Water" is already a heading of this page, on line 9'],
      ['# Water\n', 'A second main heading: the page already has one, its title'],
      ['## ***\n', '"***" has no words'],
      ['## \n\nText.\n', 'A heading with no words'],
      [
        '## Box 1\n\n<Box number={1} title="Maya cities">\n\nText.\n\n</Box>\n',
        'The heading "Box 1" gets the address #box-1, which Box 1 has already',
      ],
      ['<h2>Water</h2>\n', '<h2> is a heading written in HTML'],
      ['Water and sanitation\n---\n', 'The line of --- or === under this paragraph makes it a heading'],
      ['<Box number={1} title="Maya cities">\n\n## Cities\n\nText.\n\n</Box>\n', 'A heading inside a <Box>'],
      ['## Water <Tip label="Note">A note.</Tip>\n', 'A <Tip> in a heading'],
      ['# References\n', 'The reference list\'s heading is "## References", with two #'],
      ['## References\n\n## Annexes\n', 'The chapter\'s reference list goes under "## References", so it must be the last section'],
    ],
    accepted: ['## Water\n\n### Pipes\n\n## Sanitation\n\n**In a box**\n\n## References\n'],
  },
});
