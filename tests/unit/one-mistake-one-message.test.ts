/**
 * Everyday mistakes an author makes, each one problem, at its own place, in words that name it and its fix (no
 * follow-on messages, no parser's words). Each row is the small valid book with one mistake.
 */
import { appendFileSync, cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkBook } from '../../integrations/check/author-check.ts';
import { formatFinding, isWarning } from '../../integrations/check/findings.ts';

const project = join(import.meta.dirname, '../..');
const valid = join(project, 'tests/fixtures/books/valid');
const bibliography =
  '@book{galea2005,\n  author = {Galea, Sandro},\n  title = {Urban health},\n  publisher = {Oxford University Press},\n  year = {2005}\n}\n';

const twoSources = `${bibliography}\n@book{vlahov2005,\n  author = {Vlahov, David},\n  title = {Cities and health},\n  publisher = {Routledge},\n  year = {2005}\n}\n`;

const whoSources = ['air', 'heat']
  .map(
    (topic) =>
      `@online{who2024${topic},\n  author = {{World Health Organization}},\n  title = {${topic}},\n  year = {2024},\n  month = may,\n  day = {28},\n  url = {https://www.who.int/${topic}}\n}\n`,
  )
  .join('\n');

/** A photograph-like picture (every pixel different), whole. */
const photograph = await sharp(Buffer.from(Array.from({ length: 120 * 80 * 3 }, (_, index) => (index * 7919) % 251)), {
  raw: { width: 120, height: 80, channels: 3 },
})
  .png()
  .toBuffer();

const add = (text: string) => (book: string) => appendFileSync(join(book, '01-first.mdx'), `\n${text}\n`);
/** The bibliography as written, and the first chapter's text that cites it. */
const bib =
  (text: string, citing = 'Cities shape health [@galea2005].') =>
  (book: string) => {
    writeFileSync(join(book, 'references.bib'), text);
    add(citing)(book);
  };
const replace = (file: string, from: string, to: string) => (book: string) =>
  writeFileSync(join(book, file), readFileSync(join(book, file), 'utf8').replace(from, to));

