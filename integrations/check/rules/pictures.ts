/**
 * Pictures in chapters: each needs a description (alt text), must exist, and must not be far larger
 * than the page can show it, since every reader downloads it whole.
 */
import { basename, dirname, extname, join } from 'node:path';
import sharp from 'sharp';
import { formatSize } from '../../../src/lib/file-size.ts';
import { isExternal, onOwnComputer } from '../../../src/lib/links.ts';
import { missingPictureMessage } from '../../mdx-pictures.ts';
import type { Finding } from '../findings.ts';
import { attributeOffset, attributeValue, hasAttribute, startOf, walk } from '../mdast.ts';
import { type Book, defineBookRule } from '../rule.ts';
import { shownPath } from '../source-files.ts';

/** The screens the check assumes: twice as many pixels as CSS pixels, as most phones and many laptops have. */
const pixelRatio = 2;
/** Chapters' frontmatter pictures are shown largest in link previews, drawn 1200 px wide (src/layouts/BaseLayout.astro). */
const sharePictureWidth = 1200;
/** A drawing is sent as it is written; this much takes a few seconds on a slow phone connection. */
const maxDrawingBytes = 250_000;
const rasterFormats = new Set(['.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif']);
// Not .tif (a scanner's), .bmp, .heic (an iPhone's photographs) and others: the build cannot read them, nor many browsers show them.

/** The widest the text column gets, in CSS pixels: --book-text-max in src/styles/tokens.css (rem at the browser's 16 px). */
function textColumnWidth({ project, read }: Disk): number {
  const tokens = read(join(project, 'src/styles/tokens.css'))?.toString('utf8');
  if (tokens === undefined)
    throw new Error(`The author check reads the text column's width from src/styles/tokens.css, and there is none in ${project}.`);
  const rem = /--book-text-max:\s*([\d.]+)rem/.exec(tokens)?.[1];
  if (!rem) throw new Error('src/styles/tokens.css has no --book-text-max in rem: the author check reads the text column width from it.');
  return Number(rem) * 16;
}

/** Words that name a picture's kind or file, not what it shows: "Image", "photo", "slums.svg", "IMG_2041". */
export function meaninglessAlt(alt: string, url: string): boolean {
  const words = alt.toLowerCase().replace(/[.!]+$/, '');
  const file = url.split('/').pop()?.toLowerCase() ?? '';
  return (
    /^(an? )?(image|picture|photo|photograph|figure|graph|chart|map|drawing|illustration|icon|screenshot)( \d+)?$/.test(words) ||
    words === file ||
    words === file.replace(/\.\w+$/, '') ||
    /^(img|dsc|image)[_-]?\d+(\.\w+)?$/.test(words)
  );
}

interface Picture {
  url: string;
  offset: number;
  /** The widest the book shows it, in CSS pixels, and where. */
  shown: { width: number; where: string; ratio: number };
  /** The frontmatter's picture, whose existence the schema checks already. */
  cover?: true;
  /** Named by a field (src: …), not by Markdown. */
  field?: true;
}

/** What the rule reads besides the chapters: the project's files (the styles, public/) and the pictures beside the chapters. */
type Disk = Pick<Book, 'project' | 'read' | 'list'>;

