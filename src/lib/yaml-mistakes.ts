/**
 * Why a frontmatter (or a member's YAML file) cannot be read as its author meant it, in their words: found from the
 * line the YAML parser stops at and its error code, or, for a value YAML reads as something else than text (an
 * `&Water` that becomes nothing), from the lines themselves.
 */

export interface YamlMistake {
  /** Line and column in the YAML text, from 1. */
  line: number;
  column: number;
  /** What is wrong, after "the frontmatter cannot be read: ". */
  message: string;
  fix: string;
}

/** A field's line: its indent (and any "- "), its name, and its value as written. */
const fieldLine = /^(\s*(?:-\s+)?)([^\s:#'"-][^:#]*?):[ \t]+(.*?)\s*$/;
/** A list item's line: its indent and "- ", then its value. */
const itemLine = /^(\s*-\s+)(.*?)\s*$/;

/** A line's value as written after its field's name (or its "- "), and the column it starts at. */
function valueOf(text: string): { key: string; value: string; column: number } | undefined {
  const field = fieldLine.exec(text);
  if (field) {
    const [, indent = '', key = '', value = ''] = field;
    return { key, value, column: text.indexOf(value, indent.length + key.length + 1) + 1 };
  }
  const item = itemLine.exec(text);
  return item ? { key: '-', value: item[2] ?? '', column: (item[1] ?? '').length + 1 } : undefined;
}

/** The line again with its value in double quotes, as the fix shows it. */
const quoted = (key: string, value: string) => `${key === '-' ? '- ' : `${key}: `}"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * A value YAML reads as one of its own signs, not as text, with no error (&Water is nothing, !Water is empty,
 * *Water an alias): the first such line.
 */
export function signedValue(yaml: string): YamlMistake | undefined {
  for (const [index, text] of yaml.split(/\r?\n/).entries()) {
    if (/^\s*#/.test(text)) continue;
    const found = valueOf(text);
    const sign = found?.value.match(/^[*&!%@`]/)?.[0];
    if (!found || !sign) continue;
    return {
      line: index + 1,
      column: found.column,
      message: `the value starts with ${sign}, a sign the frontmatter does not read as text.`,
      fix: `Put the value in double quotes: ${quoted(found.key, found.value)}`,
    };
  }
  return undefined;
}

