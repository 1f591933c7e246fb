/**
 * The author check (npm run check): everything in the chapters a reader would trip over that the
 * type checks do not see. The frontmatter (as the build reads it), spelling, links and anchors, alt text, picture
 * sizes, the book's component rules, and the members' profiles.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { componentProblems } from '../mdx-component-check.ts';
import { componentOf, wordPropsOf } from '../../src/components/book/component-rules.ts';
import type { Entry } from '../../src/lib/troubleshooting.ts';
import { readBook, readBookTexts, shownPath, skippedFileFindings, type SourceFile } from './source-files.ts';
import { conflictMarkers, lettersIntact, notUtf8 } from './rules/unreadable-characters.ts';
import * as fileRules from './rules/index.ts';
import { checkCitations } from './bibliography.ts';
import { checkExternalLinks, notChecked } from './external-links.ts';
import { type Finding, formatFinding, isWarning, type Kind, sortFindings, summary } from './findings.ts';
import { checkFrontmatter, frontmatterMissing, frontmatterUnclosed } from './frontmatter.ts';
import { bookMap, checkLinks } from './link-check.ts';
import { checkMembers } from './members.ts';
import { attributeValue, type Node, startOf, textOf, walk } from './mdast.ts';
import { checkTemplateText } from './template-text.ts';
import { markupIn, writtenAsCitation } from './prose.ts';
import { checkPictures } from './pictures.ts';
import { checkSpelling, loadSpeller } from './spelling.ts';

/** The book's word list: beside the chapters, so each book (and each test book) has its own. */
const wordListFile = 'words.txt';

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

export async function checkBook({ dir, project, external }: CheckOptions): Promise<CheckResult> {
  const chapters = readBook(dir);
  // With the project's own chapters come its other texts (the home page's preface), checked alike, not counted as chapters.
  const texts = resolve(dir) === resolve(project, 'chapters') ? readBookTexts(join(project, 'book')) : [];
  const all = [...chapters, ...texts];
  // A file whose frontmatter cannot be read, or not saved as UTF-8, gets that one message: the rest follows from it.
  const files = all.filter((file) => file.utf8 && !frontmatterUnclosed(file) && !frontmatterMissing(file));
  const wordList = join(dir, wordListFile);
  const wordBytes = existsSync(wordList) ? readFileSync(wordList) : Buffer.alloc(0);
  const speller = loadSpeller(wordBytes.toString('utf8'));
  // A word list in another encoding reads its accented words wrongly: they would be "not in the dictionary" again.
  const wordListUnreadable = isUtf8(wordBytes) ? [] : [notUtf8(shownPath(wordList), wordBytes)];
  const map = bookMap(all, project);
  const links = checkLinks(files, map);
  const outside = external
    ? await checkExternalLinks(links.external)
    : { findings: [], note: notChecked(new Set(links.external.map((link) => link.url)).size, '--offline') };
  // The preface or a deck saved with another ending (preface.md) would be left out, as a chapter would.
  const skippedTexts = resolve(dir) === resolve(project, 'chapters') ? skippedFileFindings(join(project, 'book'), ['*.mdx', 'slides/*.mdx']) : [];
  const findings = [
    ...skippedTexts,
    ...wordListUnreadable,
    ...checkFrontmatter(all, dir),
    ...(await checkMembers(project, speller, shownPath(wordList))),
    ...Object.values(fileRules).flatMap((rule) => (rule.everyFile ? all : files).flatMap(rule.check)),
    ...files.flatMap(syntaxAndComponents),
    ...checkTemplateText(files, map.draftOf),
    ...checkSpelling(files.filter(lettersIntact), speller, shownPath(wordList)),
    ...checkCitations(files, dir, texts.length > 0),
    ...links.findings,
    ...(await checkPictures(files, project)),
    ...outside.findings,
  ];
  // A page the book would skip, or one that cannot be read as written, is not read: the sources it cites, and the
  // pages its links lead to, are not "cited nowhere" or "missing".
  const skipped = files.length < all.length || findings.some((finding) => finding.kind === 'fileName');
  // A character the page cannot show also splits the words, keys and addresses around it: one mistake, one message.
  const unreadable = new Set(findings.filter((finding) => finding.kind === 'characters').map(({ file, line }) => `${file}:${line}`));
  const followOn = (finding: Finding) => followsOn.has(finding.kind) && unreadable.has(`${finding.file}:${finding.line}`);
  // A draft is left out of the built book: its mistakes wait until it is published, but for those no build gets past.
  const drafts = new Set(files.filter((file) => map.draftOf(file)).map((file) => file.file));
  const marked = findings
    .filter((finding) => !followOn(finding) && !(skipped && (finding.kind === 'uncited' || finding.missingPage)))
    .map((finding) => (drafts.has(finding.file) && !blocking.has(finding.kind) ? { ...finding, inDraft: true as const } : finding));
  return { findings: marked, notes: [outside.note], fileCount: chapters.length };
}

