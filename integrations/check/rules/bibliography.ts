/**
 * Citations against the bibliography (references.bib beside the chapters), in the build's words: a key the
 * bibliography lacks (with the closest keys), a source without what APA needs (a year, a title; a report's or a
 * webpage's address, a webpage's day), and, as a warning, a source nothing cites.
 */
import { isUtf8 } from 'node:buffer';
import { join } from 'node:path';
import { citationsIn, isCitationList, key as citationKey, markEscaped } from '../../citation-marks/syntax.ts';
import { unknownKeyMessage } from '../../citation-marks/plugin.ts';
import { closestField } from '../../../src/schemas/messages.ts';
import { plugins } from '@citation-js/core';
import { type CslItem, parseBibtex } from '../../../src/lib/bibliography-loader.ts';
import { type Book, defineBookRule } from '../rule.ts';
import { shownPath } from '../source-files.ts';
import { codePoint, conflictMarkers, notUtf8 } from './unreadable-characters.ts';
import type { Finding } from '../findings.ts';
import { endOf, startOf, walk } from '../mdast.ts';

/** `[@a, @b]`: Pandoc reads @b as a page of @a. */
const keyInLocator = new RegExp(`@(${citationKey})`, 'u');
/** Comments, strings and preambles begin with @ but are not entries. */
const notAnEntry = /^\s*@(comment|string|preamble)\b/i;