/** The mistake behind a YAML parser error (its code, and the line and column it stops at, from 1), when it is a known one. */
export function parserMistake(yaml: string, { code, line }: { code: string; line: number }, firstLine = 1): YamlMistake | undefined {
  const lines = yaml.split(/\r?\n/);
  const text = lines[line - 1] ?? '';
  const at = (atLine: number, atColumn: number, message: string, fix: string) => ({ line: atLine, column: atColumn, message, fix });

  if (code === 'TAB_AS_INDENT' || /^ *\t/.test(text)) {
    return at(line, 1, 'this line is indented with a tab.', 'Indent it with spaces, not a tab: two for each level.');
  }
  // title:\u00A0"…": a word processor's no-break space looks like a space, and the frontmatter reads it as a letter.
  const unusualSpace = /[\u00A0\u2000-\u200B\u202F\u3000]/.exec(text);
  if (unusualSpace) {
    return at(
      line,
      unusualSpace.index + 1,
      `this line has ${unusualSpace[0] === '\u00A0' ? 'a no-break space' : 'a wide or thin space'} (as a word processor pastes it), which looks like a space but is read as a letter.`,
      'Delete it and type an ordinary space.',
    );
  }
  // number:2: with no space after its colon, a field's line reads as one word, not a name and a value.
  const unspaced = /^(\s*)([A-Za-z_][\w.-]*):([^\s/].*)$/.exec(text);
  if (unspaced && !/^\s*\w+:\/\//.test(text)) {
    const [, indent = '', key, value] = unspaced;
    return at(
      line,
      indent.length + 1,
      `there is no space after the colon of "${key}", so the line reads as one word, not a field and its value.`,
      `Add a space: ${key}: ${value}`,
    );
  }
  if (code === 'DUPLICATE_KEY') {
    // The parser may stop inside the second field (at its list's first item): its key is on the nearest field line above.
    const keyOf = (written: string) => /^\s*(?:-\s+)?([^\s:#'"-][^:#]*?):(\s|$)/.exec(written)?.[1];
    let keyLine = line;
    while (keyLine > 1 && keyOf(lines[keyLine - 1] ?? '') === undefined) keyLine--;
    const keyText = lines[keyLine - 1] ?? '';
    const key = keyOf(keyText) ?? '';
    const first = lines.findIndex((other, index) => index < keyLine - 1 && keyOf(other) === key && other.search(/\S/) === keyText.search(/\S/)) + 1;
    return at(keyLine, 1, `"${key}" is written twice, here and on line ${first + firstLine - 1}.`, 'Keep one of the two lines.');
  }
  // A quote opened and never closed: the parser stops at the end, the mistake is where the quote opens.
  if (code === 'MISSING_CHAR') {
    for (let index = Math.min(line, lines.length) - 1; index >= 0; index--) {
      const found = valueOf(lines[index] ?? '');
      const quote = found?.value[0];
      if (!found || (quote !== '"' && quote !== "'")) continue;
      if (found.value.length > 1 && found.value.endsWith(quote)) break;
      return at(
        index + 1,
        found.column,
        `the ${quote} that opens this value is never closed.`,
        `Add ${quote} at the end of the value: ${found.key}: ${found.value}${quote}`,
      );
    }
  }
  const found = valueOf(text);
  if (found) {
    const { key, value } = found;
    const quote = value[0];
    if (quote === '"' || quote === "'") {
      const inner = value.slice(1, value.lastIndexOf(quote) > 0 ? value.lastIndexOf(quote) : undefined);
      if (inner.includes(quote)) {
        const other = quote === "'" ? '"' : "'";
        const fix = inner.includes(other) ? quoted(key, inner) : `${key}: ${other}${inner}${other}`;
        const names = quote === "'" ? 'an apostrophe' : 'a quotation mark';
        return at(
          line,
          found.column,
          `the value is in ${quote} quotes and has ${names} (${quote}) inside it, which ends it early.`,
          `Put it in the other quotes instead: ${fix}`,
        );
      }
    }
    if (/^[“‘„]/.test(value)) {
      const text = value.replace(/^[“‘„]|[”’“]$/g, '');
      return at(
        line,
        found.column,
        'the value is in curly quotes (“ ”), as a word processor types them, which the frontmatter reads as letters, not quotes.',
        `Type the quotes again with the " key: ${quoted(key, text)}`,
      );
    }
    const colon = /:(\s|$)/.exec(value);
    if (colon && quote !== '"' && quote !== "'") {
      return at(
        line,
        found.column,
        `the colon after "${value.slice(0, colon.index).split(/\s+/).at(-1)}" would start a second field on this line.`,
        `A value with a colon in it must be in double quotes: ${quoted(key, value)}`,
      );
    }
    const next = lines[line] ?? '';
    if (code === 'BLOCK_AS_IMPLICIT_KEY' && next.search(/\S/) > text.search(/\S/)) {
      // image: then src: at the left edge, then alt: indented: the mistake is src:'s line, not alt:'s.
      const parent = /^(\s*)([\w.-]+):\s*$/.exec(lines[line - 2] ?? '');
      if (parent && text.search(/\S/) <= parent[1]!.length)
        return at(
          line,
          1,
          `"${key}" belongs under ${parent[2]}:, but it starts further left, so it is read as a field of its own.`,
          `Indent it like the line below it (two spaces under ${parent[2]}:).`,
        );
      return at(
        line + 1,
        1,
        'this line is indented more than the line above it.',
        `Lines under the same field start at the same place: two spaces under ${fieldAbove(lines, line + 1)}:.`,
      );
    }
    const sign = /^[[{|>]/.exec(value)?.[0];
    if (sign)
      return at(
        line,
        found.column,
        `the value starts with ${sign}, a sign the frontmatter does not read as text.`,
        `Put the value in double quotes: ${quoted(key, value)}`,
      );
  }
  // A field name with no colon after it (number 2) makes the parser stop at that line or a later one.
  const noColon = lines.findIndex((other) => /\S/.test(other) && !/^\s*#/.test(other) && !other.includes(':') && !itemLine.test(other));
  if (noColon !== -1 && noColon < line) {
    const [field = 'title', ...value] = (lines[noColon] ?? '').trim().split(/\s+/);
    return at(
      noColon + 1,
      1,
      'this line has no colon after its field name.',
      `Write the name, a colon and a space, then the value: ${field}: ${value.join(' ') || '…'}`,
    );
  }
  if (code === 'BAD_INDENT') {
    return at(
      line,
      1,
      'this line is indented differently from the lines above it.',
      `Lines under the same field start at the same place: two spaces under ${fieldAbove(lines, line)}:.`,
    );
  }
  return undefined;
}

/** The field a line (1-based) is written under: the nearest line above it that is only a field's name (image:, photo:). */
function fieldAbove(lines: string[], line: number): string {
  for (let index = line - 2; index >= 0; index--) {
    const name = /^\s*([\w.-]+):\s*$/.exec(lines[index] ?? '')?.[1];
    if (name) return name;
  }
  return 'image';
}
