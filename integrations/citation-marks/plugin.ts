/**
 * Citations in a page's MDX, in Pandoc's syntax (syntax.ts): each becomes a <Cite> the page renders in APA style, and
 * the page's reference list a <References> under its "## References" heading (added at the end when it has none).
 * A key the bibliography lacks stops the build with the file, the line and the closest keys.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineMdastPlugin } from 'satteri';
import type { MdxJsxFlowElement, MdxJsxTextElement, PluginFactoryContext } from 'satteri';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { componentOf } from '../../src/components/book/component-rules.ts';
import { withHelp } from '../../src/lib/troubleshooting.ts';
import { closestField, closestFields } from '../../src/schemas/messages.ts';
import { citationsIn, markEscaped, type Piece } from './syntax.ts';
import { chaptersFolder } from '../../src/lib/chapter-files.ts';

interface PageCitations {
  /** How many times the page cites each source so far, in the order first cited. */
  counts: Map<string, number>;
  /** The bibliography's keys, read once per page. */
  keys: string[];
  /** False while references.bib does not parse: its keys are the last ones read. */
  readable: boolean;
  /** Every known source the page cites, separated by ";", for each citation to know (see Cite.astro's `page`). */
  cited: string;
  references?: object;
}

interface TextTree {
  type: string;
  value?: string;
  children?: readonly TextTree[];
}

/** The keys a tree cites, in its text outside links (as the visit below reads them). */
const citedIn = (node: TextTree): string[] =>
  node.type === 'text'
    ? citationsIn(node.value ?? '').flatMap((piece) => ('items' in piece ? piece.items.map(({ key }) => key) : []))
    : node.type === 'link'
      ? []
      : (node.children ?? []).flatMap(citedIn);

function pageCitations(root: object): PageCitations {
  const { keys, readable } = bibliography();
  const cited = new Set(citedIn(root as TextTree).filter((key) => keys.includes(key)));
  // Only a page citing two sources or more can cite two alike.
  return { counts: new Map(), keys, readable, cited: cited.size > 1 ? [...cited].join(';') : '' };
}

const pages = new WeakMap<object, PageCitations>();

/**
 * The keys of the book's bibliography (chapters/references.bib), read again only when the file changes. A file that
 * does not parse leaves the last keys in place, as the bibliography loader does, and is marked unreadable: the author
 * check names its mistake in the .bib (the build runs the check first), where a page's render would blame the page.
 */
let known: { file: string; modified: number; keys: string[]; readable: boolean } | undefined;
function bibliography(file = join(chaptersFolder(), 'references.bib')): { keys: string[]; readable: boolean } {
  const modified = existsSync(file) ? statSync(file).mtimeMs : 0;
  if (known?.file !== file || known.modified !== modified) {
    const last = known?.file === file ? known.keys : [];
    try {
      known = { file, modified, keys: modified ? parseBibtex(readFileSync(file, 'utf8')).map((item) => item.id) : [], readable: true };
    } catch {
      known = { file, modified, keys: last, readable: false };
    }
  }
  return known;
}

/** A key's author letters and year: who2024heat → who, 2024. */
const authorYear = (key: string) => /^([^\d]*)(\d{4})?/.exec(key.toLowerCase())?.slice(1) ?? [];

/**
 * The keys an unknown one most likely meant: a slip of two letters at most (galea2050 → galea2005), else the keys of
 * the same author and year, their author's name a letter or two off, whatever follows the year (whoo2024 → who2024air,
 * who2024heat), or of the same author when no year is written (galea → galea2005).
 */
function nearestKeys(key: string, keys: readonly string[]): string[] {
  const slips = closestFields(key, keys);
  if (slips.length > 0) return slips;
  const [author = '', year] = authorYear(key);
  if (author.length < 2) return [];
  return keys.filter((other) => {
    const [otherAuthor = '', otherYear] = authorYear(other);
    return (year === undefined || year === otherYear) && closestField(author, [otherAuthor]) !== undefined;
  });
}

/** What an author reads about a key the bibliography lacks (the author check says the same). */
export function unknownKeyMessage(key: string, keys: readonly string[]): string {
  const meant = nearestKeys(key, keys).slice(0, 4);
  const closest = meant.length > 0 ? ` Did you mean @${meant.join(' or @')}?` : ` If it is no citation (a name on social media), write \\@${key}.`;
  return withHelp(`@${key} is not in chapters/references.bib.${closest} Add the source there, or correct the key.`, 'unknownCitation');
}