// Each row: the mistake, how it is made in the valid book, and the one problem the check reports (file:line:column: and its words).
const corpus: [mistake: string, make: (book: string) => void, problem: string][] = [
  [
    "an apostrophe inside a prop's single quotes",
    add("<Tip label='The planet's health'>\nDrink water.\n</Tip>"),
    `01-first.mdx:11:6: MDX: The value of "label" is in ' quotes and has an apostrophe inside it, which ends it early. Put it in the other quotes: label="The planet's health"`,
  ],
  [
    "quotation marks inside a prop's double quotes",
    add('<Tip label="He said "boil it" twice">\nDrink water.\n</Tip>'),
    `01-first.mdx:11:6: MDX: The value of "label" is in " quotes and has a quotation mark inside it, which ends it early. Put it in the other quotes: label='He said "boil it" twice'`,
  ],
  [
    "a list begun on a component's own line",
    add('<Tip label="Note">- boil water\n- wash hands\n</Tip>'),
    '01-first.mdx:11:1: MDX: <Tip> here has text after it on its line, so MDX reads it as part of a sentence that ends before </Tip>.',
  ],
  [
    'a zero-width space inside a citation key',
    (book) => {
      add('Cities shape health [@gal\u200Bea2005].')(book);
      writeFileSync(join(book, 'references.bib'), bibliography);
    },
    '01-first.mdx:11:26: Characters: An invisible character (U+200B, a zero-width space)',
  ],
  [
    'a soft hyphen pasted inside a word',
    add('The envi\u00ADronment of cities.'),
    '01-first.mdx:11:9: Characters: An invisible character (U+00AD, a soft hyphen)',
  ],
  ['an emoji written with its selector', add('Heat ☀️ and water 💧 come first.'), ''],
  [
    "a chapter's frontmatter mistake, with a link to that chapter",
    (book) => {
      add('See [the next chapter](/index/Chapter2).')(book);
      replace('02-second.mdx', 'number: 2', 'number: two')(book);
    },
    '02-second.mdx:2:1: Frontmatter: "number" is not valid ("two").',
  ],
  [
    'a chapter renumbered, leaving a gap its sub-page and a link still name',
    (book) => {
      add('See [the next chapter](/index/Chapter2) and [its block](/index/Chapter2/BlockA).')(book);
      replace('02-second.mdx', 'number: 2', 'number: 3')(book);
    },
    '02-second.mdx:2:1: Frontmatter: "number": There is no chapter 2: chapter numbers must run 1, 2, 3 … without a gap.',
  ],
  [
    'the first chapter renumbered, with a link to its other address, /Introduction',
    (book) => {
      replace('01-first.mdx', 'number: 1', 'number: 3')(book);
      appendFileSync(join(book, '02-second.mdx'), '\nSee [the introduction](/Introduction).\n');
    },
    '02-second.mdx:2:1: Frontmatter: "number": There is no chapter 1: chapter numbers must run 1, 2, 3 … without a gap.',
  ],
  [
    'a sub-page saved beside the chapters',
    (book) => renameSync(join(book, '02-second/BlockA.mdx'), join(book, 'BlockA.mdx')),
    'BlockA.mdx:1:1: Frontmatter: This is a sub-page (it has "chapter" and "order"), saved beside the chapters, where the book reads only chapters. Move it into 02-second/',
  ],
  [
    "a chapter saved in a chapter's folder",
    (book) => renameSync(join(book, '01-first.mdx'), join(book, '02-second/01-first.mdx')),
    `02-second/01-first.mdx:1:1: Frontmatter: This is a chapter (it has "number"), saved in a chapter's folder, where the book reads only sub-pages.`,
  ],
  [
    'a misspelt field name',
    replace('02-second.mdx', 'title:', 'titel:'),
    '02-second.mdx:3:1: Frontmatter: Unknown chapter field "titel". Did you mean "title" instead of "titel"?',
  ],
  [
    "an apostrophe inside a title's single quotes",
    replace('02-second.mdx', 'title: A second chapter', "title: 'The planet's health'"),
    `02-second.mdx:3:8: Frontmatter: the frontmatter cannot be read: the value is in ' quotes and has an apostrophe (') inside it, which ends it early. Put it in the other quotes instead: title: "The planet's health"`,
  ],
  ['an expression where text was meant', add('The rate was {rate} per cent.'), '01-first.mdx:11:14: MDX: {rate} is read as a piece of code'],
  [
    'an import of a file that is not there',
    add('import Chart from "./chart.astro"\n\nText.'),
    '01-first.mdx:11:1: MDX: This line imports ./chart.astro, which does not exist.',
  ],
  [
    "an annex's number written as a number",
    add('<Annex number={1.1} title="More">\n\nText.\n\n</Annex>'),
    'prop "number" is words, written in quotes: "1.1", not {1.1}.',
  ],
  [
    'curly quotes around a prop, after a video whose address holds v=',
    add(
      '<Embed kind="video" src="https://www.youtube.com/watch?v=jbkSRLYSojo" title="Water" source="WHO" />\n\n<Box number={1} title=“Slums in Nairobi”>\n\nText.\n\n</Box>',
    ),
    '01-first.mdx:13:1: MDX: Curly quotes around the value of "title"',
  ],
  [
    'a heading underlined with ===',
    add('Urban growth\n============\n\nText.'),
    '01-first.mdx:11:1: Heading: The line of --- or === under this paragraph makes it a heading.',
  ],
  ['a heading pasted as HTML', add('## Section\n\n<h4>Results</h4>\n\nText.'), '01-first.mdx:13:1: Heading: <h4> is a heading written in HTML'],
  [
    'two citations side by side',
    bib(twoSources, 'Cities grow [@galea2005][@vlahov2005].'),
    '01-first.mdx:11:13: Page: "[@galea2005][@vlahov2005]" is two citations side by side, which Markdown reads as a link, so readers see the brackets. Put them in one pair of brackets, separated by a semicolon: [@galea2005; @vlahov2005].',
  ],
  [
    "a page's address with .html",
    add('See [the second](/index/Chapter2.html).'),
    '01-first.mdx:11:18: Broken link: "/index/Chapter2.html" names a file the book does not have: its pages\' addresses have no .html. Write /index/Chapter2.',
  ],
  [
    'the last chapter renumbered two ahead',
    replace('02-second.mdx', 'number: 2', 'number: 4'),
    '02-second.mdx:2:1: Frontmatter: "number": There is no chapter 2 or 3: chapter numbers must run 1, 2, 3 … without a gap.',
  ],
  [
    "a scanner's TIFF picture (the build cannot load it)",
    (book) => {
      // A real TIFF's first bytes: the check goes by what browsers show, not by whether the file is whole.
      writeFileSync(join(book, 'images/scan.tif'), Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]));
      add('![Houses on a hill, scanned.](./images/scan.tif)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/scan.tif is a TIF, a kind of picture browsers do not show.',
  ],
  [
    "a phone's HEIC photograph",
    (book) => {
      writeFileSync(join(book, 'images/door.heic'), 'not a picture a browser shows');
      add('![A red door.](./images/door.heic)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/door.heic is a HEIC, a kind of picture browsers do not show.',
  ],
  [
    'a drawing that gives no size',
    (book) => {
      writeFileSync(join(book, 'images/square.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>');
      add('![A square.](./images/square.svg)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/square.svg gives no size',
  ],
  [
    "a frontmatter picture written from the project's root",
    replace('02-second.mdx', 'src: ./images/street.svg', 'src: /images/street.svg'),
    '02-second.mdx:6:3: Frontmatter: "image.src": /images/street.svg starts with /',
  ],
  [
    'a block of code never closed',
    add('```\nsome code\n\n## Next\n\nText.'),
    '01-first.mdx:11:1: Page: This ``` starts a block of code that is never closed',
  ],
  ['a subscript written with tildes', add('Clean H~2~O matters.'), '01-first.mdx:11:8: Page: "~2~" would show crossed out'],
  [
    'a heading with no space after its # signs',
    add('##Water and health\n\nText.'),
    '01-first.mdx:11:1: Page: "##" with no space after it is not read as a heading',
  ],
  [
    'a heading with a no-break space after its # signs',
    add('##\u00A0Water and health\n\nText.'),
    '01-first.mdx:11:1: Page: "##" with no space after it',
  ],
  [
    'two figures with one label',
    add(
      '<Figure label="Figure 1" caption="A." source="B.">\n![A street.](./images/street.svg)\n</Figure>\n\n<Figure label="Figure 1" caption="C." source="D.">\n![A street.](./images/street.svg)\n</Figure>',
    ),
    '01-first.mdx:15:1: Component: Figure 1 is already on line 11',
  ],
  [
    'a footnote written twice',
    add('A claim.[^1]\n\n[^1]: First note.\n\n[^1]: Second note.'),
    '01-first.mdx:15:1: Page: The note [^1] is already written on line 13',
  ],
  ['a footnote with no mark', add('[^2]: A note no sentence points to.'), '01-first.mdx:11:1: Page: The note [^2] has no mark in the text'],
  [
    'a chapter saved with .txt after its name',
    (book) => renameSync(join(book, '02-second.mdx'), join(book, '02-second.mdx.txt')),
    '02-second.mdx.txt:1:1: File name: the book only reads files ending in .mdx, so this one would be left out. Rename it to 02-second.mdx.',
  ],
  [
    'a first line of four hyphens',
    replace('02-second.mdx', '---\n', '----\n'),
    '02-second.mdx:1:1: Frontmatter: The frontmatter must start on the first line',
  ],
  [
    'a blank line above the frontmatter',
    replace('02-second.mdx', '---\n', '\n---\n'),
    '02-second.mdx:1:1: Frontmatter: The frontmatter must start on the first line',
  ],
  ['an empty chapter file', (book) => writeFileSync(join(book, '03-third.mdx'), ''), '03-third.mdx:1:1: Frontmatter: This file is empty'],
  [
    'a chapter saved as UTF-16',
    (book) => {
      const file = join(book, '02-second.mdx');
      writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(readFileSync(file, 'utf8'), 'utf16le')]));
    },
    '02-second.mdx:1:1: Characters: This file is saved as UTF-16',
  ],
  [
    'a link to a chapter that was deleted',
    (book) => {
      rmSync(join(book, '02-second'), { recursive: true });
      rmSync(join(book, '02-second.mdx'));
      add('[Continue to Chapter 2](/index/Chapter2)')(book);
    },
    '01-first.mdx:11:25: Broken link: "/index/Chapter2" is not a page of this book. There is no chapter 2 in the book',
  ],
  ['italics never closed', add('Some *italics that never end.'), '01-first.mdx:11:6: Page: An asterisk (*) with no pair'],
  ['a link never closed', add('See [the WHO](https://www.who.int.'), '01-first.mdx:11:5: Page: The link "[the WHO](" is never closed with )'],
  ['a link button with no words', add('<LinkButton href="/index/Chapter2"></LinkButton>'), '01-first.mdx:11:1: Component: <LinkButton> has no words'],
  [
    'a link inside a link button',
    add('<LinkButton href="/index/Chapter2">[Chapter 2](/index/Chapter2)</LinkButton>'),
    '01-first.mdx:11:1: Component: <LinkButton> is a link already',
  ],
  [
    "a citation in a figure's caption",
    (book) => {
      add(
        '<Figure label="Figure 1" caption="Slums grow [@galea2005]." source="Drawn for this book.">\n![A street.](./images/street.svg)\n</Figure>\n\nCities shape health [@galea2005].',
      )(book);
      writeFileSync(join(book, 'references.bib'), bibliography);
    },
    '01-first.mdx:11:1: Citation: A citation in the prop "caption" of <Figure> is shown as it is written',
  ],
  [
    'a citation without its @',
    (book) => {
      add('Cities shape health [galea2005].')(book);
      writeFileSync(join(book, 'references.bib'), bibliography);
    },
    '01-first.mdx:11:21: Citation: "[galea2005]" is shown as it is written: a citation starts with @. Write [@galea2005].',
  ],
  [
    'a number prop without braces',
    add('<Box number=1 title="Water">\n\nText.\n\n</Box>'),
    '01-first.mdx:11:6: MDX: The value of "number" needs braces around a number',
  ],
  ['a comma between two props', add('<Box number={1}, title="Water">\n\nText.\n\n</Box>'), '01-first.mdx:11:16: MDX: A comma between two props'],
  [
    'an address in angle brackets',
    add('See <https://www.who.int> for more.'),
    '01-first.mdx:11:5: MDX: <https://www.who.int> reads as the start of a component',
  ],
  ['a less-than sign before a name', add('Levels of <PM2.5 were high.'), '01-first.mdx:11:11: MDX: "<PM2.5" reads as the start of a component'],
  [
    'alt text that names the kind of picture',
    add('![Image](./images/street.svg)'),
    '01-first.mdx:11:1: Missing alt text: "Image" says nothing of what the picture shows',
  ],
  ['alt text that is the file name', add('![street.svg](./images/street.svg)'), '01-first.mdx:11:1: Missing alt text: "street.svg" says nothing'],
  [
    "a picture's name in other capitals",
    add('![A street.](./images/Street.svg)'),
    '01-first.mdx:11:1: Missing picture: ./images/Street.svg is saved as street.svg',
  ],
  [
    'a drawing that shows a picture from another site',
    (book) => {
      writeFileSync(
        join(book, 'images/linked.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="https://example.org/photo.jpg" width="10" height="10"/></svg>',
      );
      add('![A linked photograph.](./images/linked.svg)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/linked.svg shows a picture from another site inside it',
  ],
  [
    "a slide deck's name cut short",
    add('See [the slides](/slides/intro).'),
    '01-first.mdx:11:18: Broken link: "/slides/intro" is not a page of this book. Did you mean "/slides/introduction"? A slide deck\'s address',
  ],
  [
    'a YouTube playlist in a video frame',
    add('<Embed kind="video" src="https://www.youtube.com/playlist?list=PL123" title="Lectures" source="A course" />'),
    '01-first.mdx:11:1: Component: https://www.youtube.com/playlist?list=PL123 is a YouTube page, not one video',
  ],
  [
    'a tip on a line of its own, holding a list',
    add('<Tip label="Reading">\n\nTwo books.\n\n- One\n- Two\n\n</Tip>'),
    '01-first.mdx:11:1: Component: A <Tip> goes at the end of the sentence it belongs to',
  ],
  [
    'a box closed at once with />, then closed again',
    add('<Box number={1} title="Water" />\n\nText.\n\n</Box>\n\n## Next'),
    '01-first.mdx:11:31: MDX: <Box … /> ends with />, which closes it at once',
  ],
  [
    'a brace never closed in a prop, with another brace further on',
    add('<Box number={2 title="Water">\n\nText.\n\n</Box>\n\n<Box number={3} title="Air">\n\nMore.\n\n</Box>'),
    '01-first.mdx:11:6: MDX: The value of "number" opens with { and is never closed. Write number={2}',
  ],
  ['a link with no address', add('See [the WHO]() for more.'), '01-first.mdx:11:5: Broken link: This link has no address between its brackets ()'],
  ['a heading of only an emoji', add('## 🌍\n\nText.'), '01-first.mdx:11:1: Heading: "🌍" has no words'],
  ['a table whose first row is empty', add('|  |  |\n| --- | --- |\n| a | b |'), "01-first.mdx:11:1: Page: The table's first row is empty"],
  [
    'a line of --- right under a paragraph',
    add('A paragraph about water.\n---\n\nMore.'),
    '01-first.mdx:11:1: Heading: The line of --- or === under this paragraph makes it a heading',
  ],
  ['micrograms written with their Greek prefix', add('Write the limit as 25 μg/m³, and 5 µg/m³ for the annual mean.'), ''],
  [
    "a sub-page in one chapter's folder that names another chapter",
    replace('02-second/BlockA.mdx', 'chapter: 2', 'chapter: 1'),
    '02-second/BlockA.mdx:2:1: Frontmatter: "chapter": this sub-page is saved in the folder of chapter 2 (02-second/) but says chapter: 1',
  ],
  [
    'a heading inside a box',
    add('<Box number={1} title="Water">\n\n## Inside\n\nText.\n\n</Box>'),
    '01-first.mdx:13:1: Heading: A heading inside a <Box>',
  ],
  [
    'a box inside a box',
    add('<Box number={1} title="Water">\n\nText.\n\n<Box number={2} title="Air">\n\nMore.\n\n</Box>\n\n</Box>'),
    '01-first.mdx:15:1: Component: A <Box> inside another <Box>',
  ],
  [
    'box numbers that skip',
    add('<Box number={1} title="Water">\n\nText.\n\n</Box>\n\n<Box number={3} title="Air">\n\nMore.\n\n</Box>'),
    '01-first.mdx:17:1: Component: Box 3 comes after Box 1',
  ],
  [
    'a first figure labelled 2',
    add('<Figure label="Figure 2" caption="A street." source="Drawn for this book.">\n![A street.](./images/street.svg)\n</Figure>'),
    '01-first.mdx:11:1: Component: Figure 2 comes after no other',
  ],
  [
    'an annex numbered for another chapter',
    add('<Annex number="2.7" title="More">\n\nText.\n\n</Annex>'),
    '01-first.mdx:11:1: Component: Annex 2.7 is in chapter 1',
  ],
  [
    'a line starting with a greater-than sign',
    add('> 25 mg per litre: is it too much?'),
    '01-first.mdx:11:1: Page: A line that starts with > is a quotation',
  ],
  [
    "emphasis in a box's title",
    add('<Box number={1} title="A *planetary* crisis">\n\nText.\n\n</Box>'),
    '01-first.mdx:11:1: Component: The prop "title" of <Box> holds Markdown',
  ],
  [
    "emphasis in a chapter's title",
    replace('02-second.mdx', 'title: A second chapter', 'title: "The *urban* built environment"'),
    '02-second.mdx:3:1: Frontmatter: "title" holds Markdown',
  ],
  [
    'a quote never closed in a prop',
    add('<Box number={1} title="Water>\n\nText.\n\n</Box>\n\n## Next'),
    '01-first.mdx:11:17: MDX: The value of "title" opens with " and is never closed',
  ],
  [
    "a component's tag without its >",
    add('<Box number={1} title="Water"\n\nText.\n\n</Box>\n\n## Next'),
    '01-first.mdx:11:1: MDX: <Box …> is missing its >',
  ],
  [
    'a closing tag without its >',
    add('<Box number={1} title="Water">\n\nText.\n\n</Box\n\n## Next\n\nMore.'),
    '01-first.mdx:15:1: MDX: </Box is missing its >',
  ],
  ...(
    [
      [
        'a page without its comma',
        'Cities shape health [@galea2005 p. 343].',
        '01-first.mdx:11:21: Citation: "[@galea2005 p. 343]" is shown as it is written: a comma goes',
      ],
      [
        'words inside the brackets',
        'Cities shape health [see @galea2005, chap. 2].',
        'Put the words before the brackets: see [@galea2005, chap. 2].',
      ],
      [
        "an author's name left out",
        'Cities shape health, as one author wrote [-@galea2005].',
        '"[-@galea2005]" is shown as it is written: the book cannot leave',
      ],
    ] as const
  ).map(([mistake, text, says]): (typeof corpus)[number] => [
    `a citation with ${mistake}`,
    (book) => {
      add(text)(book);
      writeFileSync(join(book, 'references.bib'), bibliography);
    },
    says,
  ]),
  ...(
    [
      [
        'authors separated by semicolons',
        'author = {Galea, Sandro},',
        'author = {Galea, Sandro; Vlahov, David},',
        'The names in "author" are separated by ";"',
      ],
      [
        'authors separated by commas',
        'author = {Galea, Sandro},',
        'author = {Galea, Sandro, Vlahov, David},',
        'A name in "author" has more than one comma',
      ],
      [
        'a DOI written as an address',
        'year = {2005}',
        'year = {2005},\n  doi = {https://doi.org/10.1093/acprof:oso/9780195171839.001.0001}',
        'The DOI is written with "https://doi.org/" before it',
      ],
      ['a misspelt kind of source', '@book{', '@bok{', '@bok is not a kind of source BibTeX knows'],
      ['a year written in words', 'year = {2005}', 'year = {in press}', 'year = {in press} is not a year'],
      ['a comma missing after a field', 'author = {Galea, Sandro},', 'author = {Galea, Sandro}', 'A comma is missing at the end of this line'],
      [
        'an organisation written as a person',
        'author = {Galea, Sandro},',
        'author = {World Health Organization},',
        '"World Health Organization" reads as a person\'s name',
      ],
    ] as const
  ).map(([mistake, from, to, says]): (typeof corpus)[number] => [
    `${mistake} in the bibliography`,
    (book) => {
      add('Cities shape health [@galea2005].')(book);
      writeFileSync(join(book, 'references.bib'), bibliography.replace(from, to));
    },
    `references.bib:${to.startsWith('@') ? 1 : to.includes('doi') ? 6 : to.startsWith('year') ? 5 : 2}:1: Citation: ${says}`,
  ]),
  [
    'a figure inside a tip',
    add(
      'Heat kills.<Tip label="Note">See <Figure label="Figure 1" caption="Heat" source="Met Office">![A chart of heat](./images/street.svg)</Figure></Tip>',
    ),
    '01-first.mdx:11:34: Component: A <Figure> inside a <Tip>: a tip holds a few words',
  ],
  [
    "a heading written as a box's name",
    add('## Box 1\n\nWater.\n\n<Box number={1} title="Water">\n\nWater carried by hand.\n\n</Box>'),
    '01-first.mdx:11:1: Heading: The heading "Box 1" gets the address #box-1, which Box 1 has already',
  ],
  [
    'a sentence wrapped before a minus sign',
    add('Did the temperature fall to\n- 5 degrees in the night?'),
    '01-first.mdx:12:1: Page: This line starts with "- ", so it is read as a list of one item',
  ],
  [
    'a sentence wrapped before a plus sign',
    add('Did the rate rise by\n+ 5 per cent?'),
    '01-first.mdx:12:1: Page: This line starts with "+ ", so it is read as a list of one item',
  ],
  ['a list after a colon, which is meant', add('Ask two things first:\n- Is 5 litres of water a day enough?'), ''],
  ['a footnote mark in a heading', add('## Water[^1]\n\nWater.\n\n[^1]: A note.'), '01-first.mdx:11:9: Heading: A footnote mark in a heading'],
  [
    "a sub-page's file name with a space",
    (book) => renameSync(join(book, '02-second/BlockA.mdx'), join(book, '02-second/Block A.mdx')),
    "02-second/Block A.mdx:1:1: File name: A sub-page's file name is the end of its address (/index/Chapter2/Block A)",
  ],
  [
    'a chapter of a book without the book',
    bib(bibliography.replace('@book', '@incollection'), 'Cities [@galea2005].'),
    'references.bib:1:1: Citation: @incollection is a part of a book, and this entry does not name the book',
  ],
  [
    'a crossref to another entry',
    bib(bibliography.replace('  year', '  crossref = {vlahov2005},\n  year'), 'Cities [@galea2005].'),
    'references.bib:5:1: Citation: crossref is not read by the book',
  ],
  [
    'names separated by &',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro & Vlahov, David'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "&" does not separate names in BibTeX',
  ],
  [
    'an author list left open with "and others"',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and others'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "and others" leaves "author" open',
  ],
  [
    'an author list left open with "and {{Others}}" in braces',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and {{Others}}'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "and others" leaves "author" open',
  ],
  [
    'an author list left open with "and~others" (a tie)',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and~others'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "and others" leaves "author" open',
  ],
  [
    'an author list left open with "and others." (a stop)',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and others.'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "and others" leaves "author" open',
  ],
  [
    'no mistake: an organisation whose name ends in "and Others", in double braces',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and {{Friends and Others}}'), 'Cities [@galea2005].'),
    '',
  ],
  [
    'an author list left open on a line of its own',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro and\n    others')),
    'references.bib:2:1: Citation: "and others" leaves "author" open',
  ],
  [
    'names separated by ; in an author list written over two lines',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro;\n    Vlahov, David')),
    'references.bib:2:1: Citation: The names in "author" are separated by ";"',
  ],
  [
    'et al. in the authors',
    bib(bibliography.replace('Galea, Sandro', 'Galea, Sandro et al.'), 'Cities [@galea2005].'),
    'references.bib:2:1: Citation: "et al." in "author" would be printed as a name',
  ],
  [
    'a field written twice in an entry',
    bib(bibliography.replace('  year', '  title = {Urban health again},\n  year'), 'Cities [@galea2005].'),
    'references.bib:5:1: Citation: "title" is already written in this entry, on line 3',
  ],
  [
    'a References heading before the end of the chapter',
    add('## References\n\nWater and health, 2005.\n\n## Water\n\nMore.'),
    '01-first.mdx:11:1: Heading: The chapter\'s reference list goes under "## References", so it must be the last section',
  ],
  [
    'a description of a whole paragraph',
    replace('01-first.mdx', 'title: A first chapter', `title: A first chapter\ndescription: ${'Words about the city and its health. '.repeat(12)}`),
    '01-first.mdx:4:1: Frontmatter: "description" is 443 characters long',
  ],
  [
    'a title in braces',
    replace('01-first.mdx', 'title: A first chapter', 'title: {A first chapter}'),
    '01-first.mdx:3:1: Frontmatter: "title" starts with {, which YAML reads as a group of fields, not as words.',
  ],
  [
    'two sources joined by "and" in one citation',
    bib(twoSources, 'Cities shape health [@galea2005 and @vlahov2005].'),
    '01-first.mdx:11:21: Citation: "[@galea2005 and @vlahov2005]" is shown as it is written: two sources in one citation are separated by a semicolon. Write [@galea2005; @vlahov2005].',
  ],
  [
    'the year written again in a citation',
    bib(bibliography, 'Cities shape health [@galea2005 2005].'),
    '01-first.mdx:11:21: Citation: "[@galea2005 2005]" is shown as it is written: the year comes from',
  ],
  [
    "a sentence's full stop inside the citation",
    bib(bibliography, 'Cities shape health [@galea2005.]'),
    '01-first.mdx:11:21: Citation: "[@galea2005.]" is shown as it is written: the "." belongs to the sentence. Put it after the brackets: [@galea2005].',
  ],
  [
    'a citation in round brackets',
    bib(bibliography, 'Cities shape health (@galea2005).'),
    '01-first.mdx:11:21: Citation: "(@galea2005)" is shown as "(Name (year))"',
  ],
  [
    'a citation in a heading',
    bib(bibliography, '## Water [@galea2005]\n\nWater comes first.'),
    '01-first.mdx:11:4: Citation: A citation in a heading',
  ],
  [
    "a source's address without https://",
    bib(bibliography.replace('  year', '  url = {www.who.int/report},\n  year'), 'Cities shape health [@galea2005].'),
    'references.bib:5:1: Citation: url = {www.who.int/report} does not start with https://',
  ],
  [
    'a key with a space in the bibliography',
    (book) => {
      writeFileSync(join(book, 'references.bib'), bibliography.replace('galea2005', 'galea 2005'));
    },
    'references.bib:1:1: Citation: The key "galea 2005" has a space in it',
  ],
  [
    "a link to a file on the author's computer",
    add('See [the report](file:///C:/Users/me/report.pdf).'),
    '01-first.mdx:11:18: Broken link: "file:///C:/Users/me/report.pdf" is a file on your own computer',
  ],
  [
    'an email link without its domain',
    add('Write to [us](mailto:author.one).'),
    '01-first.mdx:11:15: Broken link: "mailto:author.one" is not a whole email address',
  ],
  ['a video element', add('<video src="./images/clip.mp4" controls></video>'), '01-first.mdx:11:1: Component: <video> cannot be used in a chapter'],
  [
    "a footnote's name with a space",
    add('A claim.[^note one]\n\n[^note one]: The note.'),
    `01-first.mdx:11:9: Page: The footnote name "note one" has a space in it`,
  ],
  ['bullets pasted from a word processor', add('• First point\n• Second point'), '01-first.mdx:11:1: Page: Lines that start with • are not a list'],
  ['an asterisk with a space after it', add('Some * italic* words.'), '01-first.mdx:11:6: Page: A space after the first asterisk'],
  ['a box closed on its own line', add('<Box number={1} title="Empty" />'), '01-first.mdx:11:1: Component: A <Box> with nothing inside'],
  [
    'a chapter renamed .MDX, with a link to it',
    (book) => {
      add('See [the next chapter](/index/Chapter2).')(book);
      renameSync(join(book, '02-second.mdx'), join(book, '02-second.MDX'));
    },
    '02-second.MDX:1:1: File name: the book only reads files ending in .mdx',
  ],
  [
    "a frontmatter's hyphens turned into dashes",
    (book) => writeFileSync(join(book, '02-second.mdx'), readFileSync(join(book, '02-second.mdx'), 'utf8').replaceAll(/^---$/gm, '—')),
    '02-second.mdx:1:1: Frontmatter: The first line is a dash (—)',
  ],
  [
    'garbled text pasted from a file opened wrongly',
    add('The city\u00e2\u20ac\u2122s water.'),
    '01-first.mdx:11:9: Characters: "\u00e2\u20ac\u2122" is garbled text',
  ],
  [
    "a footnote mark in a picture's description",
    add('![A street of houses[^mk].](./images/street.svg)\n\n[^mk]: A note.'),
    "01-first.mdx:11:1: Page: A footnote mark inside a picture's description",
  ],
  [
    'a citation inside the words of a link, with the source in the bibliography',
    bib(bibliography, 'See [the review [@galea2005]](https://www.who.int).'),
    '01-first.mdx:11:5: Citation: A citation inside the words of a link',
  ],
  [
    'a letter lost before the file was saved, in a word the spelling would read',
    add('Life in S\uFFFDo Paulo.'),
    '01-first.mdx:11:10: Characters: A character was lost here before the file was saved',
  ],
  [
    'two activities with the same number',
    add('<Activity number={1} title="Cities">\n\nText.\n\n</Activity>\n\n<Activity number={1} title="Health">\n\nText.\n\n</Activity>'),
    '01-first.mdx:17:1: Component: Activity 1 is already on line 11: readers and links would reach the first one. Give each activity its own number.',
  ],
  [
    'a citation inside a link button',
    bib(bibliography, '<LinkButton href="/index/Chapter2">Read [@galea2005]</LinkButton>'),
    '01-first.mdx:11:1: Citation: A citation inside the words of a link',
  ],
  [
    "HTML in a box's title",
    add('<Box number={1} title="A <em>big</em> city">\n\nWater.\n\n</Box>'),
    '01-first.mdx:11:1: Component: The prop "title" of <Box> holds HTML',
  ],
  [
    "HTML in a chapter's title",
    replace('01-first.mdx', 'title: A first chapter', 'title: "<em>Food</em> &amp; health"'),
    '01-first.mdx:3:1: Frontmatter: "title" holds HTML',
  ],
  [
    "a citation in a chapter's title",
    (book) => {
      writeFileSync(join(book, 'references.bib'), bibliography);
      replace('01-first.mdx', 'title: A first chapter', 'title: "Water [@galea2005]"')(book);
    },
    '01-first.mdx:3:1: Frontmatter: "title" holds a citation',
  ],
  [
    'a tip in a heading',
    add('## Washing hands <Tip label="Note">Soap matters.</Tip>\n\nWater.'),
    '01-first.mdx:11:18: Heading: A <Tip> in a heading',
  ],
  [
    'two figure labels that differ in capitals',
    add(
      '<Figure label="Figure 1" caption="Heat" source="Met Office">\n![A chart of heat](./images/street.svg)\n</Figure>\n\n<Figure label="figure 1" caption="Cold" source="Met Office">\n![A chart of cold](./images/street.svg)\n</Figure>',
    ),
    '01-first.mdx:15:1: Component: figure 1 is already on line 11',
  ],
  [
    "a heading that takes the page's own address",
    add('## Content\n\nWater.'),
    `01-first.mdx:11:1: Heading: The heading "Content" gets the address #content, which the page's main text has already`,
  ],
  [
    'a superscript written between carets',
    add('About 10^6^ people live there.'),
    '01-first.mdx:11:9: Page: Between two ^ is a superscript in other tools',
  ],
  ['an inline note from other tools', add('A claim.^[An inline note.]'), '01-first.mdx:11:9: Page: ^[…] is a note in other tools'],
  ['a note block from other tools', add('::: note\nBoil water first.\n:::'), '01-first.mdx:11:1: Page: ::: starts a block in other tools'],
  ['an underscore never closed', add('Some _italic words that never end.'), '01-first.mdx:11:6: Page: An underscore (_) with no pair'],
  ['a highlight from other tools', add('Boil ==all== water.'), '01-first.mdx:11:6: Page: ==…== highlights in other tools'],
  ['a formula between dollar signs', add('The rate is $r = d/n$ here.'), '01-first.mdx:11:13: Page: $…$ is a formula in other tools'],
  ['prices in dollars, which are meant', add('A litre costs $5 to $10 from a vendor.'), ''],
  [
    'a key without its @ in a list of sources',
    bib(twoSources, 'Cities shape health [@galea2005; vlahov2005].'),
    '01-first.mdx:11:21: Citation: "[@galea2005; vlahov2005]" is shown as it is written: each source in it starts with @. Write [@galea2005; @vlahov2005].',
  ],
  [
    'a web address without https://',
    add('See [the report](who.int/publications/report).'),
    '01-first.mdx:11:18: Broken link: "who.int/publications/report" has no https://',
  ],
  ['a DOI written as a link', add('See [the paper](10.1093/pubmed/fdz095).'), '01-first.mdx:11:17: Broken link: "10.1093/pubmed/fdz095" is a DOI'],
  [
    'a ligature pasted from a PDF',
    add('The \uFB01rst cities grew fast.'),
    '01-first.mdx:11:5: Characters: "\uFB01" is a ligature, one character standing for the letters "fi"',
  ],
  [
    'an accent pasted as a character of its own',
    add('In Sa\u0303o Paulo, water is scarce.'),
    '01-first.mdx:11:5: Characters: "a\u0303" is a letter and its accent written as two characters, for "\u00e3"',
  ],
  [
    "a footnote mark in a box's title",
    add('<Box number={1} title="Water[^1]">\n\nWater carried by hand.\n\n</Box>\n\n[^1]: A note.'),
    '01-first.mdx:11:1: Component: A footnote mark in the prop "title" of <Box>',
  ],
  [
    'a prop written twice',
    add('Water is scarce. <Tip label="Water" label="Air">Boil it.</Tip>'),
    '01-first.mdx:11:18: Component: <Tip> has "label" twice',
  ],
  [
    "a chapter's picture on another site",
    replace('01-first.mdx', 'src: ./images/street.svg', 'src: https://example.org/street.jpg'),
    '01-first.mdx:5:3: Frontmatter: "image.src": https://example.org/street.jpg is on another site',
  ],
  [
    "a chapter's picture written with backslashes",
    replace('01-first.mdx', 'src: ./images/street.svg', 'src: .\\images\\street.svg'),
    '01-first.mdx:5:3: Frontmatter: "image.src": .\\images\\street.svg is a place on your own computer',
  ],
  [
    'quotation marks escaped with backslashes in a prop',
    add('Water is scarce. <Tip label="He said \\"boil it\\"">Boil it.</Tip>'),
    `01-first.mdx:11:23: MDX: The value of "label" is in " quotes and has a quotation mark inside it, which ends it early. Put it in the other quotes: label='He said "boil it"'`,
  ],
  [
    'a title that is a number',
    replace('01-first.mdx', 'title: A first chapter', 'title: 2030'),
    '01-first.mdx:3:1: Frontmatter: "title" is read as a number (2030), not as words. If the number is meant, put it in quotes: title: "2030"',
  ],
  [
    'a citation key two sources are as close to',
    bib(twoSources.replace('vlahov2005', 'galea2006'), 'Cities shape health [@galea2007].'),
    '01-first.mdx:11:21: Citation: @galea2007 is not in chapters/references.bib. Did you mean @galea2005 or @galea2006?',
  ],
  [
    'the word list saved as Latin-1',
    (book) => writeFileSync(join(book, 'words.txt'), Buffer.from('São\nPaulo\n', 'latin1')),
    'words.txt:1:2: Characters: This file is not saved as UTF-8',
  ],
  [
    "a chapter's copy left by a file manager",
    (book) => cpSync(join(book, '02-second.mdx'), join(book, '02-second - Copy.mdx')),
    '02-second - Copy.mdx:2:1: Frontmatter: "number": 02-second - Copy.mdx looks like a copy of',
  ],
  [
    'a file with old Mac line endings',
    (book) => writeFileSync(join(book, '02-second.mdx'), readFileSync(join(book, '02-second.mdx'), 'utf8').replaceAll('\n', '\r')),
    '02-second.mdx:1:1: Frontmatter: This file ends its lines the old Mac way',
  ],
  [
    'a style element with its rules in braces',
    add('<style>{`p { color: red; }`}</style>'),
    '01-first.mdx:11:1: Component: <style> cannot be used in a chapter',
  ],
  [
    'a highlight from other tools in a table cell',
    add('| Water | Air |\n| --- | --- |\n| ==scarce== | clean |'),
    '01-first.mdx:13:3: Page: ==…== highlights in other tools',
  ],
  [
    "a component's closing tag at the end of its last line of text",
    add('<Box number={1} title="Water">\n\nWater carried by hand.</Box>'),
    '01-first.mdx:13:23: MDX: </Box> here ends a line of text, so MDX reads it as part of that sentence, which began inside <Box>. Put </Box> on a line of its own',
  ],
  [
    'a closing tag with no opening one',
    add('Water carried by hand.\n\n</Box>'),
    '01-first.mdx:13:1: MDX: </Box> here closes a <Box> that is not open: it was never opened, or was closed already.',
  ],
  [
    'a space after the < of a component',
    add('< Box number={1} title="Water">\n\nWater.\n\n</Box>'),
    '01-first.mdx:11:1: MDX: "< Box" has a space after <, so MDX reads it as text, not as the component <Box>. Write <Box with no space',
  ],
  [
    "a heading's anchor written as other tools write it",
    add('## Water {#water}\n\nWater.'),
    "01-first.mdx:11:10: MDX: {#water} gives the heading an anchor of its own, as other tools do: the book makes each heading's anchor from its words",
  ],
  [
    'a number written with a leading zero',
    add('<Box number={01} title="Water">\n\nWater.\n\n</Box>'),
    "01-first.mdx:11:13: MDX: {01}: a whole number does not start with 0 in a component's prop. Write {1}",
  ],
  [
    "a picture's size written as other tools write it",
    add('![A street](./images/street.svg){width=50%}'),
    "01-first.mdx:11:33: MDX: {width=50%} after a picture sizes or styles it in other tools: the book sets every picture's size itself",
  ],
  [
    'a citation written in braces',
    add('Cities shape health {@galea2005}.'),
    '01-first.mdx:11:21: MDX: {@galea2005} is a citation in braces: the book writes a citation in square brackets, [@galea2005]',
  ],
  [
    'a link to a place the members page does not have',
    add('See [the first author](/members#author-one).'),
    '01-first.mdx:11:24: Broken link: "/members#author-one" goes to no place on /members. Link to the page itself: /members',
  ],
  [
    'links to the places every page, the contents and a chapter have',
    add('See [the text](/index/Chapter2#content), [the downloads](/index#downloads) and [these](/index/Chapter1#downloads).'),
    '',
  ],
  [
    'quotation marks inside a quoted title in the bibliography',
    bib(bibliography.replace('title = {Urban health}', 'title = "Urban "health""')),
    'references.bib:3:11: Citation: The value of title is in quotation marks and has quotation marks inside it, which end it early. Put the value in braces instead: title = {Urban "health"}.',
  ],
  [
    'a brace left open inside a quoted title in the bibliography',
    bib(bibliography.replace('title = {Urban health}', 'title = "Urban {health"')),
    'references.bib:3:11: Citation: The value of title has 1 { and 0 }, so it does not end where it seems to',
  ],
  [
    "one } too many after an author's name in the bibliography",
    bib(bibliography.replace('author = {Galea, Sandro},', 'author = {Galea, Sandro}},')),
    'references.bib:2:12: Citation: The value of author has 1 { and 2 }, so it does not end where it seems to and the fields after it cannot be read. Remove the extra }',
  ],
  [
    "a video's id alone as an embed's address",
    add('<Embed kind="video" src="dQw4w9WgXcQ" title="A film" source="YouTube" />'),
    '01-first.mdx:11:26: Broken link: "dQw4w9WgXcQ" is not an address: <Embed src> takes the whole address of the video, slides or PDF, starting with https://',
  ],
  [
    'a picture named by a reference',
    add('![A street][street]\n\n[street]: ./images/street.svg'),
    '01-first.mdx:13:11: Broken link: "./images/street.svg" is a picture named by a reference ([…]: ./images/street.svg), which the book does not place: write the picture in full where it shows',
  ],
  ['a link named by a reference', add('See [the next chapter][next].\n\n[next]: /index/Chapter2'), ''],
  [
    "a citation key with a slip in the author's name, of a source the bibliography has several of that year",
    bib(whoSources, 'Heat kills [@whoo2024]; air too [@who2024air; @who2024heat].'),
    '01-first.mdx:11:12: Citation: @whoo2024 is not in chapters/references.bib. Did you mean @who2024air or @who2024heat?',
  ],
  [
    "a citation key of the author's name alone",
    bib(twoSources, 'Cities shape health [@galea; @vlahov2005].'),
    '01-first.mdx:11:21: Citation: @galea is not in chapters/references.bib. Did you mean @galea2005?',
  ],
  [
    'a field name misspelt in the bibliography',
    bib(bibliography.replace('publisher = {Oxford University Press}', 'publsher = {Oxford University Press}')),
    'references.bib:4:1: Citation: "publsher" is not a field BibTeX knows, so its value would be left out of the reference. Write publisher = …',
  ],
  [
    'an abbreviation no @string defines as a value in the bibliography',
    bib(bibliography.replace('publisher = {Oxford University Press}', 'publisher = oup')),
    'references.bib:4:1: Citation: publisher = oup: a word without braces is read as an abbreviation defined by @string, and there is none called "oup"',
  ],
  [
    'fields an exporter adds, a month and a defined abbreviation in the bibliography',
    bib(
      `@string{oup = {Oxford University Press}}\n\n${bibliography.replace('publisher = {Oxford University Press},', 'publisher = oup,\n  month = jan,\n  timestamp = {2024-01-01},\n  mendeley-tags = {urban},')}`,
    ),
    '',
  ],
  [
    'a citation whose closing bracket is missing',
    bib(bibliography, 'Cities shape health services [@galea2005. Cities grow fast.'),
    '01-first.mdx:11:30: Citation: This [ before @galea2005 is never closed, so it would be shown as written',
  ],
  [
    'no mistake: links to a reference and to a citation, the anchors the build gives them',
    bib(bibliography, 'Cities [@galea2005]. See [the source](#ref-galea2005) and [where it is cited](/index/Chapter1#cite-galea2005-1).'),
    '',
  ],
  [
    "a no-break space pasted after a field's colon",
    replace('01-first.mdx', 'title: A first chapter', 'title:\u00A0"A first chapter"'),
    '01-first.mdx:3:7: Frontmatter: the frontmatter cannot be read: this line has a no-break space (as a word processor pastes it), which looks like a space but is read as a letter. Delete it and type an ordinary space.',
  ],
  [
    "a wide space pasted after a field's colon",
    replace('01-first.mdx', 'title: A first chapter', 'title:\u2003A first chapter'),
    '01-first.mdx:3:7: Frontmatter: the frontmatter cannot be read: this line has a wide or thin space (as a word processor pastes it), which looks like a space but is read as a letter.',
  ],
  [
    "a page's address with .htm",
    add('See [two](/index/Chapter2.htm).'),
    '01-first.mdx:11:11: Broken link: "/index/Chapter2.htm" names a file the book does not have: its pages\' addresses have no .htm. Write /index/Chapter2.',
  ],
  [
    "curly quotation marks around a chapter's title",
    replace('01-first.mdx', 'title: A first chapter', 'title: “A first chapter”'),
    '01-first.mdx:3:1: Frontmatter: "title" holds curly quotation marks around it, which YAML keeps as part of the text (only straight ones, \' or ", are read as quotes), and a field shows it as it is written, in the page, its tab and the contents. Type the quotes again with the " key, or leave them out.\n  See docs/authoring/troubleshooting.md#curly-quotes',
  ],
  [
    "a prop's words without quotes",
    add('<Box number={1} title=Planetary health>\n\nWater.\n\n</Box>'),
    '01-first.mdx:11:17: MDX: The value of "title" needs quotes around its words: title="Planetary health"',
  ],
  ['a < between two letters', add('If x<y then.'), '01-first.mdx:11:5: MDX: "<y" reads as the start of a component named y'],
  [
    'a < before =',
    add('Levels <=5 are fine.'),
    '01-first.mdx:11:8: MDX: "<=5" reads as the start of a component: MDX takes < for a tag. Write it as \\<=5',
  ],
  [
    'a box inside a sentence',
    add('Read this <Box number={1} title="Water">water</Box> now.'),
    '01-first.mdx:11:11: Component: <Box> is written inside a line of text, so the page would show it inside a sentence, not as a box of its own. Put <Box …> and </Box> each on a line of its own',
  ],
  [
    'an embed after words on its line',
    add('Watch: <Embed kind="video" src="https://www.youtube.com/watch?v=abcdefghijk" title="Water" source="WHO" />'),
    '01-first.mdx:11:8: Component: <Embed> is written inside a line of text, so the page would show it inside a sentence, not as a frame of its own. Put <Embed … /> on a line of its own.',
  ],
  [
    'a link button inside a sentence',
    add('Then <LinkButton href="/index/Chapter2">go on</LinkButton> to the next.'),
    '01-first.mdx:11:6: Component: <LinkButton> is written inside a line of text, so the page would show it inside a sentence, not as a button of its own.',
  ],
  [
    'a < before a number, which the fix repeats',
    add('Fewer than <10 people, at doses <2.5 mg.'),
    '01-first.mdx:11:12: MDX: "<10" reads as the start of a component: MDX takes < for a tag. Write it in words (under 10, fewer than 10), or as \\<10',
  ],
  ['a < before a word', add('Values <normal range are bad.'), '01-first.mdx:11:8: MDX: "<normal" reads as the start of a component named normal'],
  [
    'a closing tag typed with a backslash',
    add('<Box number={1} title="Water">\n\nWater.\n\n<\\Box>'),
    '01-first.mdx:15:1: MDX: "<\\Box>" has a backslash where a closing tag has a slash. Write </Box>',
  ],
  [
    'a closing tag in other capitals',
    add('<Box number={1} title="Water">\n\nWater.\n\n</box>'),
    "01-first.mdx:15:1: MDX: </box> closes <Box> in other letters: a tag's name is written as the component's, capitals and all. Write </Box>",
  ],
  [
    'an empty component written where its closing tag was meant',
    add('<Box number={1} title="Water">\n\nWater.\n\n<Box/>'),
    '01-first.mdx:15:1: MDX: <Box/> is a new, empty <Box>, not the end of the one open above it. Write </Box> to end it',
  ],
  [
    "a component's name misspelt",
    add('<Bx number={1} title="Water">\n\nWater.\n\n</Bx>'),
    '01-first.mdx:11:1: Component: <Bx> is not a component of this book. Did you mean <Box>?',
  ],
  [
    'a tip never closed',
    add('Drink <Tip label="Water">boiled water.'),
    '01-first.mdx:11:7: MDX: <Tip> here is never closed, so everything after it would belong to it. Add </Tip> after its words, in the same sentence',
  ],
  [
    "a prop's name misspelt",
    add('<Box number={1} tittle="Water">\n\nWater.\n\n</Box>'),
    '01-first.mdx:11:1: Component: <Box> has an unknown prop "tittle". Did you mean "title"?',
  ],
  [
    'another chapter imported to be shown inside this one',
    (book) => appendFileSync(join(book, '02-second.mdx'), "\nimport First from './01-first.mdx';\n\n<First />\n"),
    '02-second.mdx:14:1: MDX: This line imports ./01-first.mdx, another page of the book, to show it inside this one',
  ],
  [
    'two entries of the bibliography on one line',
    bib(twoSources.replace('}\n\n@book{vlahov2005', '}@book{vlahov2005'), 'Cities shape health [@galea2005; @vlahov2005].'),
    '',
  ],
  [
    'a bibliography entry in round brackets',
    bib(bibliography.replace('@book{galea2005,', '@book(galea2005,').replace(/\}\n$/, ')\n')),
    "references.bib:1:1: Citation: This entry is written in round brackets, @type( … ), which the book's BibTeX reader does not read.",
  ],
  [
    'a non-breaking space pasted inside a citation key',
    bib(bibliography, 'Cities shape health [@galea\u00A02005].'),
    '01-first.mdx:11:21: Citation: "[@galea\u00A02005]" has a space inside its key',
  ],
  [
    'a hyphen pasted inside a citation key',
    bib(bibliography, 'Cities shape health [@galea\u20102005].'),
    '01-first.mdx:11:21: Citation: "[@galea\u20102005]" has a hyphen inside its key',
  ],
  [
    'a field with no space after its colon',
    replace('01-first.mdx', 'number: 1', 'number:1'),
    '01-first.mdx:2:1: Frontmatter: the frontmatter cannot be read: there is no space after the colon of "number"',
  ],
  [
    'an empty bibliography',
    bib('', 'Cities shape health [@galea2005].'),
    'references.bib:1:1: Citation: references.bib is empty, and the book cites a source (@galea2005 first).',
  ],
  [
    'names separated by AND in capitals, which BibTeX reads as and',
    bib(twoSources.replace('author = {Vlahov, David}', 'author = {Vlahov, David AND Galea, Sandro}')),
    '',
  ],
  [
    "an entry's @ left out in the bibliography",
    bib(twoSources.replace('@book{vlahov2005,', 'book{vlahov2005,'), 'Cities shape health [@galea2005; @vlahov2005].'),
    'references.bib:8:1: Citation: This entry\'s first line has no @ before "book", so BibTeX reads it and its fields as no entry. Write @book{vlahov2005,',
  ],
  [
    'curly quotation marks around a value in the bibliography',
    bib(bibliography.replace('title = {Urban health}', 'title = “Urban health”')),
    'references.bib:3:11: Citation: The value of title is in curly quotation marks, as a word processor types them, which BibTeX does not read as quotes. Put it in braces: title = {Urban health}.',
  ],
  [
    "the reference list's heading at another level",
    bib(bibliography, 'Cities shape health [@galea2005].\n\n### References'),
    '01-first.mdx:13:1: Heading: The reference list\'s heading is "## References", with two #',
  ],
  [
    'a slide written in a chapter',
    add('<Slide number={1} title="Water">\n\nWater carried by hand.\n\n</Slide>'),
    '01-first.mdx:11:1: Component: A <Slide> belongs in a slide deck (a file in book/slides/)',
  ],
  [
    "a link's closing bracket left out",
    add('Read the news [see WHO(https://www.who.int) today.'),
    '01-first.mdx:11:15: Broken link: "[see WHO(https://www.who.int)" is not read as a link: the ] that ends its words is missing',
  ],
  [
    "a chapter's number with a decimal point, with a link to that chapter",
    (book) => {
      add('See [the next chapter](/index/Chapter2).')(book);
      replace('02-second.mdx', 'number: 2', 'number: 2.5')(book);
    },
    '02-second.mdx:2:1: Frontmatter: "number" must be a whole number, not 2.5.',
  ],
  [
    'a social-media name written with its @',
    bib(bibliography, 'Follow @WHO on social media, as cities show [@galea2005].'),
    'Citation: @WHO is not in chapters/references.bib. If it is no citation (a name on social media), write \\@WHO.',
  ],
  ['a social-media name with its @ escaped', bib(bibliography, 'Follow \\@WHO on social media, as cities show [@galea2005].'), ''],
  [
    "a picture's alt: at the left edge under image:",
    replace('01-first.mdx', '  alt: Three', 'alt: Three'),
    '01-first.mdx:6:1: Frontmatter: "alt" belongs under image:, but it starts further left',
  ],
  [
    "a picture's src: at the left edge under image:",
    replace('01-first.mdx', '  src: ./images', 'src: ./images'),
    '01-first.mdx:5:1: Frontmatter: the frontmatter cannot be read: "src" belongs under image:, but it starts further left',
  ],
  [
    'a last-updated day two centuries early',
    replace('01-first.mdx', 'title: A first chapter', 'title: A first chapter\nlastUpdated: 1825-05-01'),
    '01-first.mdx:4:1: Frontmatter: "lastUpdated" is a day before 2000 (1825-05-01): check its year',
  ],
  [
    'a table pasted from a spreadsheet, its cells separated by tabs',
    add('Water use by city:\nCity\tLitres a day\nLagos\t30\nDhaka\t40'),
    '01-first.mdx:12:1: Page: Lines with tabs between their words (a table pasted from a spreadsheet) run together into one paragraph. Write a table: | City | Litres a day |, then | --- | --- |, then a line for each row, such as | Lagos | 30 |.',
  ],
  [
    'the next paragraph typed straight under a footnote',
    add('The city drinks from wells.[^wells]\n\n[^wells]: A survey of 2019.\nThe wells are shallow, and the river floods them.'),
    '01-first.mdx:14:1: Page: This line has no empty line above it, so it is read as part of the note [^wells]',
  ],
  ['a footnote that goes on, indented', add('The city drinks from wells.[^wells]\n\n[^wells]: A survey of 2019.\n    Its sample was small.'), ''],
  [
    'a footnote wrapped inside a sentence',
    add('The city drinks from wells.[^wells]\n\n[^wells]: A survey of 2019, by the\ncity and the university.'),
    '',
  ],
  [
    'a LaTeX command in a title in the bibliography',
    bib(bibliography.replace('{Urban health}', '{Urban health, typeset with {\\LaTeX}}')),
    'references.bib:3:1: Citation: \\LaTeX is a LaTeX command the book does not turn into text',
  ],
  ['LaTeX accents in the bibliography', bib(bibliography.replace('{Urban health}', "{Urban health in S{\\~a}o Paulo and Bogot{\\'a}}")), ''],
  [
    'a drawing saved half-way',
    (book) => {
      const drawing = readFileSync(join(book, 'images/street.svg'), 'utf8');
      writeFileSync(join(book, 'images/half.svg'), drawing.slice(0, drawing.length / 2));
      add('![Three houses on a dark street.](./images/half.svg)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/half.svg cannot be read as a drawing',
  ],
  [
    'a photograph downloaded half-way',
    (book) => {
      writeFileSync(join(book, 'images/half.png'), photograph.subarray(0, photograph.length / 2));
      add('![A street at dusk.](./images/half.png)')(book);
    },
    '01-first.mdx:11:1: Missing picture: ./images/half.png breaks off part of the way through',
  ],
  [
    'a day no calendar has in the bibliography',
    bib(bibliography.replace('year = {2005}', 'year = {2005}, month = apr, day = {31}')),
    'references.bib:5:1: Citation: @galea2005 is dated 2005-4-31, a day no calendar has',
  ],
  [
    'an address escaped by a reference manager',
    bib(bibliography.replace('year = {2005}', 'year = {2005},\n  url = {https://www.who.int/urban\\_health}')),
    "references.bib:6:1: Citation: The url of @galea2005 has a backslash (\\), as some reference managers write _ and %: readers' link would lead nowhere. Write the address exactly as the browser shows it: url = {https://www.who.int/urban_health}.",
  ],
  ['an undated source written n.d.', bib(bibliography.replace('year = {2005}', 'year = {n.d.}')), ''],
  [
    'a source pasted as RIS into the bibliography',
    bib(`${bibliography}\nTY  - JOUR\nAU  - Chen, Li\nTI  - Heat and health\nER  - \n`),
    'references.bib:8:1: Citation: This line and those after it are in RIS (TY  - JOUR …)',
  ],
  [
    "Git's conflict markers in a chapter",
    add('<<<<<<< HEAD\nCities grow.\n=======\nCities grow fast.\n>>>>>>> other'),
    '01-first.mdx:11:1: Characters: Two versions of the same lines are saved here together, between <<<<<<< and >>>>>>> (line 15)',
  ],
  [
    "Git's conflict markers in the bibliography",
    bib(`<<<<<<< HEAD\n${bibliography}=======\n>>>>>>> other\n`),
    'references.bib:1:1: Citation: Two versions of the same lines are saved here together, between <<<<<<< and >>>>>>> (line 9)',
  ],
  [
    "a link from a wiki's Markdown",
    add('See [[02-second|the next chapter]].'),
    '01-first.mdx:11:5: Page: [[…]] links pages in other tools (Obsidian, wikis), and is shown here as written.',
  ],
  [
    'a callout from GitHub or Obsidian',
    add('> [!NOTE]\n> Boil water first.'),
    '01-first.mdx:11:3: Page: > [!…] is a callout in other tools (GitHub, Obsidian), and is shown here as written.',
  ],
  [
    "R Markdown's inline code",
    add('There are `r nrow(slums)` slums in the city.'),
    "01-first.mdx:11:11: Page: `r …` is R Markdown's inline code, which this book does not run",
  ],
  [
    "a table's source typed straight under it",
    add('| City | People |\n| --- | --- |\n| Lagos | 15 |\nSource: UN-Habitat.'),
    '01-first.mdx:14:1: Page: "Source: UN-Habitat." has no empty line above it, so it joins the table as a row',
  ],
  [
    "a figure's picture written as src",
    add('<Figure label="Figure 1" caption="Three houses." source="The authors." src="./images/street.svg" alt="Three houses." />'),
    '01-first.mdx:11:1: Component: <Figure> takes its picture inside it, not as "src"',
  ],
  [
    'words before two sources in one citation',
    bib(twoSources, 'Slums grow [see @galea2005, p. 3; @vlahov2005].'),
    '01-first.mdx:11:12: Citation: "[see @galea2005, p. 3; @vlahov2005]" is shown as it is written: the book\'s citations hold only sources and pages. Put the words before the brackets: see [@galea2005, p. 3; @vlahov2005].',
  ],
  [
    "a link's address in curly quotes",
    add('Read [the report](“https://www.who.int”).'),
    '01-first.mdx:11:19: Broken link: "“https://www.who.int”" is in quotation marks, which are read as part of the address. Remove them: (https://www.who.int).',
  ],
  [
    'a link to a file beside the chapter',
    add('Use [the worksheet](./files/worksheet.pdf) in class.'),
    '01-first.mdx:11:21: Broken link: "./files/worksheet.pdf" is a file beside the chapter, which the book does not publish. Put it in the public/handouts/ folder and link to /handouts/worksheet.pdf.',
  ],
  [
    "a link to a chapter's file",
    add('See [the next chapter](./02-second.mdx).'),
    `01-first.mdx:11:24: Broken link: "./02-second.mdx" names the chapter's file, not its page. Write its address: /index/Chapter2.`,
  ],
  [
    'a Quarto shortcode',
    add('{{< video https://www.youtube.com/watch?v=abcdefghijk >}}'),
    '{{< video … >}} is a Quarto or Hugo shortcode, which the book does not read',
  ],
];

describe('a mistake an author makes', () => {
  it.for(corpus)('%s is one problem, named where it is', async ([mistake, make, problem]) => {
    const book = join(project, 'tests/.output/one-mistake', mistake.replace(/\W+/g, '-'));
    rmSync(book, { recursive: true, force: true });
    cpSync(valid, book, { recursive: true });
    make(book);
    const { findings } = await checkBook({ dir: book, project, external: false });
    const shownBook = join('tests/.output/one-mistake', mistake.replace(/\W+/g, '-'));
    const problems = findings.filter((finding) => !isWarning(finding)).map((finding) => formatFinding(finding).replaceAll(`${shownBook}/`, ''));
    if (problem === '') expect(problems).toEqual([]);
    else {
      expect(problems, problems.join('\n')).toHaveLength(1);
      expect(problems[0]).toContain(problem);
    }
  });
});

describe('a page published from its template before it is written', () => {
  // Each template, where it goes, and the lines of its instructions a reader would see (its comments they never see).
  const templates: [name: string, file: string, lines: number[]][] = [
    ['chapter', '03-noise.mdx', [5, 10, 12, 17, 25, 26, 30, 33, 42, 44, 54]],
    ['subpage', '02-second/Noise.mdx', [6, 11, 17, 18, 20, 22, 28, 30, 37]],
  ];
  it.for(templates)('a %s has every instruction named at once, each at its line, wrapped or not', async ([name, file, lines]) => {
    const book = join(project, `tests/.output/one-mistake/template-${name}-published`);
    rmSync(book, { recursive: true, force: true });
    cpSync(valid, book, { recursive: true });
    const page = readFileSync(join(project, `tools/new/templates/${name}.mdx`), 'utf8')
      .replace('{{number}}', '3')
      .replace('{{title}}', 'Noise and health')
      .replace('{{image}}', 'street.svg')
      .replace('{{draft}}', '')
      .replaceAll('{{chapter}}', '2')
      .replace('{{order}}', '5');
    writeFileSync(join(book, file), page);
    const { findings } = await checkBook({ dir: book, project, external: false });
    expect(findings.filter((finding) => finding.kind === 'template').map(({ line }) => line)).toEqual(lines);
  });
});

describe('a mistake that would hide what a file cites or holds', () => {
  it('a chapter saved as Latin-1 is that one message: the sources it cites are not "cited nowhere"', async () => {
    const book = join(project, 'tests/.output/one-mistake/latin-1-with-citations');
    rmSync(book, { recursive: true, force: true });
    cpSync(valid, book, { recursive: true });
    writeFileSync(join(book, 'references.bib'), twoSources);
    const chapter = `${readFileSync(join(book, '02-second.mdx'), 'utf8')}\nIn São Paulo, cities shape health [@galea2005; @vlahov2005].\n`;
    writeFileSync(join(book, '02-second.mdx'), Buffer.from(chapter, 'latin1'));
    const { findings } = await checkBook({ dir: book, project, external: false });
    expect(findings.map(formatFinding)).toEqual([expect.stringContaining('02-second.mdx:14:5: Characters: This file is not saved as UTF-8')]);
  });
});

/** A project with the valid book, the preface and the introduction's deck, with `make` done to its book/; the check's problems. */
async function problemsOf(name: string, make: (book: string) => void): Promise<string[]> {
  const root = join(project, 'tests/.output/one-mistake', name);
  rmSync(root, { recursive: true, force: true });
  cpSync(valid, join(root, 'chapters'), { recursive: true });
  cpSync(join(project, 'book/slides'), join(root, 'book/slides'), { recursive: true });
  cpSync(join(project, 'book/preface.mdx'), join(root, 'book/preface.mdx'));
  // The deck's and the preface's words, and the sources they name, are the project's book's.
  cpSync(join(project, 'chapters/words.txt'), join(root, 'chapters/words.txt'));
  cpSync(join(project, 'chapters/references.bib'), join(root, 'chapters/references.bib'));
  // The picture check reads the page's text size from the project's styles.
  cpSync(join(project, 'src/styles'), join(root, 'src/styles'), { recursive: true });
  make(join(root, 'book'));
  const { findings } = await checkBook({ dir: join(root, 'chapters'), project: root, external: false });
  return findings
    .filter((finding) => !isWarning(finding))
    .map((finding) => formatFinding(finding).replaceAll(`tests/.output/one-mistake/${name}/`, ''));
}

describe('a link to a place on the home page', () => {
  const link = (fragment: string) => (book: string) =>
    appendFileSync(join(book, '..', 'chapters', '01-first.mdx'), `\nSee [the preface](/#${fragment}).\n`);

  it('is refused when the home page has no such place, with the one meant', async () => {
    expect(await problemsOf('home-place-missing', link('prefaceheading'))).toEqual([
      expect.stringContaining(
        'chapters/01-first.mdx:11:19: Broken link: "/#prefaceheading" goes to no place on /. Did you mean "/#preface-heading"?',
      ),
    ]);
  });

  it('is accepted when it has it', async () => {
    expect(await problemsOf('home-place-there', link('preface-heading'))).toEqual([]);
  });
});

describe('a chapter renumbered away from its slide deck', () => {
  it('is one message, the gap: the deck that names the missing number is not a second one', async () => {
    const problems = await problemsOf('deck-chapter-gap', (book) => {
      const chapter = join(book, '..', 'chapters', '01-first.mdx');
      writeFileSync(chapter, readFileSync(chapter, 'utf8').replace('number: 1', 'number: 3'));
    });
    expect(problems).toEqual([expect.stringContaining('chapters/02-second.mdx:2:1: Frontmatter: "number": There is no chapter 1')]);
  });
});

describe('a mistake in a slide deck (book/slides/)', () => {
  it('a file name with a space, which would be its address, is refused', async () => {
    const problems = await problemsOf('deck-name-with-space', (book) =>
      renameSync(join(book, 'slides/introduction.mdx'), join(book, 'slides/Heat Deck.mdx')),
    );
    expect(problems).toEqual([
      expect.stringContaining(`book/slides/Heat Deck.mdx:1:1: File name: A slide deck's file name is the end of its address (/slides/Heat Deck)`),
    ]);
  });

  it('text between two slides is refused', async () => {
    const problems = await problemsOf('deck-text-between-slides', (book) =>
      writeFileSync(
        join(book, 'slides/introduction.mdx'),
        readFileSync(join(book, 'slides/introduction.mdx'), 'utf8').replace('<Slide number={2}', 'A word between the slides.\n\n<Slide number={2}'),
      ),
    );
    expect(problems).toEqual([expect.stringContaining('Component: Text between the slides, outside any <Slide>')]);
  });

  // Slides after the deck's last (8), each mistake alone: the one message names it.
  const slides: [mistake: string, added: string, problem: string][] = [
    ['slides numbered out of order', '<Slide number={10} title="Water">\n\nWater.\n\n</Slide>', 'Component: Slide 10 comes after Slide 8'],
    [
      'a slide without its number, before the next',
      '<Slide title="Water">\n\nWater.\n\n</Slide>\n\n<Slide number={10} title="Air">\n\nAir.\n\n</Slide>',
      'Component: <Slide> needs the prop "number"',
    ],
    [
      'a slide number used twice, with the next after it',
      '<Slide number={8} title="B">\n\nB.\n\n</Slide>\n\n<Slide number={9} title="C">\n\nC.\n\n</Slide>',
      'Component: Slide 8 is already on line',
    ],
  ];
  it.for(slides)('%s is one problem', async ([mistake, added, problem]) => {
    const problems = await problemsOf(`deck-${mistake.replace(/\W+/g, '-')}`, (book) =>
      appendFileSync(join(book, 'slides/introduction.mdx'), `\n${added}\n`),
    );
    expect(problems).toEqual([expect.stringContaining(problem)]);
  });

  it('a deck saved as .md is named, and the links to it are not a second message', async () => {
    const problems = await problemsOf('deck-saved-as-md', (book) => {
      renameSync(join(book, 'slides/introduction.mdx'), join(book, 'slides/introduction.md'));
      appendFileSync(join(book, '..', 'chapters', '01-first.mdx'), '\nSee [the slides](/slides/introduction).\n');
    });
    expect(problems).toEqual([expect.stringContaining('book/slides/introduction.md:1:1: File name: the book only reads files ending in .mdx')]);
  });

  it('a link to a slide the deck does not have is refused, and one it has is not', async () => {
    const link = (slide: number) => (book: string) => {
      rmSync(join(book, '..', 'chapters', '02-second', 'BlockA.mdx'), { force: true });
      appendFileSync(join(book, '..', 'chapters', '01-first.mdx'), `\nSee [slide ${slide}](/slides/introduction#slide-${slide}).\n`);
    };
    expect(await problemsOf('deck-slide-missing', link(12))).toEqual([
      expect.stringContaining(
        'chapters/01-first.mdx:11:16: Broken link: "/slides/introduction#slide-12" goes to no slide on /slides/introduction (book/slides/introduction.mdx): its slides are numbered 1 to 8.',
      ),
    ]);
    expect(await problemsOf('deck-slide-there', link(8))).toEqual([]);
  });
});
