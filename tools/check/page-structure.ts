/**
 * Mistakes in a page's shape that build without complaint: a second main heading (a page has one, its title), and
 * two activities with the same number (readers are sent to the wrong one).
 */
import type { SourceFile } from './book-source.ts';
import type { Finding } from './findings.ts';
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
        message: `Activity ${number} is already on line ${first}: readers and links would reach the first one. Give each activity its own number.`,
      });
    }
  });
  return findings;
}