async function checkPictures(book: Book): Promise<Finding[]> {
  const { files } = book;
  const column = { width: textColumnWidth(book), where: 'the page shows it', ratio: pixelRatio };
  const preview = { width: sharePictureWidth, where: 'the book shows it (in link previews)', ratio: 1 };
  const findings: Finding[] = [];
  for (const file of files) {
    if (!file.tree) continue;
    const found = (offset: number, kind: Finding['kind'], message: string) => findings.push({ file: file.file, ...file.at(offset), kind, message });
    const pictures: Picture[] = [];
    walk(file.tree, (node, ancestors) => {
      if (node.type === 'image' && node.url) {
        pictures.push({ url: node.url, offset: startOf(node), shown: column });
        // Inside a <Figure> the component check says it, in the build's own words.
        const inFigure = ancestors.some((a) => a.name === 'Figure');
        const alt = node.alt?.trim() ?? '';
        if (alt && meaninglessAlt(alt, node.url)) {
          found(
            startOf(node),
            'altText',
            `"${alt}" says nothing of what the picture shows to a reader who cannot see it. Describe it: ![a crowded street market at dusk](${node.url}).`,
          );
        }
        if (!alt && !inFigure) {
          found(
            startOf(node),
            'altText',
            `the picture ${node.url} has no description. Write what it shows between the brackets: ![what the picture shows](${node.url}).`,
          );
        }
      }
      // A space in a picture's path ends Markdown's picture: readers see the text ![…](…) instead.
      const spaced = node.type === 'text' ? /!\[[^\]]*\]\(\s*(\S+(?:\s+[^)\s]+)+)\s*\)/.exec(node.value ?? '') : null;
      if (spaced?.[1]) {
        const path = spaced[1];
        const renamed = path.replace(/\s+/g, '-');
        found(
          startOf(node) + spaced.index,
          'missingPicture',
          `"${path}" has a space in its name, so readers see this text instead of the picture. ` +
            `Rename the file without spaces (${renamed.split('/').pop()}) and write ![what the picture shows](${renamed}).`,
        );
      }
      const src = node.name === 'img' ? attributeValue(node, 'src') : undefined;
      if (!src) return;
      const relative = !src.startsWith('/') && !isExternal(src) && !/^[a-z][a-z\d+.-]*:/i.test(src);
      if (relative) {
        found(
          attributeOffset(file.source, node, 'src'),
          'missingPicture',
          `<img src="${src}"> is looked for from the page's address, not from this file, so readers would see a broken picture. ` +
            `Write the picture as Markdown, ![${attributeValue(node, 'alt') || 'what the picture shows'}](./${src.replace(/^\.\//, '')}): the build finds it and makes it light.`,
        );
      } else pictures.push({ url: src, offset: attributeOffset(file.source, node, 'src'), shown: column });
      if (!hasAttribute(node, 'alt') || !attributeValue(node, 'alt'))
        found(startOf(node), 'altText', `<img src="${src}"> has no description. Add alt="what the picture shows" to it.`);
    });
    const image = file.frontmatter['image'];
    const cover = image && typeof image === 'object' ? (image as Record<string, unknown>)['src'] : undefined;
    // The frontmatter's picture must exist and have a description: the schema says so (npm run check:types).
    const written = /^[ \t]*src[ \t]*:[ \t]*/m.exec(file.source);
    if (typeof cover === 'string')
      pictures.push({ url: cover, offset: written ? written.index + written[0].length : 0, shown: preview, cover: true });
    for (const picture of pictures) {
      const problem = await problemWith(picture, file.path, book);
      if (problem) found(picture.offset, problem.kind, problem.message);
    }
  }
  return findings;
}

/** A member's photo (book/members/*.yaml), shown 160 px wide on the members page: what would keep it from showing. */
export const photoProblem = (url: string, profile: string, disk: Disk) =>
  problemWith(
    { url, offset: 0, shown: { width: 160, where: 'the members page shows it', ratio: pixelRatio }, cover: true, field: true },
    profile,
    disk,
  );