/** The report an author reads (a line per finding, the notes, the summary), and whether the check failed. */
export function reportOf({ findings, notes, fileCount }: CheckResult): { lines: string[]; failed: boolean } {
  const lines = [...sortFindings(findings).map(formatFinding), ...notes, summary(findings, fileCount)];
  return { lines, failed: findings.some((finding) => !isWarning(finding)) };
}

/** A file that does not parse, and every wrong use of a book component, in the words the build would use. */
function syntaxAndComponents(file: SourceFile): Finding[] {
  // Git's conflict markers are the mistake (checkCharacters names them), the parser's stop one of its effects.
  if (file.syntaxError && conflictMarkers(file.source)) return [];
  if (file.syntaxError) {
    const cause = realCause(file.source, file.syntaxError);
    const { line, column, message } = cause ?? file.syntaxError;
    const rest = 'Nothing else in this file can be checked until it is fixed.';
    return [{ file: file.file, line, column, kind: 'mdx', message: `${message}. ${rest}`, ...(cause ? { help: cause.help } : {}) }];
  }
  const findings: Finding[] = [];
  if (file.tree) {
    walk(file.tree, (node, ancestors) => {
      const at = { file: file.file, ...file.at(startOf(node)) };
      // The code inside a <style> or <script> is that element's, which is refused on its own.
      const inRefused = ancestors.some((ancestor) => ancestor.name === 'style' || ancestor.name === 'script');
      if (
        (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') &&
        !inRefused &&
        !/^\s*(\/\*[\s\S]*\*\/)?\s*$/.test(node.value ?? '')
      ) {
        const written = `{${node.value ?? ''}}`;
        findings.push({
          ...at,
          kind: 'mdx',
          help: 'textMistakes',
          message: `${written} is read as a piece of code, which the page cannot show, and the build stops on it. To show the brackets, write \\${written.slice(0, -1)}\\}; for a note to yourself, {/* the note */}.`,
        });
      }
      if (node.type === 'mdxjsEsm') findings.push(...missingImports(file, node));
      if (componentOf(node.name)?.popup && node.type === 'mdxJsxFlowElement')
        findings.push({
          ...at,
          kind: 'component',
          help: 'textMistakes',
          message:
            `A <${node.name}> goes at the end of the sentence it belongs to, on the same line: ...thinnest. <${node.name} …>…</${node.name}>. ` +
            'On a line of its own it is a button with no sentence; for paragraphs or a list, use a <Box>.',
        });
      if (node.name === 'LinkButton') {
        let inner = false;
        walk(node, (child) => (inner ||= child !== node && child.type === 'link'));
        if (inner)
          findings.push({
            ...at,
            kind: 'component',
            help: 'linkText',
            message:
              '<LinkButton> is a link already: a link inside it cannot be followed. Write only its words between <LinkButton href="…"> and </LinkButton>.',
          });
        else if (textOf(node).trim() === '')
          findings.push({
            ...at,
            kind: 'component',
            help: 'linkText',
            message:
              '<LinkButton> has no words, so a screen reader announces a link with no name. Write where it leads between the tags: <LinkButton href="…">Continue to Chapter 2</LinkButton>.',
          });
      }
      for (const prop of wordPropsOf(node.name)) {
        const value = node.name ? attributeValue(node, prop) : undefined;
        const markup = value ? markupIn(value) : undefined;
        if (markup)
          findings.push({
            ...at,
            kind: 'component',
            help: 'unreadMarkdown',
            message: `The prop "${prop}" of <${node.name}> holds ${markup}, which a prop shows as it is written. Write it as plain words${prop === 'caption' || prop === 'source' ? ', and put a link in the text beside it' : ''}.`,
          });
        else if (value && /\[\^[^\]\s]+\]/.test(value))
          findings.push({
            ...at,
            kind: 'component',
            help: 'footnote',
            message: `A footnote mark in the prop "${prop}" of <${node.name}> is shown as it is written: marks work in the text, not in props. Put it in the text after the ${node.name === 'Figure' ? 'figure' : 'component'}.`,
          });
        else if (value && writtenAsCitation.test(value))
          findings.push({
            ...at,
            kind: 'citation',
            help: 'unreadMarkdown',
            message: `A citation in the prop "${prop}" of <${node.name}> is shown as it is written: citations work in the text, not in props. Move it into the text after the ${node.name === 'Figure' ? 'figure' : 'component'}, or write the source out in words.`,
          });
      }
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      // The mdast node is the one the build's check reads; its loose type here is the same object.
      const problems = componentProblems(node as Parameters<typeof componentProblems>[0], file.imported);
      for (const message of problems) findings.push({ file: file.file, ...file.at(startOf(node)), kind: 'component', message });
    });
  }
  return findings;
}

