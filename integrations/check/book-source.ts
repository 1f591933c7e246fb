/**
 * The book's chapter files as the author check reads them: the MDX parsed by Sätteri, the parser the
 * build uses, into mdast with positions; the frontmatter; the page's address and the ids a link can point at.
 */
import { isUtf8 } from 'node:buffer';
import { globSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxJsxFromMarkdown } from 'mdast-util-mdx-jsx';
import { frontmatter } from 'micromark-extension-frontmatter';
import { mdxjs } from 'micromark-extension-mdxjs';
import { mdxToJs, mdxToMdast } from 'satteri';
import { VFileMessage } from 'vfile-message';
import { parse as parseYaml } from 'yaml';
import { importedNames } from '../mdx-component-check.ts';
import { chapterPatterns, skippedFiles } from '../../src/lib/chapter-files.ts';
import { anchorIds } from '../../src/lib/anchor-ids.ts';
import type { Heading } from '../../src/lib/outline.ts';
import { paths } from '../../src/lib/routes.ts';
import type { Finding } from './findings.ts';
import { attributeValue, type Node, walk } from './mdast.ts';

/** The collections' patterns, by the kind of page they read. */
const patterns = { chapter: chapterPatterns.chapters, subpage: chapterPatterns.subpages } as const;

/** A path as the author sees it: from the folder the check runs in, with forward slashes (chapters/01-introduction.mdx). */
export const shownPath = (path: string) => relative(process.cwd(), path).split(sep).join('/');

export interface SourceFile {
  /** The path an author opens, relative to the folder the check runs in (chapters/01-introduction.mdx). */
  file: string;
  /** Absolute path. */
  path: string;
  source: string;
  /** Whether the file is saved as UTF-8; if not, `source` has U+FFFD where a byte could not be read. */
  utf8: boolean;
  /** A chapter, a sub-page, or another of the authors' texts (book/preface.mdx). */
  kind: 'chapter' | 'subpage' | 'text' | 'slides';
  /** The parsed MDX, or undefined when it does not parse (see `syntaxError`). */
  tree: Node | undefined;
  syntaxError?: { line: number; column: number; message: string };
  frontmatter: Record<string, unknown>;
  /** The page's addresses (Chapter 1 has two: /index/Chapter1 and /Introduction); empty when the frontmatter lacks its number. */
  routes: string[];
  /** Ids on the page a link can point at: headings (as the build makes them), boxes, activities, figures, annexes. */
  ids: Set<string>;
  /** The headings' ids as the build makes them, in the order the headings come. */
  headingIds: string[];
  /** Components the file imports itself, which the book's component rules leave alone. */
  imported: Set<string>;
  /** Line and column (both from 1) of an offset in the source. */
  at: (offset: number) => { line: number; column: number };
}

/** The files in `dir` another ending would leave out of the book, for each pattern it reads (see skippedFiles). */
export const skippedFileFindings = (dir: string, patterns: readonly string[]): Finding[] =>
  patterns.flatMap((pattern) =>
    skippedFiles(pattern, dir).map(({ file, message }) => ({
      file: shownPath(join(dir, file)),
      line: 1,
      column: 1,
      kind: 'fileName' as const,
      message,
    })),
  );

/** Reads every chapter and sub-page under `dir`, in the order an author would list them. */
export function readBook(dir: string): SourceFile[] {
  return (['chapter', 'subpage'] as const).flatMap((kind) =>
    globSync(patterns[kind], { cwd: dir })
      .sort()
      .map((name) => readSource(join(dir, name), kind)),
  );
}

/** The authors' texts outside the chapters (book/*.mdx: the preface), checked as the chapters are. */
export function readBookTexts(dir: string): SourceFile[] {
  const texts = globSync('*.mdx', { cwd: dir }).sort();
  const decks = globSync('slides/*.mdx', { cwd: dir }).sort();
  return [...texts.map((name) => readSource(join(dir, name), 'text')), ...decks.map((name) => readSource(join(dir, name), 'slides'))];
}

function readSource(path: string, kind: SourceFile['kind']): SourceFile {
  const bytes = readFileSync(path);
  // A byte-order mark (Notepad writes one) is not text: the build reads the file without it too.
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const utf8 = isUtf8(bytes);
  const at = locator(source);
  const file = shownPath(path);
  let tree: Node | undefined;
  let syntaxError: SourceFile['syntaxError'];
  try {
    tree = mdxToMdast(source, { position: true }) as Node;
  } catch (error) {
    syntaxError = placeSyntaxError(source, at, error);
  }
  const frontmatter = readFrontmatter(tree);
  const imported = importedNames(tree?.children?.filter((node) => node.type === 'mdxjsEsm').map((node) => node.value ?? '') ?? []);
  const base = { file, path, source, utf8, kind, tree, frontmatter, imported, at, routes: routesOf(kind, frontmatter, path) };
  const { ids, headingIds } = tree ? pageIds(source, tree) : { ids: new Set<string>(), headingIds: [] };
  return syntaxError ? { ...base, ids, headingIds, syntaxError } : { ...base, ids, headingIds };
}

function readFrontmatter(tree: Node | undefined): Record<string, unknown> {
  const yaml = tree?.children?.find((node) => node.type === 'yaml')?.value;
  if (!yaml) return {};
  try {
    const data: unknown = parseYaml(yaml);
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    // The build reports frontmatter mistakes (npm run check:types); this check reads what it can.
    return {};
  }
}

