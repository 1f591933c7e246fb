/**
 * The whole book as an EPUB 3 (https://www.w3.org/TR/epub-33/) with an EPUB 2 table of contents (toc.ncx) for older
 * readers: a cover, then the edition's own files in reading order (src/editions/files/: title page, contents, preface,
 * chapters and sub-pages), written as XHTML, with the stylesheets and pictures they use. Zipped with fflate,
 * `mimetype` first and stored, as the format requires.
 */
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import render from 'dom-serializer';
import { strToU8, zipSync, type Zippable } from 'fflate';
import sharp from 'sharp';
import { t } from '../../src/i18n/ui.ts';
import { phraseOfNames } from '../../src/lib/names.ts';
import { editionFile, type EditionBook, editionFiles, PackageAssets } from './edition-files.ts';

const mediaTypes: Record<string, string> = {
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? character);

/** A UUID made from the book's name and version: the same edition keeps its identifier from build to build. */
function editionId(title: string, version: string): string {
  const hex = createHash('sha1').update(`${title}\n${version}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The cover: the book's title and authors on its own colours, drawn here (no picture of anyone else's). */
function coverSvg(title: string, authors: string[]): string {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 18) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = (line: string, y: number, size: number, weight = 400) =>
    `<text x="100" y="${y}" font-size="${size}" font-weight="${weight}">${escapeXml(line)}</text>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1800" width="1200" height="1800">
  <rect width="1200" height="1800" fill="#0b3b4f"/>
  <rect x="100" y="260" width="240" height="16" fill="#f2b134"/>
  <g fill="#ffffff" font-family="sans-serif">
  ${lines.map((line, index) => text(line, 420 + index * 110, 84, 700)).join('\n  ')}
  ${authors.map((author, index) => text(author, 1300 + index * 70, 48)).join('\n  ')}
  </g>
</svg>
`;
}

const coverPage = (book: EditionBook) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${book.language}" xml:lang="${book.language}">
<head><meta charset="utf-8"/><title>${escapeXml(book.title)}</title></head>
<body><section epub:type="cover" style="text-align: center"><img src="images/cover.png" alt="${escapeXml(book.title)}" style="max-width: 100%; max-height: 100%"/></section></body>
</html>
`;

/** The EPUB 2 table of contents: the preface, then each chapter with its sub-pages under it. */
function ncx(book: EditionBook, id: string): string {
  let order = 0;
  // Numbered in reading order: a chapter, then its sub-pages nested inside its point.
  const point = (label: string, src: string) =>
    `<navPoint id="nav-${++order}" playOrder="${order}"><navLabel><text>${escapeXml(label)}</text></navLabel><content src="${src}"/></navPoint>`;
  const points = [point(t('home.prefaceHeading'), 'preface.xhtml')];
  for (const page of book.pages.filter((page) => page.chapter)) {
    const own = point(`${page.label}: ${page.title}`, `${page.file}.xhtml`);
    const subpages = book.pages.filter((other) => !other.chapter && other.route.startsWith(`${page.route}/`));
    points.push(own.replace('</navPoint>', `${subpages.map((sub) => point(sub.title, `${sub.file}.xhtml`)).join('')}</navPoint>`));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${book.language}">
<head>
<meta name="dtb:uid" content="urn:uuid:${id}"/>
<meta name="dtb:depth" content="2"/>
<meta name="dtb:totalPageCount" content="0"/>
<meta name="dtb:maxPageNumber" content="0"/>
</head>
<docTitle><text>${escapeXml(book.title)}</text></docTitle>
<navMap>
${points.join('\n')}
</navMap>
</ncx>
`;
}

/** The EPUB's bytes, made from the edition build in `folder` (its pages served under `base`). */
export async function makeEpub(folder: string, base: string, book: EditionBook): Promise<Uint8Array> {
  const assets = new PackageAssets(folder, base);
  const documents = editionFiles(book, 'epub').map((file) => {
    const xhtml = `<?xml version="1.0" encoding="UTF-8"?>\n${render(editionFile(folder, 'epub', file, assets), { xmlMode: true, encodeEntities: 'utf8' })}\n`;
    return { file: `${file}.xhtml`, xhtml };
  });
  const id = editionId(book.title, book.version);
  const modified = new Date(book.date);
  const item = (itemId: string, href: string, type: string, properties?: string) =>
    `<item id="${itemId}" href="${href}" media-type="${type}"${properties ? ` properties="${properties}"` : ''}/>`;
  const manifest = [
    item('ncx', 'toc.ncx', 'application/x-dtbncx+xml'),
    item('cover', 'cover.xhtml', 'application/xhtml+xml'),
    // A PNG: the picture libraries' and shops' catalogues read (many take no SVG cover).
    item('cover-image', 'images/cover.png', 'image/png', 'cover-image'),
    ...documents.map(({ file, xhtml }, index) =>
      item(
        `file-${index + 1}`,
        file,
        'application/xhtml+xml',
        [file === 'contents.xhtml' && 'nav', /<svg[\s>]/.test(xhtml) && 'svg'].filter(Boolean).join(' ') || undefined,
      ),
    ),
    ...[...assets.files.keys()].map((place, index) => item(`asset-${index + 1}`, place, mediaTypes[extname(place)] ?? 'application/octet-stream')),
  ];
  const spine = ['<itemref idref="cover" linear="no"/>', ...documents.map((_, index) => `<itemref idref="file-${index + 1}"/>`)];
  const publisher = phraseOfNames(book.authors);
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${book.language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${id}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
${book.authors.map((author) => `<dc:creator>${escapeXml(author)}</dc:creator>`).join('\n')}
<dc:publisher>${escapeXml(publisher)}</dc:publisher>
<dc:rights>${escapeXml(book.rights)}</dc:rights>
<meta property="dcterms:license">${escapeXml(book.licence.url)}</meta>
<dc:language>${book.language}</dc:language>
<dc:date>${book.year}</dc:date>
<dc:description>${escapeXml(book.description)}</dc:description>
${book.url ? `<dc:source>${escapeXml(book.url)}</dc:source>\n` : ''}<meta property="dcterms:modified">${modified.toISOString().replace(/\.\d+Z$/, 'Z')}</meta>
<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>
<meta property="a11y:certifiedBy">${escapeXml(publisher)}</meta>
<meta property="schema:accessMode">textual</meta>
<meta property="schema:accessMode">visual</meta>
<meta property="schema:accessModeSufficient">textual</meta>
<meta property="schema:accessibilityFeature">alternativeText</meta>
<meta property="schema:accessibilityFeature">longDescription</meta>
<meta property="schema:accessibilityFeature">readingOrder</meta>
<meta property="schema:accessibilityFeature">structuralNavigation</meta>
<meta property="schema:accessibilityFeature">tableOfContents</meta>
<meta property="schema:accessibilityHazard">none</meta>
<meta property="schema:accessibilitySummary">Every picture and chart has a text description, each chart’s data is given as a table, and the chapters’ headings, boxes and activities are marked as sections.</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine toc="ncx">
${spine.join('\n')}
</spine>
</package>
`;
  const epub: Zippable = {
    // Stored first and uncompressed, so a reader recognises the file from its first bytes.
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`),
    'EPUB/package.opf': strToU8(opf),
    'EPUB/toc.ncx': strToU8(ncx(book, id)),
    'EPUB/cover.xhtml': strToU8(coverPage(book)),
    'EPUB/images/cover.png': new Uint8Array(
      await sharp(Buffer.from(coverSvg(book.title, book.authors)))
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ),
  };
  for (const { file, xhtml } of documents) epub[`EPUB/${file}`] = strToU8(xhtml);
  for (const [place, bytes] of assets.files) epub[`EPUB/${place}`] = new Uint8Array(bytes);
  return zipSync(epub, { level: 9, mtime: modified });
}
