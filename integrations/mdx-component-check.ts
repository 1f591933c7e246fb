import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'satteri';
import { type ComponentName, checkComponentUse, componentOf, components } from '../src/components/book/component-rules.ts';
import type { WrittenProp } from '../src/components/book/define.ts';
import { withHelp, type Help } from '../src/lib/troubleshooting.ts';
import { closestField } from '../src/schemas/messages.ts';

/** " Did you mean <Box>?" for a name a letter or two from a component's, or nothing. */
const meantComponent = (name: string) => {
  const meant = closestField(name, Object.keys(components));
  return meant ? ` Did you mean <${meant}>?` : '';
};

type JsxElement = Readonly<MdxJsxFlowElement | MdxJsxTextElement>;

/**
 * Checks every book component used in an MDX chapter against its rules while the file is compiled,
 * so a wrong prop stops the build naming the file, the line and the fix (as `astro dev` shows it too).
 */
export const mdxComponentCheck = defineMdastPlugin({
  name: 'book-mdx-component-check',
  options: { position: true },
  before(root, ctx) {
    imported.set(ctx.data, importedNames(root.children.filter((node) => node.type === 'mdxjsEsm').map((node) => node.value)));
  },
  mdxJsxFlowElement: (node, ctx) => check(node, ctx),
  mdxJsxTextElement: (node, ctx) => check(node, ctx),
  // An image reports on the Figure around it: reading each Figure's whole content from the parser costs more.
  image: (node, ctx) => {
    let parent = node.alt?.trim() ? undefined : ctx.parent(node);
    while (parent && !isFigure(parent, imported.get(ctx.data))) parent = ctx.parent(parent);
    if (parent) report(parent as JsxElement, [figureImageWithoutAlt], ctx);
  },
});

const imported = new WeakMap<object, Set<string>>();

const figureImageWithoutAlt = withHelp(
  '<Figure> has an image with no description. Write one between the brackets: ![what the picture shows](./images/file.svg).',
  'figureAlt',
);

