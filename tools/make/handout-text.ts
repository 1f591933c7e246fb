/**
 * Text set in lines for the handout's PDF: runs of roman and italic text (a reference's title) wrapped to a width, an
 * address too long for a line broken after its slashes and hyphens.
 */
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';

/** A run of text in one style. */
export interface Run {
  text: string;
  italic: boolean;
}

export interface Fonts {
  roman: PDFFont;
  italic: PDFFont;
}

type Word = Run[];

const widthOf = (word: Word, fonts: Fonts, size: number) =>
  word.reduce((sum, run) => sum + (run.italic ? fonts.italic : fonts.roman).widthOfTextAtSize(run.text, size), 0);

/** The runs as words: split at spaces, a word's parts keeping their styles ("26" in italics, then "(6),"). */
function wordsOf(runs: Run[]): Word[] {
  const words: Word[] = [[]];
  for (const run of runs)
    run.text.split(/(\s+)/).forEach((part) => {
      if (/^\s+$/.test(part)) words.push([]);
      else if (part) words.at(-1)!.push({ text: part, italic: run.italic });
    });
  return words.filter((word) => word.length > 0);
}

/** A word wider than the line (an address) in pieces that fit, each ending after a slash or a hyphen where it can. */
function piecesOf(word: Word, fonts: Fonts, size: number, width: number): Word[] {
  if (widthOf(word, fonts, size) <= width || word.length !== 1) return [word];
  const [{ text, italic }] = word as [Run];
  const pieces: Word[] = [];
  let piece = '';
  for (const part of text.split(/(?<=[/-])/)) {
    if (piece && widthOf([{ text: piece + part, italic }], fonts, size) > width) {
      pieces.push([{ text: piece, italic }]);
      piece = '';
    }
    piece += part;
  }
  if (piece) pieces.push([{ text: piece, italic }]);
  return pieces;
}

/** The runs in lines no wider than `width`: each line a list of words, set one space apart. */
export function lineUp(runs: Run[], fonts: Fonts, size: number, width: number): Word[][] {
  const space = fonts.roman.widthOfTextAtSize(' ', size);
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  for (const word of wordsOf(runs)) {
    const pieces = piecesOf(word, fonts, size, width);
    pieces.forEach((piece, index) => {
      const wide = widthOf(piece, fonts, size);
      // A piece of a broken word follows the one before it without a space, on the next line.
      if (line.length > 0 && (index > 0 || used + space + wide > width)) {
        lines.push(line);
        line = [];
        used = 0;
      }
      used += (line.length > 0 ? space : 0) + wide;
      line.push(piece);
    });
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** Draws one line of words at (x, y), each stretch of one style as one piece of text (a smaller PDF than word by word). */
export function drawLine(page: PDFPage, line: Word[], at: { x: number; y: number }, fonts: Fonts, size: number, color: RGB): void {
  const stretches: Run[] = [];
  line.forEach((word, index) =>
    word.forEach((run, part) => {
      const last = stretches.at(-1);
      const text = (index > 0 && part === 0 ? ' ' : '') + run.text;
      if (last?.italic === run.italic) last.text += text;
      else stretches.push({ text, italic: run.italic });
    }),
  );
  let x = at.x;
  for (const { text, italic } of stretches) {
    const font = italic ? fonts.italic : fonts.roman;
    page.drawText(text, { x, y: at.y, size, font, color });
    x += font.widthOfTextAtSize(text, size);
  }
}