/**
 * A component's tag left unfinished, found in the lines up to where MDX stopped: its closing > or a quote missing,
 * </Box with no >, or <Box … /> closed at once where its text and </Box> follow.
 */
function unfinishedTag(lines: string[]): { line: number; column: number; message: string } | undefined {
  for (const [index, text] of lines.entries()) {
    const line = index + 1;
    const opening = /^\s*<([A-Z]\w*)\b/.exec(text);
    if (opening) {
      const [, name] = opening;
      const quote = /\b(\w+)=("[^"]*|'[^']*)$/.exec(text.replace(/(\w+)=("[^"]*"|'[^']*'|\{[^}]*\})/g, (all) => ' '.repeat(all.length)));
      if (quote) {
        const column = quote.index + 1;
        return {
          line,
          column,
          message: `The value of "${quote[1]}" opens with ${quote[2]![0]} and is never closed, so the rest of the file reads as part of it. Add ${quote[2]![0]} at the end of the value`,
        };
      }
      const brace = /\b(\w+)=\{([^}\s]*)\s+\w+=/.exec(text);
      if (brace)
        return {
          line,
          column: brace.index + 1,
          message: `The value of "${brace[1]}" opens with { and is never closed. Write ${brace[1]}={${brace[2]}}`,
        };
      if (!text.includes('>') && (lines[index + 1] ?? '').trim() === '')
        return { line, column: opening.index + 1, message: `<${name} …> is missing its > at the end of the line. Add > after the last prop` };
      const closedAtOnce = /\/>\s*$/.test(text) && lines.slice(index + 1).some((later) => later.trim() === `</${name}>`);
      if (closedAtOnce && !lines.slice(index + 1).some((later) => new RegExp(`^\\s*<${name}\\b(?![^>]*/>)`).test(later)))
        return {
          line,
          column: text.lastIndexOf('/>') + 1,
          message: `<${name} … /> ends with />, which closes it at once, so the </${name}> further down closes nothing. Remove the / here, so that it holds the text up to </${name}>`,
        };
    }
    const closing = /^\s*<\/([A-Z]\w*)\s*$/.exec(text);
    if (closing)
      return {
        line,
        column: closing.index + 1 + (text.length - text.trimStart().length),
        message: `</${closing[1]} is missing its >. Write </${closing[1]}>`,
      };
  }
  return undefined;
}

