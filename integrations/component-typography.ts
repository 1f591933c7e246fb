import { defineMdastPlugin } from 'satteri';
import type { MdastVisitorContext, MdxJsxFlowElement, MdxJsxTextElement } from 'satteri';
import { componentOf, wordPropsOf } from '../src/components/book/component-rules.ts';
import { typeset } from '../src/lib/typography.ts';

type JsxElement = Readonly<MdxJsxFlowElement | MdxJsxTextElement>;

/** A book component's words, set as the Markdown around them is: "The world's" with a curly apostrophe in both. */
function setWords(node: JsxElement, ctx: MdastVisitorContext): void {
  if (!componentOf(node.name)) return;
  const words = wordPropsOf(node.name);
  let changed = false;
  const attributes = node.attributes.map((attribute) => {
    if (attribute.type !== 'mdxJsxAttribute' || !words.includes(attribute.name) || typeof attribute.value !== 'string') return attribute;
    const value = typeset(attribute.value);
    changed ||= value !== attribute.value;
    return { ...attribute, value };
  });
  // The element again, its children passed through: Sätteri sets no attributes in place.
  if (changed) ctx.replaceNode(node, { ...node, attributes, children: node.children } as MdxJsxFlowElement);
}

export const typography = defineMdastPlugin({
  name: 'book-typography',
  mdxJsxFlowElement: setWords,
  mdxJsxTextElement: setWords,
});
