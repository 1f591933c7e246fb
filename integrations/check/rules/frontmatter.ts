/**
 * The frontmatter as the build reads it, checked with the build's own schemas and rules, in the build's words:
 * fields each file gets wrong, rules that span files (numbers, drafts, sub-pages), and files the book would skip.
 */
import { basename, join } from 'node:path';
import { chapterGaps, checkChapterNumbers, checkDraftsLast, checkSubpages, type EntryRef } from '../../../src/lib/chapter-rules.ts';
import { chapterPatterns } from '../../../src/lib/chapter-files.ts';
import { frontmatterIssues, issueMessage, lineOfField, readYaml, yamlOf } from '../../../src/lib/frontmatter-mistakes.ts';
import { collectionSchemas } from '../../../src/schemas/collection-schemas.ts';
import type { Finding } from '../findings.ts';
import { writtenInField } from '../prose.ts';
import { type Book, defineBookRule, exampleFrontmatter, picturesOf } from '../rule.ts';
import { skippedFileFindings, type SourceFile } from '../source-files.ts';

const schemas = {
  chapter: collectionSchemas.chapters,
  subpage: collectionSchemas.subpages,
  text: collectionSchemas.preface,
  slides: collectionSchemas.slides,
};
/** What the rules across files read of an entry its schema accepts. */
type Chapter = { number: number; draft?: boolean };
type Subpage = { chapter: number; order: number };

/** A frontmatter with no closing line: the rest of the file is read as text, so nothing else in it is checked. */
export const frontmatterUnclosed = ({ source, path }: Pick<SourceFile, 'source' | 'path'>): boolean => yamlOf(source, path).unclosed === true;

/**
 * A page whose frontmatter cannot be found where it must be: an empty file, or a first line that is not exactly ---
 * (----, or a blank line above it). Its fields would each read as missing and its text as misspelt: one message instead.
 */
export function frontmatterMissing({ source, kind }: Pick<SourceFile, 'source' | 'kind'>): string | undefined {
  if (kind !== 'chapter' && kind !== 'subpage') return undefined;
  if (source.trim() === '')
    return 'This file is empty, so the book has no page to make of it. Start it from a template (npm run new:chapter or npm run new:subpage), or delete it.';
  // Old Mac line endings (a lone CR): the whole file is one line, its frontmatter's end not found.
  if (source.includes('\r') && !source.includes('\n'))
    return 'This file ends its lines the old Mac way (a lone CR), so the book reads it as a single line. Save it again with ordinary line endings (in your editor: Line endings, LF).';
  const [first = ''] = source.split(/\r?\n/);
  if (first.trimEnd() === '---') return undefined;
  // A word processor turns --- into a dash (— or –): the line is then text, and the fields under it too.
  if (/^\s*[—–‒―]+\s*$/u.test(first) || /^\s*-?[—–]-?\s*$/u.test(first))
    return `The first line is a dash (${first.trim()}), which a word processor or a phone makes of three hyphens: the frontmatter cannot be found. Type three hyphens (---) on the first line and on the line that closes the frontmatter.`;
  const opening = source
    .split(/\r?\n/)
    .slice(0, 4)
    .findIndex((line) => /^\s*-{2,}\s*$/.test(line));
  if (opening === -1) return undefined;
  return 'The frontmatter must start on the first line, with exactly three hyphens (---) and nothing else, so its fields can be read. Make the first line ---.';
}

