/**
 * Where MDX the build refuses stops parsing, and what the author wrote there. Sätteri's error is text only; micromark's
 * MDX parser, the reference Sätteri follows, throws the same error with its place as fields. Its words are a parser's,
 * so the everyday causes are recognised from the text at that place and named in an author's words; any other keeps
 * the parser's words in brackets. Two of its errors are placed at the end of the file, where the parser gave up, not at
 * the mistake: an element never closed and a { never closed. Those are found here.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxJsxFromMarkdown } from 'mdast-util-mdx-jsx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { mdxjs } from 'micromark-extension-mdxjs';
import { VFileMessage } from 'vfile-message';

type Place = { line: number; column: number };
export type SyntaxMistake = Place & { message: string };

/** Each `{…}` another tool's Markdown or a slip makes, matched from its opening brace: the author's words for it. */
const braces: [pattern: RegExp, message: (match: RegExpExecArray, line: string) => string][] = [
  [/^\{@([^\s{}]+)\}/, ([written, key]) => `${written} is a citation in braces: the book writes a citation in square brackets, [@${key}]`],
  [
    /^\{#[^\s{}]+\}/,
    ([written], line) =>
      line.startsWith('#')
        ? `${written} gives the heading an anchor of its own, as other tools do: the book makes each heading's anchor from its words, and MDX reads { as code. Delete ${written}, and link to the anchor the heading's words make`
        : `${written} is another tool's way to give an anchor: MDX reads { as code. Delete ${written}`,
  ],
  [
    /^\{(?:[.#][\w-]+\s*|[\w-]+=[^\s{}]*\s*)+\}/,
    ([written], line) =>
      /!\[[^\]]*\]\([^)]*\)\{/.test(line)
        ? `${written} after a picture sizes or styles it in other tools: the book sets every picture's size itself, and MDX reads { as code. Delete ${written}`
        : `${written} is another tool's way to style text: MDX reads { as code. Delete ${written}`,
  ],
  [/^\{\s*0+(\d+)\s*\}/, ([written, digits]) => `${written}: a whole number does not start with 0 in a component's prop. Write {${digits}}`],
  [
    /^\{?\{<\s*([\w-]+)/,
    ([, name]) =>
      `{{< ${name} … >}} is a Quarto or Hugo shortcode, which the book does not read: MDX reads { as code. ${name === 'video' ? 'For a video, write <Embed src="https://…" title="…" />' : "Write it as Markdown or with one of the book's components"}`,
  ],
];

export function placeSyntaxError(source: string, at: (offset: number) => Place, error: unknown): SyntaxMistake {
  try {
    fromMarkdown(source, { extensions: [frontmatter(), mdxjs()], mdastExtensions: [mdxJsxFromMarkdown()] });
  } catch (reference) {
    if (reference instanceof VFileMessage) return named(source, at, reference) ?? parserWords(source, reference);
  }
  // The two parsers disagree: the build's own words, at the top of the file.
  return { line: 1, column: 1, message: error instanceof Error ? error.message : String(error) };
}

function named(source: string, at: (offset: number) => Place, reference: VFileMessage): SyntaxMistake | undefined {
  const jsx = reference.source === 'mdast-util-mdx-jsx' || reference.source === 'micromark-extension-mdx-jsx';
  const expression = reference.source === 'micromark-extension-mdx-expression';
  if (jsx && reference.ruleId === 'end-tag-mismatch') {
    const closing = misclosed(source);
    if (closing) return { ...at(closing.offset), message: closing.message };
    const element = unclosedElement(source);
    if (element) {
      // A tip sits inside a sentence: it ends after its words, not on a line of its own.
      const inText = source.slice(source.lastIndexOf('\n', element.offset) + 1, element.offset).trim() !== '';
      return {
        ...at(element.offset),
        message: `<${element.name}> here is never closed, so everything after it would belong to it. Add </${element.name}> ${inText ? `after its words, in the same sentence` : 'on a line of its own where it ends'}`,
      };
    }
  }
  const offset = offsetOf(source, reference);
  if (offset === undefined) return undefined;
  const here = source.slice(offset);
  if (jsx && reference.ruleId === 'end-tag-mismatch') {
    // Closed, but not where the sentence it opens ends: text follows its tag on the line (<Tip label="Note">- one).
    const opened = /^<([A-Za-z][\w.]*)/.exec(here)?.[1];
    if (opened) {
      return {
        ...at(offset),
        message: `<${opened}> here has text after it on its line, so MDX reads it as part of a sentence that ends before </${opened}>. Put <${opened} …> and </${opened}> each on a line of its own, with the text between them`,
      };
    }
    // Closed at the end of a line of text (Water.</Box>): the sentence began inside the element, so it must end there.
    const closed = /^<\/([A-Za-z][\w.]*)>/.exec(here)?.[1];
    if (closed) {
      return {
        ...at(offset),
        message: `</${closed}> here ends a line of text, so MDX reads it as part of that sentence, which began inside <${closed}>. Put </${closed}> on a line of its own, after the text`,
      };
    }
  }
  if (jsx && reference.ruleId === 'unexpected-closing-slash') {
    const start = source.lastIndexOf('<', offset);
    const name = /^<\/\s*([A-Za-z][\w.]*)/.exec(source.slice(start))?.[1] ?? '';
    // `< Box …>` is text to MDX, so its closing tag is the first thing it cannot read.
    const spaced = new RegExp(`<\\s+${name.replace('.', '\\.')}\\b`).exec(markdownText(source).slice(0, start));
    if (spaced) {
      return {
        ...at(spaced.index),
        message: `"${spaced[0]}" has a space after <, so MDX reads it as text, not as the component <${name}>. Write <${name} with no space`,
      };
    }
    return {
      ...at(start),
      message: `</${name}> here closes a <${name}> that is not open: it was never opened, or was closed already. Delete it, or add <${name} …> where it begins`,
    };
  }
  if (expression) {
    const brace = source.lastIndexOf('{', offset);
    const lineStart = source.lastIndexOf('\n', brace) + 1;
    const line = source.slice(lineStart, source.indexOf('\n', brace) === -1 ? undefined : source.indexOf('\n', brace));
    if (reference.ruleId === 'unexpected-eof') {
      const open = unclosedBrace(source);
      if (open !== undefined) {
        return {
          ...at(open),
          message:
            'This { is never closed: MDX reads { as the start of a piece of code, up to its }. To show the bracket itself, write \\{; ' +
            'for a note to yourself, {/* the note */}',
        };
      }
    }
    for (const [pattern, message] of braces) {
      const match = pattern.exec(source.slice(brace));
      if (match) return { ...at(brace), message: message(match, line) };
    }
  }
  return undefined;
}

function parserWords(source: string, reference: VFileMessage): SyntaxMistake {
  return {
    line: reference.line ?? source.trimEnd().split('\n').length,
    column: reference.column ?? 1,
    message: `MDX cannot read the text from here: look for a < or a { that starts no component, or a component left open (its parser says: ${reference.reason.replace(/\.$/, '')})`,
  };
}

/** The offset of the parser's line and column in the source. */
function offsetOf(source: string, { line, column }: VFileMessage): number | undefined {
  if (!line || !column) return undefined;
  return (
    source
      .split('\n')
      .slice(0, line - 1)
      .join('\n').length +
    (line > 1 ? 1 : 0) +
    column -
    1
  );
}

/** The text an MDX parser reads as Markdown: the frontmatter, code blocks and code spans blanked out, offsets kept. */
function markdownText(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source
    .replace(/^---\n[\s\S]*?\n---(?=\n)/, blank)
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, blank)
    .replace(/`[^`\n]+`/g, blank)
    .replace(/\\[{}<]/g, '  ');
}

/** The tags of the source's Markdown text, in order: each a closing slash or not, a name, a self-closing slash or not. */
const tagsIn = (source: string) => markdownText(source).matchAll(/<(\/?)([A-Za-z][\w.]*)\b(?:[^<>"']|"[^"]*"|'[^']*')*?(\/?)>/g);

/** The innermost element still open at the end of the file: its name and where its opening tag starts. */
function unclosedElement(source: string): { name: string; offset: number } | undefined {
  const open: { name: string; offset: number }[] = [];
  for (const tag of tagsIn(source)) {
    const [, closing, name = '', selfClosing] = tag;
    if (selfClosing) continue;
    if (!closing) open.push({ name, offset: tag.index });
    else if (open.at(-1)?.name === name) open.pop();
  }
  return open.at(-1);
}

/**
 * A closing tag that misses the element it was meant to close: its name in other capitals (</box> for <Box>), or the
 * element written again as an empty one (<Box/>) where </Box> was meant.
 */
function misclosed(source: string): { offset: number; message: string } | undefined {
  const open: string[] = [];
  for (const tag of tagsIn(source)) {
    const [written, closing, name = '', selfClosing] = tag;
    const innermost = open.at(-1);
    if (closing && innermost && name !== innermost && name.toLowerCase() === innermost.toLowerCase())
      return {
        offset: tag.index,
        message: `${written} closes <${innermost}> in other letters: a tag's name is written as the component's, capitals and all. Write </${innermost}>`,
      };
    if (selfClosing && name === innermost && !/\s\w+=/.test(written))
      return { offset: tag.index, message: `${written} is a new, empty <${name}>, not the end of the one open above it. Write </${name}> to end it` };
    if (selfClosing) continue;
    if (!closing) open.push(name);
    else if (innermost === name) open.pop();
  }
  return undefined;
}

/** The first { with no } after it to close it. */
function unclosedBrace(source: string): number | undefined {
  const open: number[] = [];
  const text = markdownText(source);
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '{') open.push(index);
    else if (text[index] === '}') open.pop();
  }
  return open[0];
}
