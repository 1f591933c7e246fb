/**
 * Astro reports a frontmatter mistake as "chapters → 02-second data does not match collection schema",
 * prints an unknown field under a blank name (`****:`) and points to developer documentation.
 * These helpers rewrite that report for authors: one line per mistake, each starting with the file.
 * Pure: tests call them with plain strings.
 */

export interface FieldIssue {
  /** Dotted path of the field, e.g. image.alt; empty for the frontmatter as a whole. */
  field: string;
  /** The schema's message, possibly several lines long. */
  message: string;
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

/** One line per issue, starting with the file; the field is added where the message does not already name it. */
export function describeFieldIssues(file: string, issues: FieldIssue[]): string {
  return issues
    .map(({ field, message }) => {
      const namesField = field === '' || message.includes(`"${field}"`);
      return `${file}: ${namesField ? '' : `"${field}": `}${message.replaceAll('\n', '\n    ')}`;
    })
    .join('\n');
}
