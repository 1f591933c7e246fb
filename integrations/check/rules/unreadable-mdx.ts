/**
 * A file MDX cannot read, placed where the author made the mistake and named in an author's words: the parser's own
 * message often names something else (a quote typed by a word processor, an HTML comment, a < before a number, a tag
 * left unfinished). Nothing else in the file can be checked until it is fixed.
 */
import type { Entry } from '../../../src/lib/troubleshooting.ts';
import type { Finding } from '../findings.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';
import { conflictMarkers } from './unreadable-characters.ts';

function checkSyntax(file: SourceFile): Finding[] {
  // Git's conflict markers are the mistake (checkCharacters names them), the parser's stop one of its effects.
  if (file.syntaxError && conflictMarkers(file.source)) return [];
  if (file.syntaxError) {
    const cause = realCause(file.source, file.syntaxError);
    const { line, column, message } = cause ?? file.syntaxError;
    const rest = 'Nothing else in this file can be checked until it is fixed.';
    return [{ file: file.file, line, column, kind: 'mdx', message: `${message}. ${rest}`, ...(cause ? { help: cause.help } : {}) }];
  }
  return [];
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

export default defineRule({
  check: checkSyntax,
  help: {
    textMistakes: {
      about: ['MDX could not read the text; the message says why.'],
      shows: [
        { build: 'unclosed-component' },
        { build: 'less-than-sign' },
        { build: 'stray-brace' },
        { build: 'html-comment' },
        { rule: 'componentUse', example: 1 },
      ],
    },
    curlyQuotes: { shows: [{ rule: 'unreadableMdx', example: 4 }] },
    lineBreak: { shows: [{ rule: 'unreadableMdx', example: 5 }] },
  },
  examples: {
    refused: [
      ['Cities grew. <!-- a note to myself -->\n', 'An HTML comment (<!-- … -->) cannot be used in these files'],
      ['Children <5 years old.\n', '"<5" reads as the start of a component'],
      ['<Box number={1} title=Maya cities>\n\nText.\n\n</Box>\n', 'The value of "title" needs quotes around its words'],
      ['<Box number={1} title=\u201cMaya cities\u201d>\n\nText.\n\n</Box>\n', 'Curly quotes around the value of "title"'],
      ['A line<br>break.\n', '<br> is a line break written as in a web page'],
      ['<Box number={1} title="Maya cities">\n\nText.\n\n</Box\n', '</Box is missing its >'],
    ],
    accepted: ['Cities grew. {/* a note to myself */} Children under 5 years old.<br />\n'],
  },
});
