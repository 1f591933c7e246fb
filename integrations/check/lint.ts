/**
 * remark-lint's rules, run on the check's own tree of a file (Sätteri's mdast, with positions): each finding as the
 * node it is about and the node it points back to, for a rule of the book to say in an author's words.
 */
import { unified, type Plugin } from 'unified';
import { VFile } from 'vfile';
import type { Node } from './mdast.ts';

export interface LintFinding {
  node: Node;
  /** The nodes it sits in, outermost first. */
  parents: Node[];
  /** What the finding points back to: the heading before it, the first of two alike. */
  earlier: Node | undefined;
}

type Ancestry = { ancestors?: Node[] } | undefined;

/** What one remark-lint rule finds in a tree. */
export function lint(tree: Node, rule: unknown): LintFinding[] {
  const file = new VFile();
  // A rule's types are remark's (mdast's Root); the check's tree is the same shape, loosely typed.
  unified()
    .use(rule as Plugin)
    .runSync(tree as never, file);
  return file.messages.flatMap(({ ancestors, cause }) => {
    const [node, ...parents] = ((ancestors as Node[] | undefined) ?? []).toReversed();
    return node ? [{ node, parents: parents.toReversed(), earlier: (cause as Ancestry)?.ancestors?.at(-1) }] : [];
  });
}
