/**
 * Reads AUTHORING.md the way the tests need it: its sections, tables, examples and pictures, the
 * build errors it documents (each a fenced `text` block after a `<!-- fixture: name -->` comment) and
 * the author check's messages (the same, after `<!-- check-fixture: name -->`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const projectRoot = join(import.meta.dirname, '../..');
export const authoringDoc = readFileSync(join(projectRoot, 'AUTHORING.md'), 'utf8');

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
  if (start === -1) throw new Error(`AUTHORING.md has no "${'#'.repeat(level)} ${heading}" heading`);
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
}

/** The messages a section shows, each a ```text block after a `<!-- tag: fixture -->` comment; throws if a comment has no block after it. */
function documentedMessages(doc: string, heading: string, tag: string): DocumentedError[] {
  const comments = [...section(doc, heading).matchAll(new RegExp(`<!-- ${tag}: ([\\w-]+) -->\\n(\`\`\`text\\n([\\s\\S]*?)\\n\`\`\`)?`, 'g'))];
  return comments.map((match) => {
    const [, fixture = '', block, message] = match;
    if (!block || message === undefined)
      throw new Error(`AUTHORING.md: the ${tag} comment for ${fixture} must be followed by a \`\`\`text block with its message`);
    return { fixture, message };
  });
}

/** Every build error AUTHORING.md shows, with the fixture that produces it. */
export const documentedErrors = (doc = authoringDoc) => documentedMessages(doc, 'Build errors', 'fixture');

/** Every message of the author check AUTHORING.md shows, with the fixture book the check reports it for. */
export const documentedChecks = (doc = authoringDoc) => documentedMessages(doc, 'Before you publish', 'check-fixture');

/** Documented messages grouped by fixture, in the order shown. */
export function byFixture(documented: DocumentedError[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { fixture, message } of documented) grouped.set(fixture, [...(grouped.get(fixture) ?? []), message]);
  return grouped;
}

/** The build errors by fixture. */
export const errorsByFixture = (doc = authoringDoc) => byFixture(documentedErrors(doc));

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
