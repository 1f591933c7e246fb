/**
 * What `npm run new:chapter` and `npm run new:subpage` write: a new chapter or sub-page from the
 * templates in tools/new/templates/, numbered after the book's own, and never over a file that exists.
 */
import { existsSync, globSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, sep } from 'node:path';
import { parse } from 'yaml';
import { paths } from '../../src/lib/routes.ts';

/** A mistake in what the author asked for; its message says what to do instead. */
export class ScaffoldError extends Error {}

/** Paths start with the chapters folder as given: chapters/03-water-sanitation.mdx, chapters/03-water-sanitation/BlockA.mdx. */
interface ChapterFile {
  file: string;
  number: number;
  draft: boolean;
}

interface SubpageFile {
  file: string;
  /** Undefined when the frontmatter does not say (the build reports that). */
  chapter: number | undefined;
  order: number | undefined;
}

export interface BookFiles {
  /** The chapters folder, as given (chapters). */
  dir: string;
  chapters: ChapterFile[];
  subpages: SubpageFile[];
}

/** The files to write (paths as in BookFiles), and the address the new page will have. */
export interface NewPage {
  files: { path: string; content: string }[];
  route: string;
}

const frontmatterOf = (text: string): Record<string, unknown> => {
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  try {
    const data: unknown = block ? parse(block) : undefined;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {}; // the build names the mistake; here the file only counts as taken
  }
};

const wholeNumber = (value: unknown) => (Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined);

/** The chapters and sub-pages of a chapters folder, as their frontmatter numbers them. */
export function readBookFiles(folder: string): BookFiles {
  const dir = folder.replace(/(.)[\\/]+$/, '$1');
  const files = (pattern: string) => globSync(pattern, { cwd: dir }).map((file) => `${dir}/${file.split(sep).join('/')}`);
  const read = (file: string) => frontmatterOf(readFileSync(file, 'utf8'));
  const chapters = files('*.mdx').flatMap((file) => {
    const data = read(file);
    const number = wholeNumber(data['number']);
    return number ? [{ file, number, draft: data['draft'] === true }] : [];
  });
  const subpages = files('*/*.mdx').map((file) => {
    const data = read(file);
    return { file, chapter: wholeNumber(data['chapter']), order: wholeNumber(data['order']) };
  });
  return { dir, chapters, subpages };
}

export const nextChapterNumber = (book: BookFiles) => Math.max(0, ...book.chapters.map((c) => c.number)) + 1;

/** A file name from a title: "Noise and health" gives noise-and-health. */
export function slugOf(title: string): string {
  const words =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  let slug = '';
  for (const word of words) {
    if (slug.length + word.length > 48) break;
    slug = slug ? `${slug}-${word}` : word;
  }
  return slug;
}

const template = (name: string) => readFileSync(new URL(`./templates/${name}`, import.meta.url), 'utf8');

/** Fills a template's {{placeholders}}; strings are written as YAML-safe quoted text by the caller. */
/** A draft's line, with what it does; a published page has none (it is published because the line is not there). */
const draftLines = (what: string, draft: boolean) =>
  draft
    ? `# While you write: npm run dev shows the ${what}, the built book leaves it out. Remove this line and the next to publish it.\ndraft: true\n`
    : '';

function fill(text: string, values: Record<string, string | number | boolean>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`The template has no value for {{${name}}}`);
    return String(values[name]);
  });
}