/** Whether a node is the book's <Figure> (not one the file imports itself). */
const isFigure = (node: { type: string; name?: string | null }, importedNames: ReadonlySet<string> = new Set()) =>
  (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === 'Figure' && !importedNames.has('Figure');

/** A component's own problems; a Figure's images are checked by the image visitor above. */
const check = (node: JsxElement, ctx: { fileURL: URL | undefined; data: object }) =>
  report(node, componentProblems(node, imported.get(ctx.data) ?? new Set(), { images: false }), ctx);

function report(node: JsxElement, problems: string[], ctx: { fileURL: URL | undefined }) {
  if (problems.length === 0) return;
  const file = ctx.fileURL ? relative(process.cwd(), fileURLToPath(ctx.fileURL)) : 'a chapter';
  const { line, column } = node.position?.start ?? {};
  const where = line ? `${file}:${line}` : file;
  // The MDX integration turns line and column into the error's location: the dev server's overlay shows that line.
  throw Object.assign(new Error(problems.map((problem) => `${where}: ${problem}`).join('\n')), { line, column, title: 'A mistake in a component.' });
}

/**
 * What is wrong with one JSX element of a chapter, each a sentence with the fix; empty when it is right.
 * Also run by the author check (npm run check), so the two never disagree. With `images: false` a
 * Figure's images are left to the caller (the build's check reads them as the parser visits them).
 */
export function componentProblems(node: JsxElement, importedNames: ReadonlySet<string>, { images = true } = {}): string[] {
  const name = node.name;
  // A book component written in lower case is taken for an HTML element of that name: its title and frame are lost.
  const meant = name && /^[a-z]/.test(name) ? Object.keys(components).find((component) => component.toLowerCase() === name.toLowerCase()) : undefined;
  if (meant) {
    return [
      withHelp(
        `<${name}> is written in lower case, so it is not the book's ${meant}: readers would get its text without what ${meant} adds. ` +
          `A component's name starts with a capital letter: write <${meant}>, and </${meant}> at its end.`,
        'lowerCase',
      ),
    ];
  }
  const refused = name ? refusedElements[name] : undefined;
  if (refused) return [withHelp(`<${name}> cannot be used in a chapter: ${refused}`, 'refusedElement')];
  // Other lower-case names are plain HTML elements; fragments have no name.
  if (!name || !/^[A-Z]/.test(name) || importedNames.has(name.split('.')[0] ?? name)) return [];
  const props = writtenProps(node);
  const twice = props.find((prop, index) => props.findIndex((other) => other.name === prop.name) < index);
  if (twice) return [withHelp(`<${name}> has "${twice.name}" twice: only one of the two would be used. Keep the right one.`, 'unknownProp')];
  const problems = isBookComponent(name)
    ? checkComponentUse(name, props, node.children.length > 0, () => node.children.map(textIn).join(''))
    : [
        withHelp(
          `<${name}> is not a component of this book.${meantComponent(name)} The components are: ${Object.keys(components).join(', ')}.`,
          'notComponent',
        ),
      ];
  if (name === 'Figure' && images) problems.push(...imagesWithoutAlt(node));
  return problems;
}

/**
 * HTML elements a chapter may not hold, and why: the book's security policy refuses what they would load or run, and
 * a form or a page's own head has no place in a chapter. Readers would get nothing, or a broken page.
 */
const policy = "the book's security policy refuses it, so readers would see nothing in its place.";
const refusedElements: Record<string, string> = {
  script: `${policy} The book's components (Activity, Embed, Figure) do what a chapter needs.`,
  iframe: `${policy} Show a video, slides or a PDF with <Embed>: it loads only when a reader asks.`,
  object: `${policy} Show a PDF with <Embed kind="pdf">.`,
  embed: `${policy} Show a video, slides or a PDF with the book's <Embed> (a capital E).`,
  frame: `${policy} Show a video, slides or a PDF with <Embed>.`,
  style: "a chapter's styles would change every page of the book. Use the book's components, which are styled already.",
  link: "it belongs in a page's head, which the book writes. For a link in the text, write [its words](its address).",
  meta: "it belongs in a page's head, which the book writes from the frontmatter.",
  base: 'it would change where every link of the page leads.',
  form: 'the book is published as plain pages, with nothing to receive what a reader sends.',
  input: 'the book is published as plain pages, with nothing to receive what a reader types. Use an <Activity> to set a task.',
  button: 'a button in the text does nothing when pressed. Use a link, or an <Activity>.',
  video:
    'the file would be fetched with the page by every reader, who pays for it, and it has no captions the book checks. Put the video on a video site and show it with <Embed kind="video">, or link to it.',
  audio:
    'the file would be fetched with the page by every reader, who pays for it. Put it on another site and link to it, with its transcript in the text.',
};

function isBookComponent(name: string): name is ComponentName {
  return componentOf(name) !== undefined;
}

function writtenProps(node: JsxElement): WrittenProp[] {
  return node.attributes.map((attribute) => {
    if (attribute.type === 'mdxJsxExpressionAttribute') return { name: `{${attribute.value}}`, value: { expression: attribute.value } };
    const { value } = attribute;
    if (value === null || value === undefined) return { name: attribute.name, value: true };
    return { name: attribute.name, value: typeof value === 'string' ? value : { expression: value.value } };
  });
}

function imagesWithoutAlt(node: JsxElement): string[] {
  const problems: string[] = [];
  const visit = (child: { type: string; alt?: string | null; children?: unknown[] }) => {
    if (child.type === 'image' && !child.alt?.trim()) problems.push(figureImageWithoutAlt);
    for (const grandchild of child.children ?? []) visit(grandchild as typeof child);
  };
  for (const child of node.children) visit(child as Parameters<typeof visit>[0]);
  return problems;
}

/** Names an MDX file imports itself; those components are the author's business, not this check's. */
export function importedNames(esm: string[]): Set<string> {
  const names = new Set<string>();
  for (const block of esm) {
    for (const [, clause = ''] of block.matchAll(/import\s+([^'"]+?)\s+from\s/g)) {
      for (const part of clause.replace(/[{}]/g, ',').split(',')) {
        const local = part
          .trim()
          .split(/\s+as\s+/)
          .at(-1)
          ?.replace(/^\*\s*/, '')
          .trim();
        if (local) names.add(local);
      }
    }
  }
  return names;
}

/**
 * The words a node holds, outside code, {…} and links, where a citation is not read (a citation is still [@key] here:
 * the check runs before the citations).
 */
const textIn = (node: object): string => {
  const { type, value, children } = node as { type?: string; value?: unknown; children?: object[] };
  if (type === 'link') return '';
  return type === 'text' && typeof value === 'string' ? value : (children ?? []).map((child) => ` ${textIn(child)}`).join('');
};

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  notComponent: {
    shows: [{ build: 'unknown-component' }],
  },
  refusedElement: {
    shows: [{ build: 'script-element' }],
  },
  lowerCase: {
    shows: [{ build: 'lower-case-component' }],
  },
};