/** Each file's frontmatter as its collection's schema reads it, then the rules across files (numbers, drafts, sub-pages). */
function checkFrontmatter(book: Book): Finding[] {
  const { all: files, dir, project, whole, list } = book;
  // A page the book would skip is named first: the rules across files would otherwise miss it (its sub-pages orphaned).
  const inFolders = (folder: string) => list(folder).flatMap((name) => list(join(folder, name)).map((inside) => `${name}/${inside}`));
  // So would the preface or a deck saved with another ending (preface.md), with the book's own chapters.
  const texts = join(project, 'book');
  const findings: Finding[] = [
    ...skippedFileFindings(dir, [chapterPatterns.chapters], list(dir)),
    ...skippedFileFindings(dir, [chapterPatterns.subpages], inFolders(dir)),
    ...(whole ? skippedFileFindings(texts, ['*.mdx'], list(texts)) : []),
    ...(whole
      ? skippedFileFindings(
          texts,
          ['slides/*.mdx'],
          inFolders(texts).filter((name) => name.startsWith('slides/')),
        )
      : []),
  ];
  // A field's line, in the text the check read (a file's shown path, as the rules across files name it).
  const sources = new Map(files.map((file) => [file.file, file]));
  const lineOf = (file: string, field: string) => lineOfField(sources.get(file)?.path ?? file, field, sources.get(file)?.source);
  const chapters: EntryRef<Chapter>[] = [];
  const subpages: EntryRef<Subpage>[] = [];
  const decks: { file: string; path: string; chapter: number }[] = [];
  for (const { file, path, source, kind, utf8 } of files) {
    // A file in another encoding gets that one message (characters.ts): its fields cannot be read as written.
    if (!utf8) continue;
    const missing = frontmatterMissing({ source, kind });
    if (missing) {
      findings.push({
        file,
        line: 1,
        column: 1,
        kind: 'frontmatter',
        message: `${missing} Nothing else in this file can be checked until it is fixed.`,
      });
      continue;
    }
    const yaml = readYaml(path, source);
    if (yaml.unreadable) {
      const { line, column, message, fix, help } = yaml.unreadable;
      const rest = frontmatterUnclosed({ source, path }) ? ' Nothing else in this file can be checked until it is fixed.' : '';
      findings.push({ file, line, column, kind: 'frontmatter', message: `${message} ${fix}${rest}`, help });
      continue;
    }
    // A sub-page's or a deck's file name is the end of its address.
    const name = basename(path, '.mdx');
    if ((kind === 'subpage' || kind === 'slides') && !/^[A-Za-z0-9-]+$/.test(name)) {
      const chapter = (yaml.data as { chapter?: unknown } | undefined)?.chapter;
      const address = kind === 'slides' ? `/slides/${name}` : `/index/Chapter${typeof chapter === 'number' ? chapter : 'N'}/${name}`;
      const what = kind === 'slides' ? "A slide deck's" : "A sub-page's";
      const message = `${what} file name is the end of its address (${address}), which cannot hold spaces or signs other than hyphens. Rename the file ${name.replace(/\s+/g, kind === 'slides' ? '-' : '').replace(/[^A-Za-z0-9-]+/g, '-')}.mdx.`;
      findings.push({ file, line: 1, column: 1, kind: 'fileName', message });
    }
    const misplaced = misplacedPage(kind, yaml.data, files);
    if (misplaced) {
      findings.push({ file, line: 1, column: 1, kind: 'frontmatter', message: misplaced });
      continue;
    }
    // The fields readers see as plain text: the page, its tab, the contents, link previews and the picture's description.
    const data = (yaml.data ?? {}) as { title?: unknown; description?: unknown; image?: { alt?: unknown } };
    for (const [field, value] of [
      ['title', data.title],
      ['description', data.description],
      ['image.alt', data.image?.alt],
    ] as const) {
      if (typeof value !== 'string') continue;
      const markup = writtenInField(value, 'the text');
      if (markup)
        findings.push({
          file,
          line: lineOfField(path, field, source) ?? 1,
          column: 1,
          kind: 'frontmatter',
          ...(markup.startsWith('curly')
            ? {
                help: 'curlyQuotes' as const,
                message: `"${field}" holds ${markup}, and a field shows it as it is written, in the page, its tab and the contents. Type the quotes again with the " key, or leave them out.`,
              }
            : {
                message: `"${field}" holds ${markup}, and a field shows it as it is written, in the page, its tab and the contents. Write it as plain words.`,
              }),
        });
    }
    for (const cut of textCutByNote(source)) findings.push({ file, ...cut, kind: 'frontmatter', help: 'titleCut' });
    const issues = frontmatterIssues(process.cwd(), path, source, yaml.data, schemas[kind], picturesOf(book));
    for (const issue of issues)
      findings.push({ file, line: issue.line ?? 1, column: issue.column ?? 1, kind: 'frontmatter', message: issueMessage(issue) });
    if (issues.length > 0) continue;
    if (kind === 'chapter') chapters.push({ id: file, filePath: file, data: yaml.data as Chapter });
    else if (kind === 'subpage') subpages.push({ id: file, filePath: file, data: yaml.data as Subpage });
    else if (kind === 'slides') decks.push({ file, path, chapter: (yaml.data as { chapter: number }).chapter });
  }
  // As in the build, the rules across files wait until every file's own frontmatter is right: a chapter whose number
  // cannot be read would otherwise leave its sub-pages "in a chapter that does not exist".
  if (findings.length === 0 && files.every((file) => file.utf8)) {
    // A sub-page is saved in its chapter's folder (03-water/ beside 03-water.mdx): its "chapter" must say that chapter
    // (unless that chapter's number is missing: its chapter was renumbered, and the gap is named once). That one
    // message names the fix, whether or not the chapter it says exists.
    const gaps = new Set(chapterGaps(chapters.map((chapter) => chapter.data.number)));
    const folderOf = (subpage: EntryRef<Subpage>) => subpage.id.split('/').slice(-2, -1)[0];
    const misfiled = subpages.flatMap((subpage) => {
      const owner = chapters.find((chapter) => chapter.id.split('/').pop() === `${folderOf(subpage)}.mdx`);
      return owner && owner.data.number !== subpage.data.chapter && !gaps.has(subpage.data.chapter) ? [{ subpage, owner }] : [];
    });
    const elsewhere = new Set(misfiled.map(({ subpage }) => subpage.id));
    const problems = [...checkChapterNumbers(chapters), ...checkDraftsLast(chapters), ...checkSubpages(chapters, subpages)];
    for (const { file, field, message } of problems.filter(({ file, field }) => !(field === 'chapter' && elsewhere.has(file)))) {
      findings.push({ file, line: lineOf(file, field) ?? 1, column: 1, kind: 'frontmatter', message: `"${field}": ${message}` });
    }
    for (const { subpage, owner } of misfiled) {
      const folder = folderOf(subpage);
      const named = chapters.some((chapter) => chapter.data.number === subpage.data.chapter);
      const outcome = named ? `so it would be published in chapter ${subpage.data.chapter}` : 'a chapter the book does not have';
      const message = `"chapter": this sub-page is saved in the folder of chapter ${owner.data.number} (${folder}/) but says chapter: ${subpage.data.chapter}, ${outcome}. Write chapter: ${owner.data.number}, or move the file into that chapter's folder.`;
      findings.push({ file: subpage.id, line: lineOf(subpage.id, 'chapter') ?? 1, column: 1, kind: 'frontmatter', message, help: 'noParentChapter' });
    }
    // A deck says which chapter it belongs to on its title slide; only the project's own chapters are its book.
    const numbers = new Set(chapters.map((chapter) => chapter.data.number));
    for (const deck of chapters.length > 0 ? decks : []) {
      if (numbers.has(deck.chapter) || gaps.has(deck.chapter)) continue;
      const message = `"chapter": these slides belong to chapter ${deck.chapter}, which the book does not have, and their title slide would say so. Write the number of the chapter they go with.`;
      findings.push({
        file: deck.file,
        line: lineOf(deck.file, 'chapter') ?? 1,
        column: 1,
        kind: 'frontmatter',
        message,
        help: 'noParentChapter',
      });
    }
  }
  return findings;
}