/** What is wrong with a picture `from` (the file that names it) shows, if anything. */
async function problemWith(
  { url, shown, cover, field }: Picture,
  from: string,
  { project, read, list }: Disk,
): Promise<Pick<Finding, 'kind' | 'message'> | undefined> {
  if (isExternal(url) && !cover) {
    return {
      kind: 'missingPicture',
      message:
        `${url} is on another site: the book shows only its own pictures (its security policy refuses others), so readers would see a broken picture. ` +
        'Save the picture in the images folder (if its licence allows) and write ![what the picture shows](./images/its-name).',
    };
  }
  // A path on the author's own computer (C:\Users\…, file:///…), which no reader's browser can open (a field's, the schema names).
  if (!cover && (onOwnComputer(url) || url.includes('\\'))) {
    const name = url.split(/[\\/]/).pop();
    return {
      kind: 'missingPicture',
      message: `${url} is a place on your own computer, which readers' browsers cannot open. Copy the picture into the chapter's images folder and write ![what the picture shows](./images/${name}).`,
    };
  }
  if (isExternal(url) || /^[a-z][a-z\d+.-]*:/i.test(url)) return undefined;
  const path = decodeURI(url.split(/[?#]/)[0] ?? url);
  const file = path.startsWith('/') ? join(project, 'public', path) : join(dirname(from), path);
  const saved = read(file);
  if (!saved) {
    const where = shownPath(file);
    // The same name in other capitals: found on the author's computer, maybe, and missing on the web server.
    const name = basename(file).toLowerCase();
    const other = list(dirname(file)).find((file) => file.toLowerCase() === name);
    // The name is there (in these capitals or others), yet no file: a folder.
    if (other !== undefined && read(join(dirname(file), other)) === undefined && !cover)
      return {
        kind: 'missingPicture',
        message: `${url} is a folder, not a picture: readers would see a broken picture. Write the picture's own file after it, as ${url.replace(/[^/]+\/?$/, other)}/its-name.svg.`,
      };
    if (other && !cover)
      return {
        kind: 'missingPicture',
        message: `${url} is saved as ${other}: the letters' case differs, and web servers tell them apart. Write ${url.replace(/[^/]*$/, other)}.`,
      };
    return cover ? undefined : { kind: 'missingPicture', message: missingPictureMessage(url, where) };
  }
  const extension = extname(file).toLowerCase();
  const bytes = saved.length;
  if (bytes === 0) {
    return { kind: 'missingPicture', message: `${url} is an empty file: readers would see a broken picture. Save the picture again into it.` };
  }
  if (extension === '.svg') {
    // The build needs a drawing's size to lay it out: width and height, or a viewBox.
    const drawing = saved.toString('utf8');
    const svg = /<svg\b[^>]*>/i.exec(drawing)?.[0] ?? '';
    if (/<image\b[^>]*href\s*=\s*["']https?:/i.test(drawing)) {
      return {
        kind: 'missingPicture',
        message: `${url} shows a picture from another site inside it, which browsers leave out of a picture: readers would see it blank there. Save the drawing again with the picture embedded in it.`,
      };
    }
    if (!/\bviewBox\s*=|\bwidth\s*=[^>]*\bheight\s*=|\bheight\s*=[^>]*\bwidth\s*=/i.test(svg)) {
      return {
        kind: 'missingPicture',
        message: `${url} gives no size (its <svg> has no width and height, nor a viewBox), so the build cannot lay it out. Save it again with its size, or add viewBox="0 0 width height" to its first line.`,
      };
    }
    // A drawing saved half-way (or not XML at all): browsers show nothing of it.
    if (
      !(await sharp(Buffer.from(drawing))
        .metadata()
        .then(
          () => true,
          () => false,
        ))
    ) {
      return {
        kind: 'missingPicture',
        message: `${url} cannot be read as a drawing: the file breaks off or is not SVG (saved half-way, perhaps), so readers would see a broken picture. Save the drawing again, or export it anew.`,
      };
    }
    if (bytes <= maxDrawingBytes) return undefined;
    return {
      kind: 'largePicture',
      message: `${url} is ${formatSize(bytes)}; a drawing should stay under ${formatSize(maxDrawingBytes)}. Simplify it, or save it optimised (for example with SVGO).`,
    };
  }
  if (!rasterFormats.has(extension)) {
    return {
      kind: 'missingPicture',
      message: `${url} is a ${extension.slice(1).toUpperCase() || 'file with no ending'}, a kind of picture browsers do not show. Save it as PNG or JPEG (a photograph), or SVG (a drawing), and write ${field ? `src: ${url.replace(/\.[^./]*$/, '.jpg')}` : `![what the picture shows](${url.replace(/\.[^./]*$/, '.png')})`}.`,
    };
  }
  const picture = saved;
  const header = await sharp(picture)
    .metadata()
    .catch(() => undefined);
  // A photograph its EXIF orientation turns on its side is shown turned: its width is its height.
  const metadata = header?.width && header.height ? { width: (header.orientation ?? 1) >= 5 ? header.height : header.width } : undefined;
  // Its header read, the picture read whole: one downloaded or copied half-way shows grey or black where it breaks off.
  const whole =
    metadata &&
    (await sharp(picture, { failOn: 'truncated' })
      .stats()
      .then(
        () => true,
        () => false,
      ));
  if (metadata && !whole) {
    return {
      kind: 'missingPicture',
      message: `${url} breaks off part of the way through (downloaded or copied half-way, perhaps), so readers would see part of it, or a grey or black box. Save or download the picture again.`,
    };
  }
  if (!metadata) {
    return {
      kind: 'missingPicture',
      message: `${url} cannot be read as a ${extension.slice(1).toUpperCase()} picture: readers would see a broken picture. Save the picture again, or export it anew.`,
    };
  }
  const { width } = metadata;
  const needed = shown.width * shown.ratio;
  if (width <= needed) return undefined;
  const onSharpScreens = shown.ratio > 1 ? `, ${needed.toLocaleString('en-GB')} px on high-resolution screens` : '';
  return {
    kind: 'largePicture',
    message:
      `${url} is ${width.toLocaleString('en-GB')} px wide, but ${shown.where} at most ${shown.width.toLocaleString('en-GB')} px wide${onSharpScreens}. ` +
      `Resize it to ${needed.toLocaleString('en-GB')} px wide: it will look as sharp and load faster.`,
  };
}

const drawing = (inside = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/>${inside}</svg>`;
/** A PNG 3,000 px wide and 2 high, of one colour (made with sharp). */
const widePicture = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAC7gAAAACCAMAAAD/nWGiAAAAA1BMVEUfX6hVLrPWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVRYw+3BMQEAAADCoPVPbQhfoAAAAAAAgN8AF3IAAV3j8FUAAAAASUVORK5CYII=',
  'base64',
);
/** A chapter showing a picture as written, with the files in its images/ folder. */
const showing = (text: string, images: Record<string, string | Uint8Array> = { 'street.svg': drawing() }) => ({
  '02-second.mdx': `Clean water prevents disease.\n\n${text}\n`,
  ...Object.fromEntries(Object.entries(images).map(([name, bytes]) => [`images/${name}`, bytes])),
});

export default defineBookRule({
  checkBook: checkPictures,
  help: {
    missingAlt: { shows: [{ rule: 'pictures', example: 1 }] },
    missingPicture: {
      about: ['Capitals count. A path starts from the file that uses it: `./images/` from a chapter, `../images/` from a sub-page.'],
      shows: [{ build: 'missing-picture-file' }, ...[3, 4, 5, 6, 7, 8, 9].map((example) => ({ rule: 'pictures', example }))],
    },
    largePicture: { shows: [11, 12].map((example) => ({ rule: 'pictures', example })) },
  },
  examples: {
    refused: [
      [showing('![](./images/street.svg)'), 'the picture ./images/street.svg has no description'],
      [
        showing('![Three yellow buildings on a dark blue background](./images/steet.svg)'),
        './images/steet.svg does not exist (looked for chapters/images/steet.svg)',
      ],
      [showing('![Three yellow buildings on a dark blue background](./images/Street.svg)'), './images/Street.svg is saved as street.svg'],
      [
        showing('![Three yellow buildings on a dark blue background](./images/old street.svg)', { 'old street.svg': drawing() }),
        '"./images/old street.svg" has a space in its name',
      ],
      [
        showing('![A street of yellow houses](https://pictures.example.org/street.png)'),
        'https://pictures.example.org/street.png is on another site',
      ],
      [
        showing('<img src="images/street.svg" alt="Three yellow buildings on a dark blue background" />'),
        '<img src="images/street.svg"> is looked for from the page\'s address',
      ],
      [showing('![A street](C:\\Users\\teacher\\Pictures\\street.png)'), 'C:\\Users\\teacher\\Pictures\\street.png is a place on your own computer'],
      [showing('![A map of the wards.](./images/wards.svg)', { 'wards.svg': '' }), './images/wards.svg is an empty file'],
      [showing('![A map of the wards.](./images)'), './images is a folder, not a picture'],
      [showing('![A map of the wards.](./images/)'), './images/ is a folder, not a picture'],
      [
        showing('![A blue band across the page, standing for a river.](./images/river.png)', { 'river.png': widePicture }),
        './images/river.png is 3,000 px wide',
      ],
      [
        showing('![A map of the wards.](./images/wards.svg)', {
          'wards.svg': drawing(`<!-- ${'a drawing saved with every step of its making '.repeat(6000)} -->`),
        }),
        './images/wards.svg is 276 KB; a drawing should stay under 250 KB',
      ],
      [
        showing('![A map of the wards.](./Images/)'),
        "./Images/ is a folder, not a picture: readers would see a broken picture. Write the picture's own file after it, as ./images/its-name.svg.",
      ],
    ],
    accepted: [showing('![Three yellow buildings on a dark blue background](./images/street.svg)')],
  },
});
