/**
 * What the author check reports: one line per finding, `file:line:column: Kind: what is wrong. How to fix it.`,
 * its troubleshooting link on the line below, then a summary line. Problems fail the check; warnings (external links) never do.
 */
import { type Entry, troubleshootingPage, withHelp } from '../../src/lib/troubleshooting.ts';

/** The kinds of finding, as the report names them. */
const kinds = {
  spelling: 'Spelling',
  link: 'Broken link',
  altText: 'Missing alt text',
  missingPicture: 'Missing picture',
  largePicture: 'Picture too large',
  component: 'Component',
  heading: 'Heading',
  page: 'Page',
  template: 'Template text',
  frontmatter: 'Frontmatter',
  profile: 'Member profile',
  fileName: 'File name',
  mdx: 'MDX',
  characters: 'Characters',
  citation: 'Citation',
  claim: 'Figure without a source',
  noted: 'Needs no citation (noted)',
  licence: 'Licence',
  uncited: 'Uncited source (warning)',
  external: 'External link (warning)',
} as const;

export type Kind = keyof typeof kinds;

export interface Finding {
  /** The file to open, relative to the project (chapters/01-introduction.mdx). */
  file: string;
  line: number;
  column: number;
  kind: Kind;
  /** What is wrong and how to fix it, in plain sentences (with its troubleshooting link when the build's words). */
  message: string;
  /** The troubleshooting entry, where it is not the kind's own. */
  help?: Entry;
  /** In a draft, which the built book leaves out: a warning until the page is published. */
  inDraft?: true;
  /** A link to a page the book does not have: a follow-on when a page is skipped or cannot be read. */
  missingPage?: true;
}

/** The troubleshooting entry of each kind's findings, unless a finding names its own. */
const kindHelp: Record<Kind, Entry | undefined> = {
  spelling: 'spelling',
  link: 'brokenLink',
  altText: 'missingAlt',
  missingPicture: 'missingPicture',
  largePicture: 'largePicture',
  component: undefined,
  heading: 'secondMainHeading',
  page: undefined,
  template: 'templateText',
  frontmatter: undefined,
  profile: undefined,
  fileName: 'skippedFile',
  mdx: 'textMistakes',
  characters: 'unreadableText',
  citation: 'unknownCitation',
  claim: 'unsourcedClaim',
  noted: 'unsourcedClaim',
  licence: 'sourceLicence',
  uncited: 'uncitedSource',
  external: 'externalLink',
};

/**
 * Warnings never fail the check (nor the build): a site that is down today is not the author's mistake, nor a source
 * kept for later, nor a mistake in a draft no reader sees yet.
 */
export const isWarning = (finding: Finding) =>
  finding.kind === 'external' || finding.kind === 'uncited' || finding.inDraft === true || isNote(finding);

/** An author's note that a sentence needs no citation: printed with its reason, neither a problem nor a warning. */
const isNote = (finding: Finding) => finding.kind === 'noted';

export function formatFinding({ file, line, column, kind, message, help = kindHelp[kind], inDraft }: Finding): string {
  const helped = help && !message.includes(troubleshootingPage) ? withHelp(message, help) : message;
  return `${file}:${line}:${column}: ${kinds[kind]}${inDraft ? ' (in a draft: a warning until it is published)' : ''}: ${helped.replaceAll('\n', '\n  ')}`;
}

/** Findings in reading order: by file, then line, then column. */
export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/** Each kind as the summary counts it: 1 spelling mistake, 2 broken links. */
const counted: Record<Kind, [one: string, many: string]> = {
  spelling: ['spelling mistake', 'spelling mistakes'],
  link: ['broken link', 'broken links'],
  altText: ['picture without alt text', 'pictures without alt text'],
  missingPicture: ['missing picture', 'missing pictures'],
  largePicture: ['picture too large', 'pictures too large'],
  component: ['component mistake', 'component mistakes'],
  heading: ['heading mistake', 'heading mistakes'],
  page: ['page mistake', 'page mistakes'],
  template: ['page with template text', 'pages with template text'],
  frontmatter: ['frontmatter mistake', 'frontmatter mistakes'],
  profile: ['member profile mistake', 'member profile mistakes'],
  fileName: ['file the book would skip', 'files the book would skip'],
  mdx: ['MDX mistake', 'MDX mistakes'],
  characters: ['character the page cannot show', 'characters the page cannot show'],
  citation: ['citation mistake', 'citation mistakes'],
  claim: ['figure without a source', 'figures without a source'],
  noted: ['sentence noted as needing no citation', 'sentences noted as needing no citation'],
  licence: ['source whose licence forbids what the book allows', 'sources whose licences forbid what the book allows'],
  uncited: ['uncited source', 'uncited sources'],
  external: ['unreachable link', 'unreachable links'],
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The last line: how many files were read, and how many problems of each kind; names the command to run again. */
export function summary(findings: Finding[], fileCount: number): string {
  const problems = findings.filter((f) => !isWarning(f));
  const notes = findings.filter(isNote).length;
  const warnings = findings.length - problems.length - notes;
  const files = plural(fileCount, 'chapter file');
  const warned =
    (warnings > 0 ? `, ${plural(warnings, 'warning')} (not counted as problems)` : '') +
    (notes > 0 ? `, ${plural(notes, 'sentence')} noted as needing no citation` : '');
  if (problems.length === 0) return `Author check: ${files}, no problems${warned}.`;
  const byKind = (Object.keys(kinds) as Kind[])
    .map((kind) => [counted[kind], problems.filter((f) => f.kind === kind).length] as const)
    .flatMap(([[one, many], count]) => (count > 0 ? [plural(count, one, many)] : []))
    .join(', ');
  return `Author check: ${files}, ${plural(problems.length, 'problem')} (${byKind})${warned}. Fix each line above, then run npm run check again.`;
}