/**
 * A sub-page saved beside the chapters, or a chapter saved in a chapter's folder: its fields say what it is, so the
 * fix is where it is saved, not each field its place asks for.
 */
function misplacedPage(kind: SourceFile['kind'], data: unknown, files: SourceFile[]): string | undefined {
  const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (kind === 'chapter' && 'chapter' in fields && !('number' in fields)) {
    const chapter = files.find((other) => other.kind === 'chapter' && other.frontmatter['number'] === fields['chapter']);
    const folder = chapter ? chapter.file.replace(/\.mdx$/, '/') : `the folder named like chapter ${String(fields['chapter'])}'s file`;
    return `This is a sub-page (it has "chapter" and "order"), saved beside the chapters, where the book reads only chapters. Move it into ${folder}`;
  }
  if (kind === 'subpage' && 'number' in fields && !('chapter' in fields)) {
    return 'This is a chapter (it has "number"), saved in a chapter\'s folder, where the book reads only sub-pages. Move it up, beside the other chapters\' files.';
  }
  return undefined;
}

/**
 * A text field whose value, written without quotes, holds " #": YAML reads the rest of the line as a note, so the
 * page shows the text cut short (title: Cities and health #SDG11 is titled "Cities and health").
 */
function textCutByNote(source: string): { line: number; column: number; message: string }[] {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  return block.split(/\r?\n/).flatMap((text, index) => {
    const [, indent = '', field, value] = /^(\s*)(title|description|alt|credit)\s*:\s*([^'"\s#][^#]*?\s#.*)$/.exec(text) ?? [];
    if (!field || !value) return [];
    const kept = value.slice(0, value.indexOf(' #')).trim();
    return [
      {
        line: index + 2,
        column: indent.length + 1,
        message:
          `"${field}" is cut at " #": in the frontmatter, what follows " #" is a note the book leaves out, so it would read "${kept}". ` +
          `Put the whole text in quotes: ${field}: "${value.trim().replaceAll('"', '\\"')}"`,
      },
    ];
  });
}

/** A chapter's frontmatter in the examples: its fields as given, with its picture. */
const chapter = (fields: string) => `${exampleFrontmatter(fields)}Clean water prevents disease.\n`;
/** A sub-page's file in the examples. */
const subpage = (fields: string) => `---\n${fields}\n---\n\nA first case.\n`;

export default defineBookRule({
  checkBook: checkFrontmatter,
  help: { titleCut: { shows: [{ rule: 'frontmatter', example: 1 }] }, noParentChapter: { shows: [{ rule: 'frontmatter', example: 4 }] } },
  examples: {
    refused: [
      [{ '02-second.mdx': chapter('number: 2\ntitle: Water in cities #SDG6') }, '"title" is cut at " #"'],
      [{ '02-second.mdx': chapter('number: 2') }, '"title" is missing.'],
      [
        { '01-first.mdx': chapter('number: 1\ntitle: "A first chapter"'), '02-second.mdx': chapter('number: 1\ntitle: "A second chapter"') },
        '"number": Chapter number 1 is already used by chapters/01-first.mdx.',
      ],
      [
        {
          '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"'),
          '02-second/BlockA.mdx': subpage('chapter: 3\norder: 1\ntitle: "Block A"'),
        },
        '"chapter": this sub-page is saved in the folder of chapter 2 (02-second/) but says chapter: 3',
      ],
      [
        {
          '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"'),
          '03-water/BlockA.mdx': subpage('chapter: 3\norder: 1\ntitle: "Block A"'),
        },
        '"chapter": This sub-page belongs to chapter 3, which does not exist.',
      ],
      [
        {
          '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"'),
          '02-second/BlockA.md': subpage('chapter: 2\norder: 1\ntitle: "Block A"'),
        },
        'the book only reads files ending in .mdx, so this one would be left out.',
      ],
      [
        { '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"').replace('cover.svg', 'street.svg') },
        '"image.src": the image ./images/street.svg does not exist',
      ],
      [
        {
          '01-first.mdx': chapter('number: 1\ntitle: "A first chapter"\ndraft: true'),
          '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"'),
        },
        '"draft": Chapter 1 is a draft, which the built book leaves out',
      ],
      [{ '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"\nauthor: "Someone"') }, 'Unknown chapter field "author".'],
      [
        { '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"').replace('./images/cover.svg', './images') },
        '"image.src": ./images is a folder, not a picture.',
      ],
      [
        {
          '02-second.mdx': chapter('number: 2\ntitle: "A second chapter"'),
          '02-second/BlockA.mdx': subpage('chapter: 1\norder: 1\ntitle: "Block A"'),
        },
        '"chapter": this sub-page is saved in the folder of chapter 2 (02-second/) but says chapter: 1, so it would be published in chapter 1.',
      ],
    ],
    accepted: [
      {
        '01-first.mdx': chapter('number: 1\ntitle: "A first chapter"'),
        '02-second.mdx': chapter('number: 2\ntitle: "Water in cities #SDG6"'),
        '02-second/BlockA.mdx': subpage('chapter: 2\norder: 1\ntitle: "Block A"'),
      },
    ],
  },
});