function checkCitations({ files, dir, whole, read }: Book): Finding[] {
  const file = join(dir, 'references.bib');
  const saved = read(file);
  const bytes = saved ?? Buffer.alloc(0);
  const bib = shownPath(file);
  if (!isUtf8(bytes)) return [notUtf8(bib, bytes)];
  const text = bytes.toString('utf8');
  const conflict = conflictMarkers(text);
  if (conflict) return [{ file: bib, line: conflict.line, column: 1, kind: 'citation', message: conflict.message, help: 'bibUnreadable' }];
  // A source exported as RIS (TY  - JOUR …) and pasted in: BibTeX readers skip its lines, so the source is not there.
  const ris = text.split('\n').findIndex((line) => /^[A-Z][A-Z\d] {2}- /.test(line));
  if (ris !== -1) {
    const message = `This line and those after it are in RIS (${text.split('\n')[ris]!.trim()} …), another reference format, which the book does not read: the source is left out. Export it from your reference manager as BibTeX and paste that in their place.`;
    return [{ file: bib, line: ris + 1, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  const unreadable = unreadableEntry(text);
  const comma = unreadable ? missingComma(text, unreadable) : undefined;
  if (comma) {
    const message = `A comma is missing at the end of this line, so the field on the next line cannot be read. Add a comma after the closing } or ". Nothing in ${bib} can be checked until it is fixed.`;
    return [{ file: bib, line: comma, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  const spaced = unreadable ? /^\s*@\w+\s*\{\s*([^,{}]*\s[^,{}]*?)\s*,/.exec(text.split('\n')[unreadable - 1] ?? '')?.[1] : undefined;
  if (spaced) {
    const message = `The key "${spaced}" has a space in it, so the entry cannot be read: a key is one word. Write it without spaces (${spaced.replace(/\s+/g, '')}), in the citations too. Nothing in ${bib} can be checked until it is fixed.`;
    return [{ file: bib, line: unreadable!, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  const field = valueWrittenWrong(text);
  if (field) {
    const message = `${field.message} Nothing in ${bib} can be checked until it is fixed.`;
    return [{ file: bib, line: field.line, column: field.column, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  const parentheses = unreadable && /^\s*@\w+\s*\(/.test(text.split('\n')[unreadable - 1] ?? '');
  if (parentheses) {
    const message = `This entry is written in round brackets, @type( … ), which the book's BibTeX reader does not read. Write it in braces: @type{key, … }. Nothing in ${bib} can be checked until it is fixed.`;
    return [{ file: bib, line: unreadable, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  if (unreadable) {
    const message = `The entry starting here cannot be read as BibTeX. Check its braces, the commas between its fields, and the quotes or braces around each value. Nothing in ${bib} can be checked until it is fixed.`;
    return [{ file: bib, line: unreadable, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
  }
  const sources = text ? parseBibtex(text) : [];
  // An entry whose @ is missing is that one mistake (fieldsWrittenWrong names it): its key is not also "not in" the file.
  const keys = [...sources.map((source) => source.id), ...text.split('\n').flatMap((line) => withoutAt.exec(line)?.[2] ?? [])];
  const findings: Finding[] = [
    ...sources.flatMap((source) => missingFields(source, bib, lineOf(text, source.id))),
    ...sources.flatMap((source) => apaNeeds(source, text, bib)),
    ...sources.flatMap((source) => commandsLeft(source, text, bib)),
    ...sources.flatMap((source) => impossibleDate(source, text, bib)),
    ...keysUsedTwice(text, bib),
    ...fieldsWrittenWrong(text, bib),
  ];
  const cited = new Set<string>();
  const missing: string[] = [];
  for (const page of files) {
    if (!page.tree) continue;
    walk(page.tree, (node, ancestors) => {
      if (node.type !== 'text' || !node.value) return;
      const at = (index: number) => page.at(startOf(node) + index);
      // [@galea 2005] with a space or a hyphen a word processor typed (no-break, U+2010): that one mistake, and the key
      // it splits read as the one meant from here on.
      const value = markEscaped(node.value, page.source.slice(startOf(node), endOf(node))).replace(
        /\[@([\p{L}\d_:.-]+)([\s\u00A0\u2010-\u2015])([\p{L}\d_:.-]+)\]/gu,
        (written, before: string, pasted: string, after: string, index: number) => {
          if (!keys.includes(before + after)) return written;
          const what = /\s/.test(pasted) ? 'a space' : 'a hyphen';
          const message = `"${written}" has ${what} inside its key (${codePoint(pasted)}, as a word processor types it), so it names no source. Write [@${before + after}].`;
          findings.push({ file: page.file, ...at(index), kind: 'citation', message, help: 'unknownCitation' });
          return `[@${before + after}]`;
        },
      );
      // A citation in a heading would be a link inside the page's list of sections, and cut its address short.
      if (ancestors.some((ancestor) => ancestor.type === 'heading') && citationsIn(value).some((piece) => 'items' in piece)) {
        const message =
          "A citation in a heading: the list of sections and the heading's address would carry it. Cite the source in the text of the section instead.";
        findings.push({ file: page.file, ...at(0), kind: 'citation', message, help: 'unreadMarkdown' });
      }
      // (@lilford2017): a narrative citation ("Name (year)") inside round brackets, where [@key] was meant.
      for (const round of value.matchAll(new RegExp(`\\(\\s*@(${citationKey})\\s*\\)`, 'gu'))) {
        const message = `"${round[0]}" is shown as "(Name (year))": @${round[1]} in a sentence reads as the author's name and the year. For "(Name, year)", write it in square brackets: [@${round[1]}].`;
        findings.push({ file: page.file, ...at(round.index), kind: 'citation', message, help: 'unreadMarkdown' });
        cited.add(round[1]!);
      }
      // [see @a], [-@a], [@a p. 3], [@a and @b], [@a.]: forms the book shows as written.
      for (const bracket of value.matchAll(new RegExp(`\\[[^\\[\\]]*@(${citationKey})[^\\[\\]]*\\]`, 'gu'))) {
        if (isCitationList(bracket[0])) continue;
        const written = bracket[0];
        const sources = [...written.matchAll(new RegExp(`@(${citationKey})`, 'gu'))].map((match) => match[1]!.replace(/[.,;:!?]+$/, ''));
        const [source = ''] = sources;
        const rest = /@[^\s,;\]]+\s+([^\]]+)\]$/.exec(written)?.[1];
        const pages = /,\s*([^\]]+)\]$/.exec(written)?.[1];
        const words = written.slice(1, written.indexOf('@')).trim();
        const stop = /^\[@[^\s\]]*?([.,;:!?]+)\]$/.exec(written)?.[1];
        // [@a; b]: a key without its @ in a list of sources.
        const bare = written
          .slice(1, -1)
          .split(';')
          .map((part) => part.trim())
          .find((part) => /^[\p{L}\d_:.-]+$/u.test(part) && keys.includes(part));
        const message = bare
          ? `"${written}" is shown as it is written: each source in it starts with @. Write ${written.replace(new RegExp(`(^\\[|;\\s*)${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s*[;\\]])`), `$1@${bare}`)}.`
          : sources.length > 1 && words !== '' && /;\s*@/.test(written)
            ? `"${written}" is shown as it is written: the book's citations hold only sources and pages. Put the words before the brackets: ${words} [${written.slice(written.indexOf('@'))}.`
            : sources.length > 1
              ? `"${written}" is shown as it is written: two sources in one citation are separated by a semicolon. Write [@${sources.join('; @')}].`
              : written.startsWith('[-@')
                ? `"${written}" is shown as it is written: the book cannot leave the author's name out. Write @${source} in the sentence instead, which reads "Name (year)".`
                : stop
                  ? `"${written}" is shown as it is written: the "${stop}" belongs to the sentence. Put it after the brackets: [@${source}]${stop}`
                  : /^\[@/.test(written) && rest && /^(19|20)\d\d[a-z]?$/.test(rest.trim())
                    ? `"${written}" is shown as it is written: the year comes from ${bib} by itself. Write [@${source}].`
                    : /^\[@/.test(written) && rest
                      ? `"${written}" is shown as it is written: a comma goes between the source and its page. Write [@${source}, ${rest}].`
                      : words
                        ? `"${written}" is shown as it is written: the book's citations hold only sources and pages. Put the words before the brackets: ${words} [@${source}${pages ? `, ${pages}` : ''}].`
                        : `"${written}" is shown as it is written: the book's citations hold only sources and pages. Write [@${source}${pages ? `, ${pages}` : ''}], and the other words outside the brackets.`;
        findings.push({ file: page.file, ...at(bracket.index), kind: 'citation', message, help: 'unreadMarkdown' });
        for (const key of sources) cited.add(key);
      }
      // [@a with no ] after it: the bracket is shown, and @a reads as "Name (year)".
      for (const open of value.matchAll(new RegExp(`\\[\\s*@(${citationKey})(?![^\\[\\]]*\\])`, 'gu'))) {
        const key = open[1]!.replace(/[.,;:!?]+$/, '');
        const message = `This [ before @${key} is never closed, so it would be shown as written, and the source as "Name (year)". Close it after the source: [@${key}].`;
        findings.push({ file: page.file, ...at(open.index), kind: 'citation', message, help: 'unreadMarkdown' });
        cited.add(key);
      }
      // [galea2005]: a key in brackets without its @ is shown as written.
      for (const bare of value.matchAll(/\[([^\]\s@;,]+)\]/g)) {
        if (!keys.includes(bare[1]!)) continue;
        const message = `"${bare[0]}" is shown as it is written: a citation starts with @. Write [@${bare[1]}].`;
        findings.push({ file: page.file, ...page.at(startOf(node) + bare.index), kind: 'citation', message, help: 'unknownCitation' });
        cited.add(bare[1]!);
      }
      // Each citation at its own place: the text before it moves the offset on.
      let offset = startOf(node);
      for (const piece of citationsIn(value)) {
        if ('text' in piece) {
          offset += piece.text.length;
          continue;
        }
        for (const { key, locator } of piece.items) {
          cited.add(key);
          const other = keyInLocator.exec(locator ?? '')?.[1];
          if (other) {
            cited.add(other);
            const message = `"@${key}, @${other}" reads @${other} as a page of @${key} ("p. @${other}"). Separate two citations with a semicolon: [@${key}; @${other}].`;
            findings.push({ file: page.file, ...page.at(offset), kind: 'citation', message, help: 'unreadMarkdown' });
          }
          if (!keys.includes(key)) {
            if (bytes.length > 0) findings.push({ file: page.file, ...page.at(offset), kind: 'citation', message: unknownKeyMessage(key, keys) });
            missing.push(key);
          }
        }
      }
    });
  }
  // No bibliography at all: one line, not one per citation.
  if (bytes.length === 0 && missing.length > 0) {
    const message = `${saved ? `${bib} is empty` : `There is no ${bib}`}, and the book cites ${missing.length === 1 ? 'a source' : `${new Set(missing).size} sources`} (@${missing[0]} first). Put the bibliography back, or export it again from your reference manager as BibTeX.`;
    findings.push({ file: bib, line: 1, column: 1, kind: 'citation', message, help: 'unknownCitation' });
  }
  // A key written wrong is not a source cited nowhere: the key it was meant to be is named in its own message.
  for (const key of missing) {
    const meant = closestField(key, keys);
    if (meant) cited.add(meant);
  }
  // Only with every text of the book read can a source be said to be cited nowhere: not while one does not parse.
  if (whole && files.every((page) => page.tree)) {
    for (const { id } of sources.filter((source) => !cited.has(source.id))) {
      findings.push({
        file: bib,
        line: lineOf(text, id),
        column: 1,
        kind: 'uncited',
        message: `Nothing in the book cites @${id}. Cite it where the text uses it ([@${id}]), or remove the entry.`,
      });
    }
  }
  return findings;
}

/** The line of the first entry citation-js cannot read, each entry (from a line starting with @) read alone; none when all can be. */
function unreadableEntry(text: string): number | undefined {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, index) => (/^\s*@/.test(line) ? [index] : []));
  // Comments, strings and preambles are not entries: read alone, they are not a bibliography at all.
  const entries = starts.filter((start) => !notAnEntry.test(lines[start] ?? ''));
  for (const start of entries) {
    try {
      parseBibtex(
        lines
          .slice(
            start,
            starts.find((next) => next > start),
          )
          .join('\n'),
      );
    } catch {
      return start + 1;
    }
  }
  return undefined;
}

/** In the entry starting on line `start`, a field's line with no comma after it where another field follows. */
function missingComma(text: string, start: number): number | undefined {
  const lines = text.split('\n');
  for (let index = start; index < lines.length - 1 && !/^\s*@/.test(lines[index] ?? ''); index++) {
    const field = /^\s*\w+\s*=\s*.*[}"\d]\s*$/.test(lines[index] ?? '');
    if (field && /^\s*\w+\s*=/.test(lines[index + 1] ?? '')) return index + 1;
  }
  return undefined;
}

/**
 * The first field on one line whose value does not end where it seems to: a quoted value with quotation marks inside it,
 * or braces that do not pair up (one too many closes the entry, and the fields after it are read as no entry's).
 */
function valueWrittenWrong(text: string): { line: number; column: number; message: string } | undefined {
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    const field = /^(\s*(\w+)\s*=\s*)(.*?),?\s*$/.exec(line);
    if (!field) continue;
    const [, before = '', name = '', value = ''] = field;
    const column = before.length + 1;
    if (/^[“”„‘’]/.test(value)) {
      return {
        line: index + 1,
        column,
        message: `The value of ${name} is in curly quotation marks, as a word processor types them, which BibTeX does not read as quotes. Put it in braces: ${name} = {${value.replace(/^[“”„‘’]|[“”‘’]$/g, '')}}.`,
      };
    }
    // Quotation marks inside braces are the value's own: {Urban "health"}.
    const outside = value.replace(/\{[^{}]*\}/g, (braced) => ' '.repeat(braced.length));
    if (value.startsWith('"') && (outside.slice(1, -1).includes('"') || !value.endsWith('"'))) {
      const words = value.replace(/^"|"$/g, '');
      return {
        line: index + 1,
        column,
        message: `The value of ${name} is in quotation marks and has quotation marks inside it, which end it early. Put the value in braces instead: ${name} = {${words}}.`,
      };
    }
    const opened = [...value].filter((character) => character === '{').length;
    const closed = [...value].filter((character) => character === '}').length;
    // A value that goes on to the next line closes there; only a field on one line is read alone.
    const nextIsField = /^\s*(\w+\s*=|\}\s*$)/.test(lines[index + 1] ?? '');
    if (opened !== closed && nextIsField) {
      const fix = opened > closed ? 'Add the missing }' : 'Remove the extra }, or add the { it closes';
      return {
        line: index + 1,
        column,
        message: `The value of ${name} has ${opened} { and ${closed} }, so it does not end where it seems to and the fields after it cannot be read. ${fix}.`,
      };
    }
  }
  return undefined;
}

/** APA's reference needs a title and a year; without them the entry cannot be written. */
function missingFields(source: CslItem, file: string, line: number): Finding[] {
  // A year written as words (in press) is named by fieldsWrittenWrong, at its own line.
  const yearWritten = source.issued !== undefined;
  const missing = [!source.title && 'title (title = {…})', !yearWritten && 'year (year = {2024})'].filter(Boolean);
  if (missing.length === 0) return [];
  const undated = yearWritten ? '' : ' For a work that gives no date, write year = {n.d.}: APA shows it as (n.d.).';
  const message = `@${source.id} has no ${missing.join(' and no ')}: add it to the entry, as an APA reference needs it.${undated}`;
  return [{ file, line, column: 1, kind: 'citation', message, help: 'bibMissingField' }];
}

/**
 * What APA needs of a kind of source beyond a title and a year: a report's or a webpage's address (9.34, 10.4, 10.16),
 * a webpage's date to the day (10.16), and "[Press release]" for a release, whatever the site calls it.
 */
function apaNeeds(source: CslItem, text: string, file: string): Finding[] {
  const kind = source.type === 'report' ? 'a report' : source.type === 'webpage' ? 'a webpage' : undefined;
  if (!kind) return [];
  const found = (message: string, field: RegExp) => ({
    file,
    line: lineInEntry(text, source.id, (line) => field.test(line)),
    column: 1,
    kind: 'citation' as const,
    message: `@${source.id} is ${kind} ${message}`,
    help: 'bibApaNeeds' as const,
  });
  const findings = [];
  if (!source.URL && !source.DOI)
    findings.push(
      found(
        "with no address: APA ends its reference with the address a reader finds it at. Add url = {https://…}, the page of the work on its publisher's site (or doi = {…} if it has a DOI).",
        /^\s*@/,
      ),
    );
  const [year, month, day] = source.issued?.['date-parts']?.[0] ?? [];
  if (kind === 'a webpage' && year !== undefined && (month === undefined || day === undefined))
    findings.push(
      found(
        'dated by its year alone: APA dates a webpage to the day the page shows. Add month = oct, day = {24} from the page; for a page that shows no date, write year = {n.d.}.',
        /^\s*(year|date)\s*=/i,
      ),
    );
  const genre = typeof source['genre'] === 'string' ? source['genre'] : '';
  if (kind === 'a webpage' && /\brelease\b/i.test(genre) && genre !== 'Press release')
    findings.push(found(`described as "${genre}": APA describes every release as [Press release]. Write type = {Press release}.`, /^\s*type\s*=/i));
  return findings;
}

/** A LaTeX command the BibTeX reader does not turn into text ({\\LaTeX}, \\mbox{…}): readers would see it as written. */
function commandsLeft(source: CslItem, text: string, file: string): Finding[] {
  // Only what a reference shows: an abstract or a note may hold LaTeX unseen.
  const written = JSON.stringify({ ...source, _graph: undefined, abstract: undefined, note: undefined, keyword: undefined });
  const command = /\\\\([A-Za-z]+)/.exec(written)?.[1];
  if (!command) return [];
  const message = `\\${command} is a LaTeX command the book does not turn into text, so readers would see it as written in @${source.id}. Write the words or characters themselves (LaTeX, é, –) instead.`;
  const at = lineInEntry(text, source.id, (line) => line.includes(`\\${command}`));
  return [{ file, line: at, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
}

/** The first line (1-based) from the entry with this key on that passes the test, or the entry's own line. */
function lineInEntry(text: string, key: string, test: (line: string) => boolean): number {
  const entry = lineOf(text, key);
  const at = text.split('\n').findIndex((line, index) => index >= entry - 1 && test(line));
  return at === -1 ? entry : at + 1;
}

/** A day no calendar has (30 February, 31 April, month 13): the reference would print it as written. */
function impossibleDate(source: CslItem, text: string, file: string): Finding[] {
  const [year, month, day] = source.issued?.['date-parts']?.[0] ?? [];
  if (year === undefined || month === undefined) return [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day ?? 1)));
  if (Number(month) >= 1 && Number(month) <= 12 && date.getUTCMonth() === Number(month) - 1) return [];
  const written = [year, month, day].filter((part) => part !== undefined).join('-');
  const message = `@${source.id} is dated ${written}, a day no calendar has, and its reference would print it. Check the month (1 to 12) and the day against the source.`;
  const at = lineInEntry(text, source.id, (line) => /(^|[\s,{])(date|month|day)\s*=/i.test(line));
  return [{ file, line: at, column: 1, kind: 'citation', message, help: 'bibUnreadable' }];
}

/** An entry whose key an earlier entry has already: a citation would take one of the two, unseen. */
function keysUsedTwice(text: string, file: string): Finding[] {
  const first = new Map<string, number>();
  const findings: Finding[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const key = entryStart.exec(line)?.[2];
    if (!key || notAnEntry.test(line)) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index + 1);
    else {
      const message = `@${key} is already the key of the entry on line ${earlier}: a citation would show one of the two sources. Give this entry a key of its own (such as ${key}b), or remove it.`;
      findings.push({ file, line: index + 1, column: 1, kind: 'citation', message, help: 'bibUnreadable' });
    }
  }
  return findings;
}

/** The kinds of source BibTeX and biblatex know; another (@artcle) is read as a source of no kind, and printed so. */
const entryTypes = [
  'article',
  'book',
  'booklet',
  'collection',
  'conference',
  'dataset',
  'inbook',
  'incollection',
  'inproceedings',
  'manual',
  'mastersthesis',
  'misc',
  'online',
  'phdthesis',
  'proceedings',
  'report',
  'software',
  'techreport',
  'thesis',
  'unpublished',
  'webpage',
];

/**
 * Names with each braced group masked, except one that holds only "others": braces do not close an open list
 * ("and {others}" is not a member called Others), and an organisation's name ({{Friends and Others}}) stays whole.
 */
function openList(names: string): string {
  let masked = names;
  while (/\{[^{}]*\}/.test(masked)) {
    const unwrapped = masked.replace(/\{\s*others\s*\}/gi, 'others');
    masked = unwrapped === masked ? masked.replace(/\{[^{}]*\}/g, 'x') : unwrapped;
  }
  return masked;
}

/** A field that starts on this line, with the lines it goes on over until its braces close (a long author list). */
function wholeField(lines: string[], start: number): string {
  let field = lines[start] ?? '';
  const open = (text: string) => (text.match(/\{/g) ?? []).length - (text.match(/\}/g) ?? []).length;
  for (let next = start + 1; /^\s*\w+\s*=\s*\{/.test(field) && open(field) > 0 && next < lines.length; next++) field += ` ${lines[next]!.trim()}`;
  return field;
}

/**
 * What a reference manager or a hand writes wrong and citation-js reads without a word, each at its line: a kind of
 * source misspelt, authors separated by ";" or by commas alone (names lost or swapped), a DOI written as an address.
 */
function fieldsWrittenWrong(text: string, file: string): Finding[] {
  const findings: Finding[] = [];
  const found = (index: number, message: string) =>
    findings.push({ file, line: index + 1, column: 1, kind: 'citation', message, help: 'bibUnreadable' });
  const lines = text.split('\n');
  let key = '';
  for (const [index, line] of lines.entries()) {
    key = entryStart.exec(line)?.[2] ?? key;
    const headless = withoutAt.exec(line);
    if (headless && entryTypes.includes(headless[1]!.toLowerCase()))
      found(
        index,
        `This entry's first line has no @ before "${headless[1]}", so BibTeX reads it and its fields as no entry. Write @${headless[1]}{${headless[2]},`,
      );
    const type = entryStart.exec(line)?.[1];
    if (type && !notAnEntry.test(line)) for (const [at, message] of entryShape(lines, index, type.toLowerCase())) found(at, message);
    if (type && !notAnEntry.test(line) && !entryTypes.includes(type.toLowerCase())) {
      const meant = closestField(type.toLowerCase(), entryTypes);
      found(
        index,
        `@${type} is not a kind of source BibTeX knows, so the reference would be written without its journal or publisher. ${meant ? `Write @${meant}.` : `Use one of @${entryTypes.slice(0, 4).join(', @')} …`}`,
      );
    }
    const authors = /^\s*(author|editor)\s*=\s*[{"](.*)[}"]\s*,?\s*$/i.exec(wholeField(lines, index));
    if (authors) {
      const [, field = '', names = ''] = authors;
      // Braces hold a name as written ({World Health Organization}): their commas are not separators.
      const plain = names.replace(/\{[^{}]*\}/g, 'x');
      // An organisation in single braces reads as a person ("Organization, W. H."): it needs a second pair.
      const organisation =
        /\b(Organi[sz]ation|Programme|Program|Nations|Bank|Institute|Agency|Department|Ministry|Commission|Council|Association|Society|Fund|Office|Cent(re|er)|Foundation|Network|Union|Committee|Authority|Partnership)\b/;
      if (!names.startsWith('{') && !plain.includes(',') && organisation.test(plain))
        found(
          index,
          `"${names}" reads as a person's name, so the reference would print it as initials and a family name. Put an organisation's name in a second pair of braces: ${field} = {{${names}}}.`,
        );
      // Written with a tie (and~others) or a stop (and others.), it is the same open list.
      else if (/\band[\s~]+others[\s.]*$/i.test(openList(names)))
        found(
          index,
          `"and others" leaves "${field}" open, so the reference list would end its names with "et al.", which APA writes only in the text. Copy every name from the work's byline, separated by " and " (the list prints up to 20, and the first 19 and the last of more).`,
        );
      else if (/\bet\s+al\b\.?/i.test(plain))
        found(
          index,
          `"et al." in "${field}" would be printed as a name. Write every name, separated by " and " (APA lists up to 20); the reference list shortens the citations itself.`,
        );
      else if (/\s&\s/.test(plain))
        found(
          index,
          `"&" does not separate names in BibTeX, so the names around it read as one. Write " and " between people; for an organisation whose name has "&", put it in a second pair of braces: ${field} = {{Bill \\& Melinda Gates Foundation}}.`,
        );
      else if (plain.includes(';'))
        found(
          index,
          `The names in "${field}" are separated by ";", so they read as one person's. Separate them with " and ": ${field} = {Galea, Sandro and Vlahov, David}.`,
        );
      else if (plain.split(/\s+and\s+/i).some((name) => (name.match(/,/g) ?? []).length > 1))
        found(
          index,
          `A name in "${field}" has more than one comma, so the names after it are lost. Write each as "Family, Given" and separate them with " and ": ${field} = {Galea, Sandro and Vlahov, David}.`,
        );
    }
    const field = /^\s*([\w-]+)\s*=\s*(.*?),?\s*$/.exec(line);
    const name = field?.[1]?.toLowerCase() ?? '';
    // Exporters add fields of their own (timestamp, mendeley-tags): only a slip in a field BibTeX knows is named.
    const meantField = field && !bibtexFields.includes(name) ? closestField(name, bibtexFields) : undefined;
    if (meantField)
      found(index, `"${field![1]}" is not a field BibTeX knows, so its value would be left out of the reference. Write ${meantField} = …`);
    // A bare word is the name of an abbreviation (@string); an undefined one leaves the field empty.
    const bare = field && !meantField ? /^([A-Za-z][\w-]*)$/.exec(field[2] ?? '')?.[1] : undefined;
    if (bare && !months.includes(bare.toLowerCase()) && !new RegExp(`@string\\s*\\{\\s*${bare}\\s*=`, 'i').test(text))
      found(
        index,
        `${field![1]} = ${bare}: a word without braces is read as an abbreviation defined by @string, and there is none called "${bare}", so ${field![1]} would be empty. Write the words in braces: ${field![1]} = {…}.`,
      );
    const year = /^\s*year\s*=\s*[{"]\s*([^}"]*?)\s*[}"]/i.exec(line);
    if (year && !/^\d{4}[a-z]?$/.test(year[1]!) && year[1] !== 'n.d.')
      found(
        index,
        `year = {${year[1]}} is not a year, so the reference would have none. Write the year as four digits (year = {2024}); for a work still in press, the year it is expected; for one that gives no date, year = {n.d.}.`,
      );
    // An address with a backslash, as some reference managers escape _ and %: the link would lead nowhere.
    const escaped = /^\s*(url|doi)\s*=\s*[{"](.*\\.*?)[}"]\s*,?\s*$/i.exec(line);
    if (escaped)
      found(
        index,
        `The ${escaped[1]} of @${key} has a backslash (\\), as some reference managers write _ and %: readers' link would lead nowhere. Write the address exactly as the browser shows it: ${escaped[1]} = {${escaped[2]!.replace(/\\(?=[_%&#$~])/g, '')}}.`,
      );
    const url = /^\s*url\s*=\s*[{"]\s*([^}"]*?)\s*[}"]/i.exec(line)?.[1];
    if (url && !/^https?:\/\//i.test(url))
      found(
        index,
        `url = {${url}} does not start with https://, so the reference would lead to a page of this book by that name. Write the whole address: url = {https://${url.replace(/^\/+/, '')}}.`,
      );
    const doi = /^\s*doi\s*=\s*[{"]\s*((?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)\s*)(\S+?)\s*[}"]/i.exec(line);
    if (doi)
      found(
        index,
        `The DOI is written with "${doi[1]!.trim()}" before it, which the reference list adds itself: the link would lead nowhere. Write the DOI alone: doi = {${doi[2]}}.`,
      );
  }
  return findings;
}

/** The fields BibTeX and biblatex know, as citation-js reads them (its table of fields, and the day it reads with a date). */
const bibtexFields = [
  ...Object.keys((plugins.config.get('@bibtex') as { constants: { fieldTypes: Record<string, unknown> } }).constants.fieldTypes),
  'day',
];

/** BibTeX's own abbreviations: the months. */
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A line where an entry starts, alone or after the one before it closes (}@article{key,): its type, and its key. */
const entryStart = /^(?:\s*|.*\}\s*)@(\w+)\s*\{(?:\s*([^,\s]+)\s*,)?/;

/** An entry's first line written without its @: article{galea2005, */
const withoutAt = /^\s*(\w+)\s*\{\s*([^,\s={}]+)\s*,\s*$/;

/** Chapters and papers in a book or proceedings, printed "In Editor (Ed.), Book title": they need the book's title. */
const partOfABook = new Set(['incollection', 'inproceedings', 'inbook']);

/**
 * The fields of the entry starting at line `start`, as a whole: a field written twice (one of the two is lost), a
 * crossref (not read here, so the book's fields are missing), a chapter without the book it is in.
 */
function entryShape(lines: string[], start: number, type: string): [line: number, message: string][] {
  const found: [number, string][] = [];
  const fields = new Map<string, number>();
  for (let index = start + 1; index < lines.length && !entryStart.test(lines[index] ?? '') && !withoutAt.test(lines[index] ?? ''); index++) {
    const name = /^\s*(\w+)\s*=/.exec(lines[index] ?? '')?.[1]?.toLowerCase();
    if (!name) continue;
    const first = fields.get(name);
    if (first !== undefined)
      found.push([
        index,
        `"${name}" is already written in this entry, on line ${first + 1}: only one of the two would be used. Keep the right one and remove the other.`,
      ]);
    else fields.set(name, index);
  }
  const crossref = fields.get('crossref');
  if (crossref !== undefined)
    found.push([
      crossref,
      "crossref is not read by the book, so the reference would lack the fields it points to. Copy the book's booktitle, editor, publisher and year into this entry, and remove crossref.",
    ]);
  else if (partOfABook.has(type) && !fields.has('booktitle') && !(type === 'inbook' && fields.has('title') && fields.has('chapter')))
    found.push([
      start,
      `@${type} is a part of a book, and this entry does not name the book: the reference would print no "In …". Add booktitle = {The book's title}, with its editor and publisher.`,
    ]);
  return found;
}

/** The line of the entry with this key (1 where it cannot be found). */
function lineOf(text: string, key: string): number {
  const at = text.search(new RegExp(`@\\w+\\s*\\{\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*,`));
  return at === -1 ? 1 : text.slice(0, at).split('\n').length;
}

const galea2005 =
  '@article{galea2005,\n  author = {Galea, Sandro and Vlahov, David},\n  title = {Urban health: evidence, challenges, and directions},\n' +
  '  journal = {Annual Review of Public Health},\n  year = {2005},\n  volume = {26},\n  pages = {341--365}\n}\n';
const book = (year: number, key = `galea${year}`) =>
  `@book{${key},\n  author = {Galea, Sandro and Vlahov, David},\n  title = {Handbook of urban health},\n  publisher = {Springer},\n  year = {${year}}\n}\n`;

const report =
  '@report{unwater2024,\n  author = {{UN-Water}},\n  title = {Water for prosperity and peace},\n  institution = {UNESCO},\n  year = {2024}\n}\n';
const factSheet =
  '@online{who2024heat,\n  author = {{World Health Organization}},\n  title = {Heat and health},\n  type = {Fact sheet},\n  year = {2024},\n' +
  '  url = {https://www.who.int/news-room/fact-sheets/detail/climate-change-heat-and-health}\n}\n';

export default defineBookRule({
  checkBook: checkCitations,
  help: {
    unknownCitation: {
      shows: [
        { rule: 'bibliography', example: 1 },
        { rule: 'bibliography', example: 2 },
      ],
    },
    bibMissingField: { shows: [{ rule: 'bibliography', example: 3 }] },
    bibApaNeeds: {
      about: [
        "APA asks more of some kinds of source: a report's or a webpage's address, a webpage's date to the day, and [Press release] for any release.",
      ],
      shows: [
        { rule: 'bibliography', example: 8 },
        { rule: 'bibliography', example: 9 },
      ],
    },
    bibUnreadable: {
      about: ['An entry exported from a reference manager always reads: export it again rather than mend it.'],
      shows: [
        { rule: 'bibliography', example: 4 },
        { rule: 'bibliography', example: 5 },
      ],
    },
    uncitedSource: {
      about: ['No page cites this entry of `chapters/references.bib`: cite it, or remove it. A warning never makes the check fail.'],
      shows: [{ rule: 'bibliography', example: 6 }],
    },
  },
  examples: {
    refused: [
      [
        { '02-second.mdx': 'Cities shape the health of those who live in them [@galea2006].\n', 'references.bib': galea2005 },
        '@galea2006 is not in chapters/references.bib. Did you mean @galea2005?',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2006] and grow fast [@vlahov2007].\n' },
        'There is no chapters/references.bib, and the book cites 2 sources (@galea2006 first).',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2005].\n', 'references.bib': galea2005.replace('  year = {2005},\n', '') },
        '@galea2005 has no year',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2005].\n', 'references.bib': galea2005.replace('{26},', '{26}') },
        'A comma is missing at the end of this line, so the field on the next line cannot be read.',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2006].\n', 'references.bib': `${book(2006)}\n${book(2006)}` },
        '@galea2006 is already the key of the entry on line 1',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2006].\n', 'references.bib': `${book(2006)}\n${book(2007, 'vlahov2007')}` },
        'Nothing in the book cites @vlahov2007.',
      ],
      [
        { '02-second.mdx': 'Cities shape health [@galea2006, @vlahov2007].\n', 'references.bib': `${book(2006)}\n${book(2007, 'vlahov2007')}` },
        '"@galea2006, @vlahov2007" reads @vlahov2007 as a page of @galea2006',
      ],
      [{ '02-second.mdx': 'Cities need more water [@unwater2024].\n', 'references.bib': report }, '@unwater2024 is a report with no address'],
      [{ '02-second.mdx': 'Heat kills [@who2024heat].\n', 'references.bib': factSheet }, '@who2024heat is a webpage dated by its year alone'],
    ],
    accepted: [
      {
        '02-second.mdx': 'Cities shape health [@galea2006; @vlahov2007], as @galea2005 says.\n',
        'references.bib': `${galea2005}\n${book(2006)}\n${book(2007, 'vlahov2007')}`,
      },
      { '02-second.mdx': 'Cities shape health.\n' },
      {
        '02-second.mdx': 'Heat kills [@who2024heat]; water is short [@unwater2024].\n',
        'references.bib': `${factSheet.replace('  url', '  month = may,\n  day = {28},\n  url')}\n${report.replace('  year = {2024}', '  year = {2024},\n  url = {https://example.org/water-for-prosperity-and-peace}')}`,
      },
    ],
  },
});
