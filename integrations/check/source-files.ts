/**
 * The book's chapter files as the author check reads them: the MDX parsed by Sätteri, the parser the
 * build uses, into mdast with positions; the frontmatter; the page's address and the ids a link can point at.
 */
import { isUtf8 } from 'node:buffer';
import { globSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import { mdxToJs, mdxToMdast } from 'satteri';
import { parse as parseYaml } from 'yaml';
import { importedNames } from '../mdx-component-check.ts';
import { chapterPatterns, skippedFiles } from '../../src/lib/chapter-files.ts';
import { componentOf, placeOf } from '../../src/components/book/component-rules.ts';
import { anchorIds } from '../../src/lib/anchor-ids.ts';
import { citationsIn } from '../citation-marks/syntax.ts';
import type { Heading } from '../../src/lib/outline.ts';
import { paths } from '../../src/lib/routes.ts';
import type { Finding } from './findings.ts';
import { placeSyntaxError } from './mdx-syntax.ts';
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
  /** The file as saved. */
  bytes: Uint8Array;
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

/** The files in `dir` another ending would leave out of the book, for each pattern it reads (see skippedFiles; `names`, the folder's). */
export const skippedFileFindings = (dir: string, patterns: readonly string[], names?: string[]): Finding[] =>
  patterns.flatMap((pattern) =>
    skippedFiles(pattern, dir, names).map(({ file, message }) => ({
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

const readSource = (path: string, kind: SourceFile['kind']) => sourceFile(path, readFileSync(path), kind);

/** A file of the book as the check reads it, from its bytes: from disk, or an example in memory (rules/). */
export function sourceFile(path: string, bytes: Uint8Array, kind: SourceFile['kind']): SourceFile {
  // A byte-order mark (Notepad writes one) is not text: the build reads the file without it too.
  const source = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
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
  const base = { file, path, source, bytes, utf8, kind, tree, frontmatter, imported, at, routes: routesOf(kind, frontmatter, path) };
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
    // A number the frontmatter check refuses (2.5, 0) gives the page no address: links to it are not judged by it.
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return [];
    return number === 1 ? [paths.chapter(1), paths.introduction] : [paths.chapter(number)];
  }
  const { chapter } = frontmatter;
  return typeof chapter === 'number' && Number.isInteger(chapter) && chapter >= 1 ? [paths.subpage(chapter, basename(path, '.mdx'))] : [];
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
  // Each citation is an anchor (#cite-galea2005-1), but one in a tip (plain text there), and its source's entry in the
  // reference list another (#ref-galea2005).
  const cited = new Map<string, number>();
  walk(tree, (node, ancestors) => {
    if (node.type === 'text' && !ancestors.some((ancestor) => ancestor.type === 'link')) {
      const plain = ancestors.some((ancestor) => componentOf(ancestor.name)?.popup);
      for (const piece of citationsIn(node.value ?? ''))
        for (const { key } of 'items' in piece ? piece.items : []) cited.set(key, (cited.get(key) ?? 0) + (plain ? 0 : 1));
    }
    const place = placeOf(node.name, (prop) => attributeValue(node, prop));
    const id = attributeValue(node, 'id');
    if (place) ids.add(place.id);
    if (id) ids.add(id);
  });
  for (const [key, count] of cited) {
    ids.add(anchorIds.reference(key));
    for (let n = 1; n <= count; n++) ids.add(anchorIds.citation(key, n));
  }
  return { ids, headingIds: astro.headings.map(({ slug }) => slug) };
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
