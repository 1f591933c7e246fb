/**
 * The whole book as an EPUB 3 (https://www.w3.org/TR/epub-33/): a cover, the navigation document, every chapter and
 * sub-page in reading order with its pictures, and a stylesheet of its own. Zipped with fflate, `mimetype` first and
 * stored, as the format requires.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { caseless } from '../../src/lib/address-case.ts';
import type { BuiltBook } from './built-book.ts';
import { epubBody, escapeXml, hasInlineSvg } from './epub-page.ts';

const mediaTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** A page's file in the EPUB: chapter-03.xhtml, chapter-03-blocka.xhtml. */
const fileName = (route: string): string => {
  const [, chapter, subpage] = /^\/index\/Chapter(\d+)(?:\/(.+))?$/.exec(route) ?? [];
  if (chapter === undefined) throw new Error(`${route} is not a chapter or a sub-page`);
  return `chapter-${chapter.padStart(2, '0')}${subpage ? `-${subpage.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}.xhtml`;
};

/** A UUID made from the book's name and version: the same edition keeps its identifier from build to build. */
function editionId(title: string, version: string): string {
  const hex = createHash('sha1').update(`${title}\n${version}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

const xhtml = (title: string, language: string, body: string, stylesheet = 'styles/book.css'): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${language}" xml:lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="${stylesheet}"/>
</head>
<body>
${body}
</body>
</html>
`;

/** The cover: the book's title and authors on its own colours, drawn here (no picture of anyone else's). */
function coverSvg(title: string, authors: string[]): string {
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 18) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const titleLines = lines
    .map((line, index) => `<text x="100" y="${420 + index * 110}" font-size="84" font-weight="700">${escapeXml(line)}</text>`)
    .join('\n  ');
  const authorLines = authors
    .map((author, index) => `<text x="100" y="${1300 + index * 70}" font-size="48">${escapeXml(author)}</text>`)
    .join('\n  ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1800" width="1200" height="1800">
  <rect width="1200" height="1800" fill="#0b3b4f"/>
  <rect x="100" y="260" width="240" height="16" fill="#f2b134"/>
  <g fill="#ffffff" font-family="sans-serif">
  ${titleLines}
  ${authorLines}
  </g>
</svg>
`;
}

export interface EpubOptions {
  version: string;
  /** When this edition was made (dcterms:modified). */
  modified: Date;
}

/** The EPUB's bytes. */
export function makeEpub(book: BuiltBook, { version, modified }: EpubOptions): Uint8Array {
  const { facts, pages, site } = book;
  const language = facts.language;
  const files = new Map(pages.map((page) => [caseless(page.route), fileName(page.route)]));
  const pictures = new Map<string, string>();
  const picture = (sitePath: string): string => {
    const path = new URL(sitePath, 'http://book.invalid').pathname;
    let name = pictures.get(path);
    if (name === undefined) {
      name = `images/${pictures.size + 1}-${path.split('/').at(-1)}`;
      pictures.set(path, name);
    }
    return `../${name}`;
  };

  const documents = pages.map((page) => {
    const body = epubBody(page, { base: site.base, siteUrl: facts.url, fileOf: (route) => files.get(route), picture });
    const content = xhtml(
      page.chapter ? `${page.pre}. ${page.title}` : page.title,
      language,
      `<section epub:type="${page.chapter ? 'chapter' : 'division'}" role="${page.chapter ? 'doc-chapter' : 'region'}" aria-label="${escapeXml(page.title)}">\n${body}\n</section>`,
      '../styles/book.css',
    );
    return { page, file: fileName(page.route), content };
  });

  const tocItems: string[] = [];
  for (const { page, file } of documents) {
    const label = page.chapter ? `${page.pre}. ${page.title}` : page.title;
    const item = `<a href="text/${file}">${escapeXml(label)}</a>`;
    if (page.chapter) tocItems.push(`<li>${item}</li>`);
    else {
      // Sub-pages nest under their chapter.
      const last = tocItems.pop() ?? '<li></li>';
      tocItems.push(
        last.includes('<ol>') ? last.replace('</ol></li>', `<li>${item}</li></ol></li>`) : last.replace('</li>', `<ol><li>${item}</li></ol></li>`),
      );
    }
  }
  const nav = xhtml(
    facts.title,
    language,
    `<nav epub:type="toc" id="toc" role="doc-toc" aria-labelledby="toc-title">
<h1 id="toc-title">Contents</h1>
<ol>
${tocItems.join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" hidden="">
<h2>Landmarks</h2>
<ol>
<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
<li><a epub:type="toc" href="nav.xhtml">Contents</a></li>
<li><a epub:type="bodymatter" href="text/${documents[0]?.file}">${escapeXml(documents[0]?.page.title ?? '')}</a></li>
</ol>
</nav>`,
  );
  const cover = xhtml(
    facts.title,
    language,
    `<section epub:type="cover" class="cover"><img src="images/cover.svg" alt="${escapeXml(facts.title)}"/></section>`,
  );

  const id = editionId(facts.title, version);
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="cover-image" href="images/cover.svg" media-type="image/svg+xml" properties="cover-image"/>',
    '<item id="css" href="styles/book.css" media-type="text/css"/>',
    ...documents.map(
      ({ file, content }, index) =>
        `<item id="page-${index + 1}" href="text/${file}" media-type="application/xhtml+xml"${hasInlineSvg(content) ? ' properties="svg"' : ''}/>`,
    ),
    ...[...pictures.values()].map(
      (name, index) => `<item id="picture-${index + 1}" href="${name}" media-type="${mediaTypes[extname(name)] ?? 'application/octet-stream'}"/>`,
    ),
  ];
  const spine = [
    '<itemref idref="cover" linear="no"/>',
    '<itemref idref="nav"/>',
    ...documents.map((_, index) => `<itemref idref="page-${index + 1}"/>`),
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${id}</dc:identifier>
<dc:title>${escapeXml(facts.title)}</dc:title>
${facts.authors.map((author) => `<dc:creator>${escapeXml(author)}</dc:creator>`).join('\n')}
<dc:language>${language}</dc:language>
<dc:date>${facts.year}</dc:date>
<dc:description>${escapeXml(facts.description)}</dc:description>
${facts.url ? `<dc:source>${escapeXml(facts.url)}</dc:source>\n` : ''}<meta property="dcterms:modified">${modified.toISOString().replace(/\.\d+Z$/, 'Z')}</meta>
<meta property="schema:accessMode">textual</meta>
<meta property="schema:accessMode">visual</meta>
<meta property="schema:accessModeSufficient">textual</meta>
<meta property="schema:accessibilityFeature">alternativeText</meta>
<meta property="schema:accessibilityFeature">tableOfContents</meta>
<meta property="schema:accessibilityHazard">none</meta>
<meta property="schema:accessibilitySummary">Every picture and chart has a text description; each chart's data is given as a table.</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
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
    'EPUB/nav.xhtml': strToU8(nav),
    'EPUB/cover.xhtml': strToU8(cover),
    'EPUB/images/cover.svg': strToU8(coverSvg(facts.title, facts.authors)),
    'EPUB/styles/book.css': readFileSync(join(import.meta.dirname, 'epub.css')),
  };
  for (const { file, content } of documents) epub[`EPUB/text/${file}`] = strToU8(content);
  for (const [path, name] of pictures) {
    const bytes = site.bytes(path);
    if (bytes === undefined) throw new Error(`A page shows ${path}, which the build does not have.`);
    epub[`EPUB/${name}`] = new Uint8Array(bytes);
  }
  return zipSync(epub, { level: 9, mtime: modified });
}
