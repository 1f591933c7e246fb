/**
 * Text the page cannot show as written: a file saved in another encoding than UTF-8 (its accented letters arrive as
 * �), a character already lost before the file was saved (�), and invisible control characters pasted from another
 * program. The build publishes all three without a word.
 */
import type { SourceFile } from '../source-files.ts';
import type { Finding } from '../findings.ts';
import { defineRule } from '../rule.ts';

const replacement = '\uFFFD';
// C0 controls and DEL, except the tab and line endings a text file has.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const control = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Characters that take no room on the page, pasted with text from a PDF or a web page: they split a word for search,
 * spelling and citation keys. Not the joiners of emoji and some scripts (U+200C, U+200D). */
const invisible: Record<string, string> = {
  '\u00AD': 'a soft hyphen',
  '\u200B': 'a zero-width space',
  '\u200E': 'a left-to-right mark',
  '\u200F': 'a right-to-left mark',
  '\u2028': 'a line separator',
  '\u2029': 'a paragraph separator',
  '\u202A': 'a direction mark',
  '\u202B': 'a direction mark',
  '\u202C': 'a direction mark',
  '\u202D': 'a direction mark',
  '\u202E': 'a direction mark',
  '\u2060': 'a word joiner',
  '\u2066': 'a direction mark',
  '\u2067': 'a direction mark',
  '\u2068': 'a direction mark',
  '\u2069': 'a direction mark',
  '\uFEFF': 'a zero-width no-break space',
};
const invisiblePattern = new RegExp(`[${Object.keys(invisible).join('')}]`, 'g');

/** Windows-1252's characters for the bytes 0x80-0x9F, where it differs from Latin-1. */
const windows1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const byteOf = (char: string) => {
  const at = windows1252.indexOf(char);
  return at === -1 ? char.charCodeAt(0) : 0x80 + at;
};
/** UTF-8 text read as Windows-1252 and saved again ("â€™" for ’, "Ã©" for é): pasted from a file opened wrongly. */
const garbled = new RegExp(`â€[\\u0080-\\u00BF${windows1252}]|[ÃÂ][\\u00A0-\\u00BF${windows1252}]`, 'gu');

/** A character's name in Unicode's way of writing it: U+00A0. */
export const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Where Git left two versions of the same lines side by side (<<<<<<<, =======, >>>>>>>): the first marker's line and the message. */
export function conflictMarkers(text: string): { line: number; message: string } | undefined {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => /^<{7}(\s|$)/.test(line));
  if (first === -1) return undefined;
  const last = lines.findIndex((line, index) => index > first && /^>{7}(\s|$)/.test(line));
  return {
    line: first + 1,
    message:
      `Two versions of the same lines are saved here together, between <<<<<<< and ${last === -1 ? '>>>>>>>' : `>>>>>>> (line ${last + 1})`}, as Git leaves them when two people changed them. ` +
      'Keep the version you want, and delete the other with the three marker lines (<<<<<<<, =======, >>>>>>>).',
  };
}

function checkCharacters(file: SourceFile): Finding[] {
  if (!file.utf8) return [notUtf8(file.file, Buffer.from(file.bytes))];
  const conflict = conflictMarkers(file.source);
  if (conflict) return [{ file: file.file, line: conflict.line, column: 1, kind: 'characters', message: conflict.message }];
  const found = (offset: number, message: string): Finding => ({ file: file.file, ...file.at(offset), kind: 'characters', message });
  const lost = file.source.indexOf(replacement);
  const findings: Finding[] = [];
  for (let at = lost; at !== -1; at = file.source.indexOf(replacement, at + 1)) {
    findings.push(
      found(
        at,
        'A character was lost here before the file was saved: readers would see �, a question mark in a box. Type the letter again (such as the ã of São Paulo).',
      ),
    );
  }
  for (const match of file.source.matchAll(garbled)) {
    const meant = Buffer.from([...match[0]].map(byteOf)).toString('utf8');
    findings.push(
      found(
        match.index,
        `"${match[0]}" is garbled text, pasted from a file that was opened in the wrong encoding: readers would see it as it is. Type the character meant again (${meant.trim() === '' ? 'a space' : meant}).`,
      ),
    );
  }
  // Pasted from a PDF or a Mac: a ligature (ﬁ) for two letters, a letter and its accent as two characters (ã as a + ̃).
  for (const match of file.source.matchAll(/[\uFB00-\uFB06]|\p{L}\p{M}+/gu)) {
    const meant = match[0].normalize('NFKC');
    if (meant === match[0]) continue;
    findings.push(
      found(
        match.index,
        `"${match[0]}" is ${meant.length > 1 ? 'a ligature, one character standing for the letters' : 'a letter and its accent written as two characters, for'} "${meant}", pasted from a PDF or another computer: search and spelling do not read it as that. Type "${meant}" again.`,
      ),
    );
  }
  for (const match of file.source.matchAll(control)) {
    findings.push(
      found(
        match.index,
        `An invisible control character (${codePoint(match[0])}), pasted from another program, is here: browsers show nothing or a box. ` +
          'Delete it: put the cursor just after it and press Backspace once.',
      ),
    );
  }
  for (const match of file.source.matchAll(invisiblePattern)) {
    findings.push(
      found(
        match.index,
        `An invisible character (${codePoint(match[0])}, ${invisible[match[0]]}), pasted with the text, is here: it splits the word around it for search, spelling and citations. ` +
          'Delete it: put the cursor just after it and press Backspace once.',
      ),
    );
  }
  return findings;
}

