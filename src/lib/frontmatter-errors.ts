/**
 * Astro reports a frontmatter mistake as "chapters → 02-second data does not match collection schema",
 * prints an unknown field under a blank name (`****:`), gives no line and points to developer documentation.
 * These helpers rewrite that report for authors: one line per mistake, each starting with the file and the line.
 * Pure: tests call them with plain strings.
 */
import { AstroError } from 'astro/errors';

export interface FieldIssue {
  /** Dotted path of the field, e.g. image.alt; empty for the frontmatter as a whole. */
  field: string;
  /** The schema's message, possibly several lines long. */
  message: string;
  /** Where the mistake is in the file (1-based), once located with locateIssues; none for a missing top-level field. */
  line?: number | undefined;
  column?: number | undefined;
}

/** A frontmatter mistake as an author reads it, in the build's output or the dev server's overlay. */
export interface Mistake {
  /** What is wrong and how to fix it, a line per field, each starting with the file and the line. */
  message: string;
  hint: string;
  /** The file (absolute) and the first mistake's line: the overlay shows that line, editors open it. */
  loc?: { file: string; line?: number | undefined; column?: number | undefined } | undefined;
}

/** The error Astro prints (a build) or shows in its overlay (`astro dev`), titled for authors. */
export function mistakeError({ message, hint, loc }: Mistake): AstroError {
  return Object.assign(new AstroError(message, hint), { title: 'A mistake in the frontmatter.', loc });
}

/** Astro's report lists each issue as `  **image.alt**: message`; lines that follow belong to the issue above. */
const issueLine = /^ {2}\*\*(.*?)\*\*: (.*)$/;

/** The issues in the message of Astro's InvalidContentEntryDataError; empty if the message has another shape. */
export function issuesInAstroReport(report: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const line of report.split('\n').slice(1)) {
    const start = issueLine.exec(line);
    const last = issues.at(-1);
    if (start) issues.push({ field: start[1] ?? '', message: start[2] ?? '' });
    else if (last && line.trim() !== '') last.message += `\n${line}`;
  }
  return issues;
}

/** One line per issue, starting with the file and its line; the field is added where the message does not already name it. */
export function describeFieldIssues(file: string, issues: FieldIssue[]): string {
  return issues
    .map(({ field, message, line }) => {
      const namesField = field === '' || message.includes(`"${field}"`);
      return `${line ? `${file}:${line}` : file}: ${namesField ? '' : `"${field}": `}${message.replaceAll('\n', '\n    ')}`;
    })
    .join('\n');
}

/**
 * Gives each issue the line and column of its field in the file's source (an MDX file's frontmatter, or a YAML
 * file). An issue about the whole frontmatter (an unknown field) goes to the first field its message names;
 * a missing field to its parent's line, or to no line if it is a top-level field.
 */
export function locateIssues(source: string, issues: FieldIssue[]): FieldIssue[] {
  const lines = source.split(/\r?\n/);
  const frontmatter = lines[0]?.trimEnd() === '---';
  const end = frontmatter ? lines.findIndex((text, i) => i > 0 && text.trimEnd() === '---') : lines.length;
  const block = { lines, start: frontmatter ? 1 : 0, end: end === -1 ? lines.length : end };
  return issues.map((issue) => {
    const named = issue.field ? [issue.field] : [...issue.message.matchAll(/"([^"\n]+)"/g)].map((match) => match[1] ?? '');
    const found = named.map((field) => fieldPosition(block, field)).find((position) => position.depth > 0);
    return found ? { ...issue, line: found.line, column: found.column } : issue;
  });
}

interface YamlBlock {
  lines: string[];
  /** The first and past-the-last line of the YAML (0-based). */
  start: number;
  end: number;
}

/** The line (1-based) of the deepest part of a dotted field written in the block, and how many parts were found. */
function fieldPosition({ lines, start, end }: YamlBlock, field: string) {
  const position = { line: 1, column: 1, depth: 0 };
  let parentIndent = -1;
  let from = start;
  // List positions (authors.0.name) have no key of their own; the key after them is searched under the parent.
  for (const key of field.split('.').filter((part) => !/^\d+$/.test(part))) {
    const keyLine = new RegExp(`^(\\s*(?:- )?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`);
    let hit: { index: number; indent: number } | undefined;
    for (let index = from; index < end && !hit; index++) {
      const text = lines[index] ?? '';
      const indent = text.search(/\S/);
      if (indent === -1 || text.trimStart().startsWith('#')) continue;
      // Past the parent's block: the key is not written there.
      if (indent <= parentIndent) break;
      const match = keyLine.exec(text);
      if (match && (parentIndent >= 0 || indent === 0)) hit = { index, indent: match[1]?.length ?? indent };
    }
    if (!hit) break;
    Object.assign(position, { line: hit.index + 1, column: hit.indent + 1, depth: position.depth + 1 });
    parentIndent = hit.indent;
    from = hit.index + 1;
  }
  return position;
}
