/**
 * Mistakes in a page's shape that build without complaint: a second main heading (a page has one, its title), two
 * activities with the same number (readers are sent to the wrong one), and a published page that still holds the
 * instructions of the template npm run new:chapter and new:subpage start it from.
 */
import type { SourceFile } from './book-source.ts';
import type { Finding } from './findings.ts';
import type { BookMap } from './link-check.ts';
import { attributeValue, startOf, walk } from './mdast.ts';

export function checkPageStructure(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  const activities = new Map<string, number>();
  walk(file.tree, (node) => {
    const where = { file: file.file, ...file.at(startOf(node)) };
    if (node.type === 'heading' && (node as { depth?: number }).depth === 1) {
      findings.push({
        ...where,
        kind: 'heading',
        message:
          'A second main heading: the page already has one, its title (from the frontmatter). ' +
          'Start this section with two # instead: "## " and the heading, as the other sections do.',
      });
    }
    const number = node.name === 'Activity' ? attributeValue(node, 'number') : undefined;
    if (number === undefined) return;
    const first = activities.get(number);
    if (first === undefined) activities.set(number, where.line);
    else {
      findings.push({
        ...where,
        kind: 'component',
        help: 'duplicateActivity',
        message: `Activity ${number} is already on line ${first}: readers and links would reach the first one. Give each activity its own number.`,
      });
    }
  });
  return findings;
}

/** The words every instruction of the templates (tools/templates/) starts with. */
const templateInstruction = /Replace this\b/;

/** A published page (neither it nor its chapter a draft) with the template's instructions still in it. */
export function checkTemplateText(files: SourceFile[], draftOf: BookMap['draftOf']): Finding[] {
  return files.flatMap((file) => {
    const found = templateInstruction.exec(file.source);
    if (draftOf(file) || !found) return [];
    const text = file.source
      .slice(found.index)
      .split('\n')[0]!
      .replace(/[*"]+$/, '');
    return [
      {
        file: file.file,
        ...file.at(found.index),
        kind: 'template',
        message:
          `The page is published but still has the template's instructions ("${text.length > 60 ? `${text.slice(0, 60)}…` : text}"): readers would see them. ` +
          'Write your own text in their place, or keep the page a draft (draft: true) until it is done.',
      },
    ];
  });
}