/** A file saved in another encoding (Latin-1, Windows-1252), placed at its first byte that UTF-8 cannot read. */
export function notUtf8(file: string, bytes: Buffer): Finding {
  // Notepad's "Unicode" is UTF-16, which starts with a mark of two bytes.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      file,
      line: 1,
      column: 1,
      kind: 'characters',
      message:
        'This file is saved as UTF-16 ("Unicode" in Notepad), which the book cannot read. Save it again with the encoding "UTF-8" (in your editor: Save As, then Encoding: UTF-8).',
    };
  }
  const text = bytes.toString('utf8');
  // Everything before the first unreadable byte reads as written, so its length in UTF-8 is that byte's place.
  const before = text.slice(0, Math.max(text.indexOf(replacement), 0));
  const byte = bytes[Buffer.byteLength(before)] ?? 0;
  const lines = before.split('\n');
  return {
    file,
    line: lines.length,
    column: (lines.at(-1)?.length ?? 0) + 1,
    kind: 'characters',
    message:
      `This file is not saved as UTF-8, the one encoding the book reads: from here on (a byte 0x${byte.toString(16).toUpperCase()}) readers would see � in place of ` +
      'letters such as ã or é. Save the file again with the encoding "UTF-8" (in your editor: Save As, then Encoding: UTF-8).',
  };
}

/** Whether the spelling of a file can be read: not where letters were lost, which would read as mistakes of their own. */
export const lettersIntact = (file: SourceFile) => file.utf8 && !file.source.includes(replacement);

export default defineRule({
  check: checkCharacters,
  everyFile: true,
  help: {
    unreadableText: {
      shows: [
        { rule: 'unreadableCharacters', example: 1 },
        { rule: 'unreadableCharacters', example: 3 },
        { rule: 'unreadableCharacters', example: 7 },
      ],
    },
  },
  examples: {
    refused: [
      [
        Buffer.from('Life in S\xe3o Paulo.\n', 'latin1'),
        'This file is not saved as UTF-8, the one encoding the book reads: from here on (a byte 0xE3)',
      ],
      [Buffer.from('\ufeffLife.\n', 'utf16le'), 'This file is saved as UTF-16'],
      ['Life in S\uFFFDo Paulo.\n', 'A character was lost here before the file was saved'],
      ['The city\u00e2\u20ac\u2122s water.\n', '"\u00e2\u20ac\u2122" is garbled text, pasted from a file that was opened in the wrong encoding'],
      ['The \uFB01rst city.\n', '"\uFB01" is a ligature, one character standing for the letters "fi"'],
      ['Life in Sa\u0303o Paulo.\n', '"a\u0303" is a letter and its accent written as two characters, for "\u00e3"'],
      ['A page\u000Cbreak.\n', 'An invisible control character (U+000C), pasted from another program, is here'],
      ['A soft\u00ADhyphen.\n', 'An invisible character (U+00AD, a soft hyphen), pasted with the text, is here'],
      ['<<<<<<< HEAD\nOne way.\n=======\nAnother.\n>>>>>>> theirs\n', 'Two versions of the same lines are saved here together'],
    ],
    accepted: ['Its name is `S\u00e3o Paulo` in Portuguese, with a health worker \u{1F469}\u200D\u2695\uFE0F and a table | a | b |.\n'],
  },
});