/** Parses a number given on the command line, such as --number 11. */
export function parseWholeNumber(flag: string, raw: string, example: number): number {
  if (/^\s*\d+\s*$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw new ScaffoldError(`--${flag} must be a whole number of 1 or more, such as ${example}, not "${raw}".`);
}

function checkTitle(title: string, kind: string, example: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw new ScaffoldError(`--title is empty. Give the ${kind}'s title, such as --title "${example}".`);
  if (/[\r\n]/.test(trimmed)) throw new ScaffoldError('--title must be one line.');
  return trimmed;
}

export interface ChapterRequest {
  /** Defaults to the next free number. */
  number?: number | undefined;
  title: string;
  draft: boolean;
}

/** The new chapter's file and its placeholder picture. */
export function newChapter(book: BookFiles, request: ChapterRequest): NewPage {
  const next = nextChapterNumber(book);
  const number = request.number ?? next;
  const title = checkTitle(request.title, 'chapter', 'Noise and health');
  const taken = book.chapters.find((c) => c.number === number);
  if (taken) throw new ScaffoldError(`Chapter ${number} already exists: ${taken.file}. Leave out --number to take the next free number, ${next}.`);
  if (number > next) {
    const range = next === 1 ? 'the book has no chapters yet, so the first is 1' : `the chapters run 1 to ${next - 1}, so the next is ${next}`;
    throw new ScaffoldError(`Chapter ${number} would leave a gap: ${range}. Leave out --number, or use --number ${next}.`);
  }
  const draftBefore = book.chapters.find((c) => c.draft && c.number < number);
  if (draftBefore && !request.draft) {
    throw new ScaffoldError(
      `Chapter ${draftBefore.number} (${draftBefore.file}) is a draft, and drafts must come after every published chapter. ` +
        `Leave out --published to start chapter ${number} as a draft too, or publish chapter ${draftBefore.number} first (remove its line draft: true).`,
    );
  }
  const stem = `${String(number).padStart(2, '0')}-${slugOf(title) || 'chapter'}`;
  const image = `${stem}.svg`;
  return {
    files: [
      {
        path: `${book.dir}/${stem}.mdx`,
        content: fill(template('chapter.mdx'), { number, title: JSON.stringify(title), image, draft: draftLines('chapter', request.draft) }),
      },
      { path: `${book.dir}/images/${image}`, content: fill(template('chapter-image.svg'), { number }) },
    ],
    route: paths.chapter(number),
  };
}

export interface SubpageRequest {
  chapter: number;
  /** The file name and address segment, such as BlockD; defaults to Block and the letter of its position. */
  name?: string | undefined;
  title: string;
  draft: boolean;
}

/** The position a new sub-page of a chapter takes, and the name that goes with it (the fourth is BlockD). */
export function nextSubpage(book: BookFiles, chapter: number): { order: number; name: string | undefined } {
  const order = Math.max(0, ...book.subpages.flatMap((p) => (p.chapter === chapter && p.order ? [p.order] : []))) + 1;
  return { order, name: order <= 26 ? `Block${String.fromCharCode(64 + order)}` : undefined };
}

const subpageName = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/;

/** The new sub-page's file, in the folder named like its chapter's file. */
export function newSubpage(book: BookFiles, request: SubpageRequest): NewPage {
  const parent = book.chapters.find((c) => c.number === request.chapter);
  if (!parent) {
    const range = book.chapters.length === 0 ? 'the book has no chapters yet' : `the chapters run 1 to ${nextChapterNumber(book) - 1}`;
    throw new ScaffoldError(
      `There is no chapter ${request.chapter}: ${range}. Give an existing chapter's number, or create the chapter first with npm run new:chapter.`,
    );
  }
  const { order, name: defaultName } = nextSubpage(book, request.chapter);
  const name = request.name?.trim().replace(/\.mdx$/, '') ?? defaultName;
  if (!name) throw new ScaffoldError(`--name is missing: give the page's name, such as --name Part${order}.`);
  const example = paths.subpage(request.chapter, 'BlockD');
  if (!subpageName.test(name)) {
    throw new ScaffoldError(`--name must be letters, digits and hyphens, such as BlockD, not "${name}": it becomes the page's address, ${example}.`);
  }
  const title = checkTitle(request.title, 'page', 'Block D: Drainage and flooding');
  // Addresses are matched without regard to letter case (a host redirects /index/chapter3 to /index/Chapter3).
  const clash = book.subpages.find((p) => p.chapter === request.chapter && basename(p.file, '.mdx').toLowerCase() === name.toLowerCase());
  if (clash)
    throw new ScaffoldError(
      `Chapter ${request.chapter} already has a page named ${basename(clash.file, '.mdx')}: ${clash.file}. Choose another --name.`,
    );
  const folder = parent.file.replace(/\.mdx$/, '');
  return {
    files: [
      {
        path: `${folder}/${name}.mdx`,
        content: fill(template('subpage.mdx'), {
          chapter: request.chapter,
          order,
          title: JSON.stringify(title),
          draft: draftLines('page', request.draft),
        }),
      },
    ],
    route: paths.subpage(request.chapter, name),
  };
}

/** Writes the new files, or none of them if any exists already (letter case ignored, as on macOS and Windows). */
export function writeNewPage(page: NewPage): string[] {
  for (const { path } of page.files) {
    const folder = dirname(path);
    const existing = existsSync(folder) ? readdirSync(folder).find((f) => f.toLowerCase() === basename(path).toLowerCase()) : undefined;
    if (existing) {
      throw new ScaffoldError(
        `${folder}/${existing} already exists, and nothing is ever written over a file. Choose a different title or name, or move that file away.`,
      );
    }
  }
  return page.files.map(({ path, content }) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content, { flag: 'wx' });
    return path;
  });
}