const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute' as const, name, value });

/** Whether a node is inside a component whose words show in a pop-up (a <Tip>), which cannot hold a link. */
function insidePopup(node: object, ctx: { parent: (node: never) => { type: string; name?: string | null } | undefined }): boolean {
  for (let parent = ctx.parent(node as never); parent; parent = ctx.parent(parent as never)) {
    if (parent.type === 'mdxJsxTextElement' && componentOf(parent.name)?.popup) return true;
  }
  return false;
}

/** A list item that is one narrative citation alone (`- @galea2005`), as in a box's reading list: it shows the whole reference. */
function readingListItem(pieces: Piece[], node: object, ctx: { parent: (node: never) => { type: string } | undefined }): boolean {
  if (pieces.length !== 1) return false;
  const paragraph = ctx.parent(node as never);
  return paragraph?.type === 'paragraph' && ctx.parent(paragraph as never)?.type === 'listItem';
}

/** A plugin factory, as Sätteri takes one: it is given the page's source, where the escapes are seen. */
export const citations = ({ source }: PluginFactoryContext) =>
  defineMdastPlugin({
    name: 'book-citations',
    options: { position: true },
    before(root, ctx) {
      pages.set(ctx.data, pageCitations(root));
    },
    heading(node, ctx) {
      const page = pages.get(ctx.data);
      if (page && node.depth === 2 && ctx.textContent(node).trim() === 'References') page.references = node;
    },
    text(node, ctx) {
      // Where the source escapes an @ (\@WHO), the parsed text has lost its backslash: the source says which.
      const written = source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
      const pieces = citationsIn(markEscaped(node.value, written));
      if (pieces.length === 1 && 'text' in (pieces[0] as Piece)) return;
      if (ctx.parent(node)?.type === 'link') return;
      const page = pages.get(ctx.data) ?? { counts: new Map(), ...bibliography(), cited: '' };
      const { keys } = page;
      const file = ctx.fileURL ? relative(process.cwd(), fileURLToPath(ctx.fileURL)) : 'a page';
      const plain = insidePopup(node, ctx);
      const replacement = pieces.map((piece): { type: 'text'; value: string } | MdxJsxTextElement => {
        if ('text' in piece) return { type: 'text', value: piece.text };
        // Until the .bib is fixed, a source it may hold is shown by its key (the check's overlay says why).
        if (!page.readable && piece.items.some(({ key }) => !keys.includes(key)))
          return { type: 'text', value: piece.items.map(({ key }) => `@${key}`).join('; ') };
        const items = piece.items.map(({ key }) => {
          if (!keys.includes(key)) {
            const { line, column } = node.position?.start ?? {};
            throw Object.assign(new Error(`${line ? `${file}:${line}` : file}: ${unknownKeyMessage(key, keys)}`), {
              line,
              column,
              title: 'A citation of an unknown source.',
            });
          }
          // A plain citation (in a tip) lists the source but is no place a reference can link back to.
          const n = (page.counts.get(key) ?? 0) + (plain ? 0 : 1);
          page.counts.set(key, n);
          return `${key}:${n}`;
        });
        const locators = piece.items.map(({ locator = '' }) => locator).join(';');
        const attributes = [attribute('items', items.join(';')), ...(locators.replaceAll(';', '') ? [attribute('locators', locators)] : [])];
        if (piece.narrative) attributes.push(attribute(readingListItem(pieces, node, ctx) ? 'full' : 'narrative', 'true'));
        // A tip's text is shown on hover or focus and cannot hold a link: the citation is plain text there.
        if (plain) attributes.push(attribute('plain', 'true'));
        if (page.cited) attributes.push(attribute('page', page.cited));
        return { type: 'mdxJsxTextElement', name: 'Cite', attributes, children: [] } as MdxJsxTextElement;
      });
      ctx.replaceNode(node, replacement);
    },
    after(root, ctx) {
      const page = pages.get(ctx.data);
      if (!page || page.counts.size === 0) return;
      const items = [...page.counts].map(([key, count]) => `${key}:${count}`).join(';');
      const list = { type: 'mdxJsxFlowElement', name: 'References', attributes: [attribute('items', items)], children: [] } as MdxJsxFlowElement;
      if (page.references) ctx.insertAfter(page.references as (typeof root.children)[number], list);
      else ctx.appendChild(root, [{ type: 'heading', depth: 2, children: [{ type: 'text', value: 'References' }] }, list]);
    },
  });