function routesOf(kind: SourceFile['kind'], frontmatter: Record<string, unknown>, path: string): string[] {
  // The preface has no address of its own; a deck's is its file name.
  if (kind === 'text') return [];
  if (kind === 'slides') return [`/slides/${basename(path, '.mdx')}`];
  if (kind === 'chapter') {
    const { number } = frontmatter;
    if (typeof number !== 'number') return [];
    return number === 1 ? [paths.chapter(1), paths.introduction] : [paths.chapter(number)];
  }
  const { chapter } = frontmatter;
  return typeof chapter === 'number' ? [paths.subpage(chapter, basename(path, '.mdx'))] : [];
}

/** Heading ids come from the build's own plugin (GitHub's slugger, over the rendered text); the rest from the book's components. */
function pageIds(source: string, tree: Node): { ids: Set<string>; headingIds: string[] } {
  const astro = { frontmatter: {}, headings: [] as Heading[], localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  const ids = new Set<string>();
  try {
    mdxToJs(source, { hastPlugins: [satteriHeadingIdsPlugin()], data: { astro } });
    for (const { slug } of astro.headings) ids.add(slug);
  } catch {
    // A file that does not compile is reported by the build; its links are checked against what is known.
  }
  walk(tree, (node) => {
    const number = attributeValue(node, 'number');
    const label = attributeValue(node, 'label');
    const id = attributeValue(node, 'id');
    if (node.name === 'Box' && number) ids.add(anchorIds.box(number));
    if (node.name === 'Activity' && number) ids.add(anchorIds.activity(number));
    if (node.name === 'Annex' && number) ids.add(anchorIds.annex(number));
    if (node.name === 'Slide' && number) ids.add(anchorIds.slide(number));
    if (node.name === 'Figure' && label) ids.add(anchorIds.figure(label));
    if (id) ids.add(id);
  });
  return { ids, headingIds: astro.headings.map(({ slug }) => slug) };
}

/**
 * Where MDX the build refuses stops parsing. Sätteri's error is text only; micromark's MDX parser, the reference Sätteri
 * follows, throws the same error with its place as fields. Two of its errors are placed at the end of the file, where
 * the parser gave up, not at the mistake: an element never closed and a { never closed. Those are found here.
 */
function placeSyntaxError(source: string, at: SourceFile['at'], error: unknown): NonNullable<SourceFile['syntaxError']> {
  try {
    fromMarkdown(source, { extensions: [frontmatter(), mdxjs()], mdastExtensions: [mdxJsxFromMarkdown()] });
  } catch (reference) {
    if (reference instanceof VFileMessage) {
      const element = reference.ruleId === 'end-tag-mismatch' && reference.source === 'mdast-util-mdx-jsx' ? unclosedElement(source) : undefined;
      if (element) {
        return {
          ...at(element.offset),
          message: `<${element.name}> here is never closed, so everything after it would belong to it. Add </${element.name}> on a line of its own where it ends`,
        };
      }
      if (reference.ruleId === 'end-tag-mismatch' && reference.source === 'mdast-util-mdx-jsx' && reference.line && reference.column) {
        // Closed, but not where the sentence it opens ends: text follows its tag on the line (<Tip label="Note">- one).
        const offset =
          source
            .split('\n')
            .slice(0, reference.line - 1)
            .join('\n').length +
          (reference.line > 1 ? 1 : 0) +
          reference.column -
          1;
        const name = /^<([A-Za-z][\w.]*)/.exec(source.slice(offset))?.[1];
        if (name) {
          return {
            line: reference.line,
            column: reference.column,
            message: `<${name}> here has text after it on its line, so MDX reads it as part of a sentence that ends before </${name}>. Put <${name} …> and </${name}> each on a line of its own, with the text between them`,
          };
        }
      }
      const brace =
        reference.ruleId === 'unexpected-eof' && reference.source === 'micromark-extension-mdx-expression' ? unclosedBrace(source) : undefined;
      if (brace !== undefined) {
        return {
          ...at(brace),
          message:
            'This { is never closed: MDX reads { as the start of a piece of code, up to its }. To show the bracket itself, write \\{; ' +
            'for a note to yourself, {/* the note */}',
        };
      }
      return {
        line: reference.line ?? source.trimEnd().split('\n').length,
        column: reference.column ?? 1,
        message: `MDX cannot read the text from here: look for a < or a { that starts no component, or a component left open (its parser says: ${reference.reason.replace(/\.$/, '')})`,
      };
    }
  }
  // The two parsers disagree: the build's own words, at the top of the file.
  return { line: 1, column: 1, message: error instanceof Error ? error.message : String(error) };
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

/** The innermost element still open at the end of the file: its name and where its opening tag starts. */
function unclosedElement(source: string): { name: string; offset: number } | undefined {
  const open: { name: string; offset: number }[] = [];
  for (const tag of markdownText(source).matchAll(/<(\/?)([A-Za-z][\w.]*)\b(?:[^<>"']|"[^"]*"|'[^']*')*?(\/?)>/g)) {
    const [, closing, name = '', selfClosing] = tag;
    if (selfClosing) continue;
    if (!closing) open.push({ name, offset: tag.index });
    else if (open.at(-1)?.name === name) open.pop();
  }
  return open.at(-1);
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

function locator(source: string): SourceFile['at'] {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  };
}
