/**
 * The book's addresses, read from the chapter sources (no build needed): its pages, with the places on each that a
 * link may name (#fragments), and its files; and the links each chapter makes, which rules/book-links.ts checks against them.
 */
import { existsSync, globSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { components } from '../../src/components/book/component-rules.ts';
import { propsOf } from '../../src/components/book/define.ts';
import { Figure } from '../../src/components/book/registry.ts';
import { chapterGaps } from '../../src/lib/chapter-rules.ts';
import { layoutIds } from '../../src/lib/anchor-ids.ts';
import { isExternal, onOwnComputer } from '../../src/lib/links.ts';
import { paths } from '../../src/lib/routes.ts';
import type { SourceFile } from './source-files.ts';
import { attributeOffset, attributeValue, type Node, startOf, walk } from './mdast.ts';

export interface Link {
  url: string;
  file: SourceFile;
  /** Where the address is written in the source. */
  offset: number;
  /** What holds the address: a component's prop (Embed's src), or a definition a picture names ([street]: ./street.svg). */
  holder?: 'Embed' | 'picture';
}

/** The book's addresses: pages (matched in any letter case, as the server redirects /Index/Chapter2), and files. */
export interface BookMap {
  /** By lower-case route: the page's own spelling and, for chapters and sub-pages, their source; for the layouts' own
   * pages, the ids on them when known. */
  pages: Map<string, { route: string; file?: SourceFile; ids?: ReadonlySet<string> }>;
  /** Whether a site path names a file of the built book: public/, the charts. */
  hasFile: (path: string) => boolean;
  /** For a draft, or a sub-page of a draft chapter, the file that says draft: true (the built book leaves them out). */
  draftOf: (file: SourceFile) => SourceFile | undefined;
  /** Whether a chapter or sub-page has no address yet, its number unreadable: a link may be meant for it. */
  unplaced: boolean;
  /** Chapter numbers missing between 1 and the highest (a chapter renumbered): each is named once, as a gap. */
  gaps: ReadonlySet<number>;
}

/** Ids the layout gives every page: its main text (the skip link's target) and the footer's note. */
export const everyPage: string[] = [layoutIds.content, layoutIds.dataSaverNote];

/** Which JSX elements link where, by the attribute that holds the address: <a href> and the components' address props. */
const linkAttributes: Record<string, string> = {
  a: 'href',
  ...Object.fromEntries(
    Object.entries(components).flatMap(([name, component]) =>
      Object.entries(propsOf(component))
        .filter(([, prop]) => prop.address)
        .map(([prop]) => [name, prop]),
    ),
  ),
};

export function bookMap(files: SourceFile[], project: string): BookMap {
  const pages: BookMap['pages'] = new Map();
  const add = (route: string, file?: SourceFile) => pages.set(route.toLowerCase(), file ? { route, file } : { route });
  const addPage = (route: string, ids?: string[]) =>
    pages.set(route.toLowerCase(), ids ? { route, ids: new Set([...everyPage, ...ids]) } : { route });
  // The preface's headings are the home page's, when the book's texts are read with the chapters.
  const preface = files.find((file) => file.kind === 'text' && basename(file.path) === 'preface.mdx');
  addPage(paths.home, preface && [layoutIds.preface, ...preface.ids]);
  addPage(paths.members, []);
  addPage(paths.contents, [layoutIds.downloads, layoutIds.resume]);
  addPage(paths.offline, []);
  for (const name of globSync('*.mdx', { cwd: join(project, 'book/slides') })) add(`/slides/${name.replace(/\.mdx$/, '')}`);
  // A deck read with the book brings its slides' ids, which links to a slide (#slide-3) are checked against.
  for (const file of files) for (const route of file.routes) add(route, file);
  const charts = new Set(propsOf(Figure).chart!.values.map((name) => `/figures/${name}.svg`));
  const hasFile = (path: string) => {
    if (charts.has(path)) return true;
    const onDisk = join(project, 'public', decodeURI(path));
    return existsSync(onDisk) && statSync(onDisk).isFile();
  };
  const isDraft = (file: SourceFile) => file.frontmatter['draft'] === true;
  const draftChapters = new Map(files.filter((file) => file.kind === 'chapter' && isDraft(file)).map((file) => [file.frontmatter['number'], file]));
  const draftOf = (file: SourceFile) => (isDraft(file) ? file : file.kind === 'subpage' ? draftChapters.get(file.frontmatter['chapter']) : undefined);
  const unplaced = files.some((file) => (file.kind === 'chapter' || file.kind === 'subpage') && file.routes.length === 0);
  const numbers = files.filter((file) => file.kind === 'chapter').map((file) => file.frontmatter['number']);
  const gaps = new Set(numbers.every(Number.isInteger) ? chapterGaps(numbers as number[]) : []);
  return { pages, hasFile, draftOf, unplaced, gaps };
}

/** Every address a chapter links to: Markdown links and definitions, <LinkButton href>, <a href>, <Embed src>. */
export function linksOf(file: SourceFile): Link[] {
  const links: Link[] = [];
  if (!file.tree) return links;
  const pictures = new Set<string>();
  walk(file.tree, (node: Node) => {
    if (node.type === 'imageReference') pictures.add(String(node.identifier));
  });
  walk(file.tree, (node: Node) => {
    if ((node.type === 'link' || node.type === 'definition') && node.url) {
      const at = file.source.indexOf(node.url, startOf(node));
      const picture = node.type === 'definition' && pictures.has(String(node.identifier));
      links.push({ url: node.url, file, offset: at === -1 ? startOf(node) : at, ...(picture ? { holder: 'picture' as const } : {}) });
    }
    const attribute = node.name ? linkAttributes[node.name] : undefined;
    const url = attribute ? attributeValue(node, attribute) : undefined;
    const holder = node.name === 'Embed' ? { holder: 'Embed' as const } : {};
    if (attribute && url) links.push({ url, file, offset: attributeOffset(file.source, node, attribute), ...holder });
  });
  return links;
}

/** The links to other sites, for external-links.ts. */
export const externalLinksOf = (files: SourceFile[]): Link[] =>
  files.flatMap(linksOf).filter((link) => isExternal(link.url) && !onOwnComputer(link.url));
