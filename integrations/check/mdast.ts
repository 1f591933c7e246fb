/**
 * The few shapes of Sätteri's mdast the author check reads, loosely typed: it walks every node kind
 * alike, where the strict union types would need a guard per kind.
 */

export interface Node {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  /** A JSX element's name: Box, Figure, img; none for a fragment. */
  name?: string | null;
  attributes?: Attribute[];
  /** A footnote's mark or note: its name as written ([^Note]) and in lower case. */
  label?: string;
  identifier?: string;
  children?: Node[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

interface Attribute {
  type: string;
  name?: string;
  value?: string | { value: string } | null;
}

const isJsx = (node: Node) => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/** Calls `visit` on every node below `tree`, with the nodes it sits in (outermost first). */
export function walk(tree: Node, visit: (node: Node, ancestors: readonly Node[]) => void, ancestors: Node[] = []): void {
  for (const child of tree.children ?? []) {
    visit(child, ancestors);
    walk(child, visit, [...ancestors, child]);
  }
}

/** A JSX attribute's value as written: the quoted text, or the expression's text ({1} gives "1"). */
export function attributeValue(node: Node, name: string): string | undefined {
  if (!isJsx(node)) return undefined;
  const attribute = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  const value = attribute?.value;
  if (value === undefined || value === null) return undefined;
  return (typeof value === 'string' ? value : value.value).trim();
}

/** Whether a JSX element has the attribute at all (alt="" has it; an image with no alt has not). */
export const hasAttribute = (node: Node, name: string) => node.attributes?.some((a) => a.type === 'mdxJsxAttribute' && a.name === name) ?? false;

/** The words of a node as a reader hears them: its text, and the description of a picture in it. */
export const textOf = (node: Node): string => node.value ?? node.alt ?? (node.children ?? []).map(textOf).join('');

export const startOf = (node: Node) => node.position?.start.offset ?? 0;
export const endOf = (node: Node) => node.position?.end.offset ?? startOf(node);

/**
 * Where an attribute's value starts in the source (Sätteri gives attributes no position): the first
 * `name=` inside the element, which is in its opening tag.
 */
export function attributeOffset(source: string, node: Node, name: string): number {
  const pattern = new RegExp(`\\b${name}\\s*=\\s*["'{]?`, 'g');
  pattern.lastIndex = startOf(node);
  const match = pattern.exec(source);
  return match && match.index < endOf(node) ? match.index + match[0].length : startOf(node);
}
