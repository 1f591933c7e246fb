/**
 * The author check (npm run check): everything in the chapters a reader would trip over that the
 * type checks do not see. The frontmatter (as the build reads it), spelling, links and anchors, alt text, picture
 * sizes, the book's component rules, and the members' profiles.
 */
import { join, resolve } from 'node:path';
import { readBook, readBookTexts, type SourceFile } from './source-files.ts';
import { type Book, type BookRule, type FileRule, onDisk } from './rule.ts';
import * as rules from './rules/index.ts';
import { checkExternalLinks, notChecked } from './external-links.ts';
import { type Finding, formatFinding, isWarning, type Kind, sortFindings, summary } from './findings.ts';
import { frontmatterMissing, frontmatterUnclosed } from './rules/frontmatter.ts';
import { type BookMap, bookMap, externalLinksOf } from './book-map.ts';

/** Findings read from the words of a line, which a character the page cannot show there makes on its own. */
const followsOn = new Set<Kind>(['spelling', 'citation', 'link']);

/** Mistakes that stop a build even in a draft: the collection reads every file's frontmatter, and a file it skips is lost. */
const blocking = new Set<Kind>(['frontmatter', 'fileName', 'mdx', 'characters']);

export interface CheckOptions {
  /** The chapters' folder (BOOK_CHAPTERS_DIR, or chapters/). */
  dir: string;
  /** The project root: public/, src/pages/slides/ and the styles are read from it. */
  project: string;
  /** Try links to other sites (when false, or offline, the report says they were not checked). */
  external: boolean;
}

export interface CheckResult {
  findings: Finding[];
  /** Lines for the report that are not findings: whether external links were checked. */
  notes: string[];
  fileCount: number;
}

const fileRules = Object.values(rules)
  .filter((rule): rule is FileRule => 'check' in rule)
  .sort((a, b) => Number(b.everyFile ?? false) - Number(a.everyFile ?? false));
const bookRules = Object.values(rules).filter((rule): rule is BookRule => 'checkBook' in rule);

/** A file the rules can read: saved as UTF-8, its frontmatter there and closed (else that one mistake is reported). */
export const readable = (file: SourceFile) => file.utf8 && !frontmatterUnclosed(file) && !frontmatterMissing(file);

export async function checkBook({ dir, project, external }: CheckOptions): Promise<CheckResult> {
  const chapters = readBook(dir);
  // With the project's own chapters come its other texts (the home page's preface), checked alike, not counted as chapters.
  const texts = resolve(dir) === resolve(project, 'chapters') ? readBookTexts(join(project, 'book')) : [];
  const all = [...chapters, ...texts];
  // A file whose frontmatter cannot be read, or not saved as UTF-8, gets that one message: the rest follows from it.
  const files = all.filter(readable);
  const map = bookMap(all, project);
  const book: Book = { files, all, dir, project, whole: texts.length > 0, map, ...onDisk };
  const links = externalLinksOf(files);
  const outside = external
    ? await checkExternalLinks(links)
    : { findings: [], note: notChecked(new Set(links.map((link) => link.url)).size, '--offline') };
  const findings = [...ruleFindings(all, files, map), ...(await bookRuleFindings(book)), ...outside.findings];
  // A page the book would skip, or one that cannot be read as written, is not read: the sources it cites, and the
  // pages its links lead to, are not "cited nowhere" or "missing".
  const skipped = files.length < all.length || findings.some((finding) => finding.kind === 'fileName');
  // A draft is left out of the built book: its mistakes wait until it is published, but for those no build gets past.
  const drafts = new Set(files.filter((file) => map.draftOf(file)).map((file) => file.file));
  const marked = withoutFollowOns(findings)
    .filter((finding) => !(skipped && (finding.kind === 'uncited' || finding.missingPage)))
    .map((finding) => (drafts.has(finding.file) && !blocking.has(finding.kind) ? { ...finding, inDraft: true as const } : finding));
  return { findings: marked, notes: [outside.note], fileCount: chapters.length };
}

/** The report an author reads (a line per finding, the notes, the summary), and whether the check failed. */
export function reportOf({ findings, notes, fileCount }: CheckResult): { lines: string[]; failed: boolean } {
  const lines = [...sortFindings(findings).map(formatFinding), ...notes, summary(findings, fileCount)];
  return { lines, failed: findings.some((finding) => !isWarning(finding)) };
}

/** A character the page cannot show also splits the words, keys and addresses around it: one mistake, one message. */
export function withoutFollowOns(findings: Finding[]): Finding[] {
  const unreadable = new Set(findings.filter((finding) => finding.kind === 'characters').map(({ file, line }) => `${file}:${line}`));
  return findings.filter((finding) => !(followsOn.has(finding.kind) && unreadable.has(`${finding.file}:${finding.line}`)));
}

/** Each file rule's findings: first those of rules that read every file (characters), whose mistakes come first at a place. */
export const ruleFindings = (all: SourceFile[], files: SourceFile[], book: Pick<BookMap, 'draftOf'>): Finding[] =>
  fileRules.flatMap((rule) => (rule.everyFile ? all : files).flatMap((file) => rule.check(file, book)));

/** Each book rule's findings, one rule after the other: sharp's (libvips') errors are not tied to the image that raised them, so two rules reading pictures at once could lose a picture's truncation. */
export async function bookRuleFindings(book: Book): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const rule of bookRules) findings.push(...(await rule.checkBook(book)));
  return findings;
}
