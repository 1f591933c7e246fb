/**
 * Reads the authors' guide (docs/authoring) the way the tests need it: its sections, tables, examples and pictures,
 * the build errors its troubleshooting page documents (each a fenced `text` block after a `<!-- fixture: name -->`
 * comment) and the rules' examples it shows (after `<!-- rule: name N -->`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const projectRoot = join(import.meta.dirname, '../..');
/** The guide's pages, by file name in docs/authoring. */
export const guide = Object.fromEntries(
  ['README.md', 'writing-a-chapter.md', 'components.md', 'frontmatter.md', 'troubleshooting.md'].map((page) => [
    page,
    readFileSync(join(projectRoot, 'docs/authoring', page), 'utf8'),
  ]),
) as Record<'README.md' | 'writing-a-chapter.md' | 'components.md' | 'frontmatter.md' | 'troubleshooting.md', string>;

export const troubleshootingDoc = guide['troubleshooting.md'];

/** The lines of a text, each with whether it is inside a fenced block (where `## Annexes` is an example, not a heading). */
function linesOf(text: string): { line: string; fenced: boolean }[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    const fence = line.startsWith('```');
    if (fence) fenced = !fenced;
    return { line, fenced: fenced || fence };
  });
}

/** The text under a heading, down to the next heading of the same level or higher; throws if there is none. */
export function section(text: string, heading: string, level = 2): string {
  const lines = linesOf(text);
  const isHeading = (at: number, pattern: RegExp) => !lines[at]?.fenced && pattern.test(lines[at]?.line ?? '');
  const start = lines.findIndex(({ line, fenced }) => !fenced && line === `${'#'.repeat(level)} ${heading}`);
  if (start === -1) throw new Error(`The guide has no "${'#'.repeat(level)} ${heading}" heading`);
  const end = lines.findIndex((_, at) => at > start && isHeading(at, new RegExp(`^#{1,${level}} `)));
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .map(({ line }) => line)
    .join('\n');
}

/** The headings of one level within a text, in order. */
export function headings(text: string, level: number): string[] {
  return linesOf(text)
    .filter(({ line, fenced }) => !fenced && line.startsWith(`${'#'.repeat(level)} `))
    .map(({ line }) => line.slice(level + 1));
}

/** The contents of every fenced block in a given language (```mdx, ```yaml …). */
export function codeBlocks(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => `${match[1]}`.replace(/\n$/, ''));
}

/** The rows of the Markdown tables whose first cell is code (`number`), as cells without the backticks' row marks. */
export function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

/** The first cell of a table row as a name: `image.src` <!-- note --> gives image.src. */
export function cellName(cell: string): string {
  return /^`([^`]+)`/.exec(cell)?.[1] ?? cell;
}

export interface Picture {
  alt: string;
  src: string;
}

/** The text readers see as text: without fenced blocks and `code`, where images and links are examples. */
export function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The Markdown images shown in a text (not those in examples). */
export function pictures(text: string): Picture[] {
  return [...prose(text).matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((match) => ({ alt: match[1] ?? '', src: match[2] ?? '' }));
}

export interface DocumentedError {
  /** The fixture book in tests/fixtures/books that makes this mistake. */
  fixture: string;
  /** What the build (or the author check) prints for it, exactly. */
  message: string;
  /** The headings it is shown under, its entry's first. */
  headings: string[];
}

/** The messages a page shows, each a ```text block after a `<!-- tag: fixture -->` comment; throws if a comment has no block after it. */
function documentedMessages(doc: string, tag: string): DocumentedError[] {
  const comments = [...doc.matchAll(new RegExp(`<!-- ${tag}: ([\\w-]+) -->\\n(\`\`\`text\\n([\\s\\S]*?)\\n\`\`\`)?`, 'g'))];
  return comments.map((match) => {
    const [, fixture = '', block, message] = match;
    if (!block || message === undefined)
      throw new Error(`troubleshooting.md: the ${tag} comment for ${fixture} must be followed by a \`\`\`text block with its message`);
    return { fixture, message, headings: headingsAbove(doc, match.index) };
  });
}

/** The headings a place in a page is under, the nearest first: its entry, then the sections around it. */
function headingsAbove(doc: string, at: number): string[] {
  const found: { level: number; text: string }[] = [];
  for (const { line, fenced } of linesOf(doc.slice(0, at))) {
    const match = fenced ? null : /^(#+) (.+)$/.exec(line);
    if (!match) continue;
    const level = match[1]?.length ?? 0;
    while ((found.at(-1)?.level ?? 0) >= level) found.pop();
    found.push({ level, text: match[2] ?? '' });
  }
  return found.map(({ text }) => text).reverse();
}

/** Every build error the troubleshooting page shows, with the fixture that produces it. */
export const documentedErrors = (doc = troubleshootingDoc) => documentedMessages(doc, 'fixture');

/** The messages of the check's rules the troubleshooting page shows, each after `<!-- rule: name N -->` (its Nth refused example). */
export function documentedRules(doc = troubleshootingDoc): { rule: string; example: number; message: string; headings: string[] }[] {
  return [...doc.matchAll(/<!-- rule: (\w+) (\d+) -->\n```text\n([\s\S]*?)\n```/g)].map((match) => ({
    rule: match[1] ?? '',
    example: Number(match[2]),
    message: match[3] ?? '',
    headings: headingsAbove(doc, match.index),
  }));
}

/** Documented messages grouped by fixture, in the order shown. */
export function byFixture(documented: DocumentedError[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { fixture, message } of documented) grouped.set(fixture, [...(grouped.get(fixture) ?? []), message]);
  return grouped;
}

/** The links a message about a documented fixture may end with: to its entry, or to a section the entry is in. */
export function entryLinks(documented: DocumentedError[], fixture: string): string[] {
  const headings = documented.find((shown) => shown.fixture === fixture)?.headings ?? [];
  return headings.map((heading) => `See docs/authoring/troubleshooting.md#${anchorOf(heading)}`);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