/** An import of a file that is not there: the build would stop, naming a file the author never wrote. */
function missingImports(file: SourceFile, esm: Node): Finding[] {
  return [...(esm.value ?? '').matchAll(/\bfrom\s+(["'])(\.{1,2}\/[^"']+)\1/g)].flatMap((match) => {
    const target = resolve(dirname(file.path), match[2]!);
    const at = file.at(startOf(esm) + (esm.value ?? '').lastIndexOf('\n', match.index) + 1);
    // Another page's text, shown in this one, would render without the components its own page gives it.
    if (/\.mdx?$/i.test(match[2]!))
      return [
        {
          file: file.file,
          ...at,
          kind: 'mdx' as const,
          help: 'notComponent' as const,
          message: `This line imports ${match[2]}, another page of the book, to show it inside this one, which the book cannot render. Link to it instead: [its title](/index/ChapterN), and remove this line.`,
        },
      ];
    if (existsSync(target)) return [];
    return [
      {
        file: file.file,
        ...at,
        kind: 'mdx' as const,
        help: 'notComponent' as const,
        message: `This line imports ${match[2]}, which does not exist. The book's components need no import: remove the line, or correct the path (it is relative to this file).`,
      },
    ];
  });
}

/**
 * Four mistakes whose MDX error names something else: quotes typed by a word processor around a component's value and
 * an HTML line break left open, found in the text up to the error's line, an HTML comment, and a < before a number
 * (children <5), which MDX reads as a tag with no name.
 */
function realCause(
  source: string,
  error: { line: number; column: number },
): { line: number; column: number; message: string; help: Entry } | undefined {
  const lines = source.split('\n').slice(0, error.line);
  const errorLine = lines.at(-1) ?? '';
  const comment = errorLine.lastIndexOf('<!--', error.column);
  if (comment !== -1) {
    return {
      line: error.line,
      column: comment + 1,
      message:
        'An HTML comment (<!-- … -->) cannot be used in these files: MDX reads < as the start of a component. Write a note to other authors as {/* the note */}',
      help: 'textMistakes',
    };
  }
  const number = (written: string) => /\d[\d.,]*/.exec(written)?.[0].replace(/[.,]$/, '');
  const lessThan = [...errorLine.matchAll(/<\s*(\d|=|[A-Za-z]+\d)[\w.,%=]*/g)].find((found) => found.index < error.column);
  if (lessThan) {
    return {
      line: error.line,
      column: lessThan.index + 1,
      message: /^<\s*\d/.test(lessThan[0])
        ? `"${lessThan[0]}" reads as the start of a component: MDX takes < for a tag. Write it in words (under ${number(lessThan[0])}, fewer than ${number(lessThan[0])}), or as \\${lessThan[0]}`
        : `"${lessThan[0]}" reads as the start of a component: MDX takes < for a tag. Write it as \\${lessThan[0]}, or in words (${lessThan[0].startsWith('<=') ? 'at most' : 'less than'})`,
      help: 'textMistakes',
    };
  }
  // <\Box>: a closing tag typed with a backslash.
  const backslash = /<\\([A-Za-z][\w.]*)>/.exec(errorLine);
  if (backslash) {
    return {
      line: error.line,
      column: backslash.index + 1,
      message: `"${backslash[0]}" has a backslash where a closing tag has a slash. Write </${backslash[1]}>`,
      help: 'textMistakes',
    };
  }
  // x<y, <normal range: a < before a word in a sentence, which MDX reads as a tag named by the word.
  const beforeWord = /(?<!\\)<([a-z][\w-]*)(?![\w:-])(?![^<]*>)/.exec(errorLine.slice(0, error.column));
  if (beforeWord && !/^(a|b|i|em|strong|sup|sub|br|span|abbr|cite|code|kbd|small|q|s|u|mark)$/.test(beforeWord[1]!)) {
    return {
      line: error.line,
      column: beforeWord.index + 1,
      message: `"<${beforeWord[1]}" reads as the start of a component named ${beforeWord[1]}: MDX takes < for a tag. Write it as \\<${beforeWord[1]}, or in words (less than)`,
      help: 'textMistakes',
    };
  }
  const unfinished = unfinishedTag(lines);
  if (unfinished) return { ...unfinished, help: 'textMistakes' };
  for (const [index, written] of lines.entries()) {
    // A whole value in quotes is blanked, column for column: a `v=` inside an address is no prop.
    const text = written.replace(/(?<==)"[^"]*"(?=[\s/>]|$)/g, (quoted) => `"${' '.repeat(quoted.length - 2)}"`);
    // title=Planetary health: words with no quotes around them.
    const words = /<[A-Z][^>]*?\b(\w+)=([A-Za-z][^\s>=/]*(?:\s+(?![\w-]+=)[^\s>=/]+)*)/.exec(text);
    if (words) {
      const [, prop = '', value = ''] = words;
      return {
        line: index + 1,
        column: words.index + words[0].indexOf(`${prop}=`) + 1,
        message: `The value of "${prop}" needs quotes around its words: ${prop}="${value}"`,
        help: 'textMistakes',
      };
    }
    const bare = /<[A-Z][^>]*?\b(\w+)=(\d[\d.]*)/.exec(text);
    if (bare) {
      const [, prop, value] = bare;
      return {
        line: index + 1,
        column: bare.index + bare[0].indexOf(`${prop}=`) + 1,
        message: `The value of "${prop}" needs braces around a number, or quotes around words: ${prop}={${value}}`,
        help: 'textMistakes',
      };
    }
    const comma = /<[A-Z][^>]*?["}]\s*,\s*\w+=/.exec(text);
    if (comma) {
      return {
        line: index + 1,
        column: comma.index + comma[0].lastIndexOf(',') + 1,
        message: 'A comma between two props: MDX separates props with spaces only. Remove the comma',
        help: 'textMistakes',
      };
    }
    const autolink = /<(https?:\/\/[^>\s]+)>/.exec(text);
    if (autolink) {
      return {
        line: index + 1,
        column: autolink.index + 1,
        message: `<${autolink[1]}> reads as the start of a component: MDX takes < for a tag. Write the address alone, ${autolink[1]}, or as a link with words: [the words](${autolink[1]})`,
        help: 'textMistakes',
      };
    }
    // A value in quotes with the same quote inside it: label='The planet's health' ends at "planet".
    const inner = /<[A-Za-z][^>]*?\b(\w+)=(['"])[^'"\n]*?\2(?=[\p{L}\d])/u.exec(text);
    if (inner) {
      const [, prop = '', quote = ''] = inner;
      const start = inner.index + inner[0].indexOf(`${prop}=`);
      const opening = start + prop.length + 1;
      const tagEnd = text.indexOf('>', opening);
      const value = text.slice(opening + 1, text.lastIndexOf(quote, tagEnd === -1 ? text.length : tagEnd));
      const other = quote === "'" ? '"' : "'";
      return {
        line: index + 1,
        column: start + 1,
        message:
          `The value of "${prop}" is in ${quote} quotes and has ${quote === "'" ? 'an apostrophe' : 'a quotation mark'} inside it, which ends it early. ` +
          `Put it in the other quotes: ${prop}=${other}${value.replaceAll(`\\${quote}`, quote)}${other}`,
        help: 'textMistakes',
      };
    }
    const curly = /<[A-Z][^>]*?(\w+)=\s*[“”‘’]/.exec(text);
    if (curly) {
      return {
        line: index + 1,
        column: curly.index + 1,
        message:
          `Curly quotes around the value of "${curly[1]}", as a word processor types them: MDX reads only straight quotes. ` +
          `Type them again with the " key: ${curly[1]}="…"`,
        help: 'curlyQuotes',
      };
    }
    const lineBreak = /<br\s*>/i.exec(text);
    if (lineBreak) {
      return {
        line: index + 1,
        column: lineBreak.index + 1,
        message: `${lineBreak[0]} is a line break written as in a web page, which MDX reads as a tag waiting for its end. Write <br /> instead, or end the line with a backslash (\\)`,
        help: 'lineBreak',
      };
    }
  }
  return undefined;
}
