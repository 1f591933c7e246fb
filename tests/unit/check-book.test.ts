/**
 * The author check's findings on a small book written for the test (links, anchors, pictures, components,
 * a file that does not parse), read as the report prints them. The fixture books in tests/build cover
 * the command itself.
 */
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkBook } from '../../integrations/check/author-check.ts';
import { formatFinding, sortFindings, summary } from '../../integrations/check/findings.ts';

const project = join(import.meta.dirname, '../..');
const book = join(project, 'tests/.output/check-book');
const shown = relative(process.cwd(), book);

const frontmatter = (number: number, image = './images/street.svg') =>
  `---\nnumber: ${number}\ntitle: Chapter ${number}\nimage:\n  src: ${image}\n  alt: Three yellow buildings.\n---\n`;

/** The report's lines, each finding's without its troubleshooting link (in `links`). */
let report: string[];
let links: string[];

beforeAll(async () => {
  rmSync(book, { recursive: true, force: true });
  mkdirSync(join(book, '01-first'), { recursive: true });
  cpSync(join(project, 'tests/fixtures/books/valid/images'), join(book, 'images'), { recursive: true });
  await sharp({ create: { width: 2400, height: 1350, channels: 3, background: '#dd8844' } })
    .jpeg()
    .toFile(join(book, 'images/cover.jpg'));
  // An SVG of 300 KB: one long comment.
  writeFileSync(join(book, 'images/heavy.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${'x'.repeat(300_000)}--></svg>`);
  writeFileSync(
    join(book, '01-first.mdx'),
    `${frontmatter(1)}
## Where cities grow

See [the block](/index/Chapter1/BlockA#first-steps), [the slides](/slides/introduction), [the handout](/handouts/chapter-1-handout.pdf),
[the map](/figures/world-cities.svg), [mail](mailto:book@example.org), [this section](#where-cities-grow) and [Box 1](#box-1).

Wrong: [a relative link](BlockA), [a missing file](/handouts/chapter-9.pdf), [no such page](/members/jane) and [no such place](#where-cities-go).

<Box number={1} title="Counting cities">

Each country counts in its own way.

</Box>

<Box number={2}>

A box without a title.

</Box>

<img src="./images/street.svg" />

![A street that is not there.](./images/gone.png)

![A heavy drawing.](./images/heavy.svg)
`,
  );
  writeFileSync(
    join(book, '01-first/BlockA.mdx'),
    '---\nchapter: 1\norder: 1\ntitle: "Block A"\n---\n\n## First steps\n\nSee [the chapter](/Index/Chapter1#box-3).\n',
  );
  writeFileSync(
    join(book, '02-second.mdx'),
    `${frontmatter(2, './images/cover.jpg')}\nCities grow: see [the draft's case](/index/Chapter4/BlockA).\n`,
  );
  writeFileSync(join(book, '03-third.mdx'), `${frontmatter(3)}\n<Box number={1} title="Unclosed">\n\nThe box never ends.\n`);
  // A draft chapter: its sub-page is left out of the built book with it, and may be linked from the draft itself.
  mkdirSync(join(book, '04-fourth'));
  writeFileSync(join(book, '04-fourth.mdx'), `${frontmatter(4).replace('---\n', '---\ndraft: true\n')}\nSee [the case](/index/Chapter4/BlockA).\n`);
  writeFileSync(join(book, '04-fourth/BlockA.mdx'), '---\nchapter: 4\norder: 1\ntitle: "Block A"\n---\n\nA case.\n');
  const { findings, fileCount } = await checkBook({ dir: book, project, external: false });
  const lines = sortFindings(findings).map((finding) => formatFinding(finding).split('\n'));
  report = [...lines.map((line) => line.slice(0, -1).join('\n')), summary(findings, fileCount)];
  links = lines.map((line) => line.at(-1) ?? '');
});

describe('the author check', () => {
  it('ends each finding with the link to its troubleshooting entry, on the line below', () => {
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(link).toMatch(/^ {2}See docs\/authoring\/troubleshooting\.md#[a-z-]+$/);
  });

  it('accepts links to pages, slides, public files, charts, mail, and the sections of pages', () => {
    const accepted = [
      '/index/Chapter1/BlockA#first-steps',
      '/slides/introduction',
      '/handouts/chapter-1-handout.pdf',
      '/figures/world-cities.svg',
      'mailto:book@example.org',
      '#where-cities-grow',
      '#box-1',
    ];
    for (const url of accepted) expect(report.join('\n'), url).not.toContain(`Broken link: "${url}"`);
  });

  it('names each broken link with its place and the fix, and a link from a published page to a draft', () => {
    expect(report).toEqual(
      expect.arrayContaining([
        `${shown}/01-first.mdx:14:26: Broken link: "BlockA" does not start with / or https://, so where it leads depends on the address the reader is at. ` +
          "Write the whole address from the book's root, such as /index/Chapter3/BlockA.",
        `${shown}/01-first.mdx:14:52: Broken link: "/handouts/chapter-9.pdf" is not a file of this book: there is no public/handouts/chapter-9.pdf. Put the file there, or correct the address.`,
        `${shown}/01-first.mdx:14:93: Broken link: "/members/jane" is not a page of this book. ` +
          "A chapter's address is /index/ChapterN, a sub-page's /index/ChapterN/BlockA (its file name).",
        `${shown}/01-first.mdx:14:128: Broken link: "#where-cities-go" goes to no heading, box, activity, figure or annex on this page. Did you mean "#where-cities-grow"? ` +
          'A heading\'s address is its words in lower case joined by hyphens: "## Further reading" is #further-reading.',
        `${shown}/02-second.mdx:9:37: Broken link: "/index/Chapter4/BlockA" is a page of a draft chapter (${shown}/04-fourth.mdx has draft: true), which the built book ` +
          'leaves out: readers would find no page there. Publish it first (remove the line draft: true), or take the link out until then.',
        `${shown}/01-first/BlockA.mdx:9:19: Broken link: "/Index/Chapter1#box-3" goes to no heading, box, activity, figure or annex on /index/Chapter1 (${shown}/01-first.mdx). ` +
          'Did you mean "#box-1"? A heading\'s address is its words in lower case joined by hyphens: "## Further reading" is #further-reading.',
      ]),
    );
  });

  it('reports a wrong component use in the words of the build', () => {
    expect(report).toContain(`${shown}/01-first.mdx:22:1: Component: <Box> needs the prop "title": the heading shown after "Box N".`);
  });

  it('reports pictures without alt text, missing, or far larger than shown', () => {
    expect(report).toEqual(
      expect.arrayContaining([
        `${shown}/01-first.mdx:28:1: Missing alt text: <img src="./images/street.svg"> has no description. Add alt="what the picture shows" to it.`,
        `${shown}/01-first.mdx:28:11: Missing picture: <img src="./images/street.svg"> is looked for from the page's address, not from this file, so readers would see a broken picture. ` +
          'Write the picture as Markdown, ![what the picture shows](./images/street.svg): the build finds it and makes it light.',
        `${shown}/01-first.mdx:30:1: Missing picture: ./images/gone.png does not exist (looked for ${shown}/images/gone.png). Put the picture there, or correct the path: it is relative to this file.`,
        `${shown}/01-first.mdx:32:1: Picture too large: ./images/heavy.svg is 300 KB; a drawing should stay under 250 KB. Simplify it, or save it optimised (for example with SVGO).`,
        `${shown}/02-second.mdx:5:8: Picture too large: ./images/cover.jpg is 2,400 px wide, but the book shows it (in link previews) at most 1,200 px wide. ` +
          'Resize it to 1,200 px wide: it will look as sharp and load faster.',
      ]),
    );
  });

  it('says where a file stops parsing (for an element left open, where it opens), and checks nothing else in it', () => {
    expect(report.filter((line) => line.includes('03-third.mdx'))).toEqual([
      `${shown}/03-third.mdx:9:1: MDX: <Box> here is never closed, so everything after it would belong to it. Add </Box> on a line of its own where it ends. Nothing else in this file can be checked until it is fixed.`,
    ]);
  });

  it('ends with a summary of the problems by kind', () => {
    expect(report.at(-1)).toBe(
      'Author check: 6 chapter files, 13 problems (6 broken links, 1 picture without alt text, 2 missing pictures, 2 pictures too large, 1 component mistake, 1 MDX mistake). Fix each line above, then run npm run check again.',
    );
  });
});

describe("the authors' other texts (book/preface.mdx, the slide decks)", () => {
  // A project of its own: the real one's code and files, a preface with a mistake in its spelling and its frontmatter, and a deck.
  const other = join(project, 'tests/.output/check-book-texts');

  it("are checked with the project's own chapters, as the chapters are, without being counted as chapter files", async () => {
    rmSync(other, { recursive: true, force: true });
    mkdirSync(join(other, 'book/slides'), { recursive: true });
    for (const part of ['src', 'public']) symlinkSync(join(project, part), join(other, part));
    cpSync(join(project, 'tests/fixtures/books/valid'), join(other, 'chapters'), { recursive: true });
    writeFileSync(join(other, 'book/preface.mdx'), '---\nsignatur: "Queens, May 2025"\nfunding: "None."\n---\n\nThe neighborhood shapes health.\n');
    const deck = '---\ntitle: "Cities"\n---\n\n<Slide number={1} title="Colour">\n\nThe color of cities.\n\n</Slide>\n';
    writeFileSync(join(other, 'book/slides/cities.mdx'), deck);
    // A source no text cites: a warning, since only the whole book can tell.
    writeFileSync(
      join(other, 'chapters/references.bib'),
      '@book{kept2020,\n  title = {Kept for later},\n  author = {Author, An},\n  year = {2020}\n}\n',
    );
    const { findings, fileCount } = await checkBook({ dir: join(other, 'chapters'), project: other, external: false });
    const preface = relative(process.cwd(), join(other, 'book/preface.mdx'));
    const slides = relative(process.cwd(), join(other, 'book/slides/cities.mdx'));
    const bib = relative(process.cwd(), join(other, 'chapters/references.bib'));
    expect(sortFindings(findings).map(formatFinding)).toEqual([
      expect.stringMatching(new RegExp(`^${preface}:2:1: Frontmatter: Unknown preface field "signatur"\\. Did you mean "signature"`)),
      expect.stringMatching(new RegExp(`^${preface}:6:5: Spelling: "neighborhood" is not in the dictionary\\. Did you mean "neighbourhood"\\?`)),
      expect.stringMatching(new RegExp(`^${slides}:1:1: Frontmatter: "chapter" is missing\\.`)),
      expect.stringMatching(new RegExp(`^${slides}:7:5: Spelling: "color" is not in the dictionary\\.`)),
      expect.stringMatching(new RegExp(`^${bib}:1:1: Uncited source \\(warning\\): Nothing in the book cites @kept2020\\.`)),
    ]);
    expect(fileCount).toBe(3);
  });

  it('refuses slides that say they belong to a chapter the book does not have', async () => {
    writeFileSync(join(other, 'book/preface.mdx'), '---\nsignature: "Queens, May 2025"\nfunding: "None."\n---\n\nCities shape health.\n');
    writeFileSync(
      join(other, 'book/slides/cities.mdx'),
      '---\ntitle: "Cities"\nchapter: 99\n---\n\n<Slide number={1} title="Growth">\n\nCities grow.\n\n</Slide>\n',
    );
    rmSync(join(other, 'chapters/references.bib'));
    const { findings } = await checkBook({ dir: join(other, 'chapters'), project: other, external: false });
    expect(findings.map(formatFinding)).toEqual([
      expect.stringMatching(/book\/slides\/cities\.mdx:3:1: Frontmatter: "chapter": these slides belong to chapter 99, which the book does not have/),
    ]);
  });
});

describe('text written as a link that Markdown does not read as one', () => {
  const other = join(project, 'tests/.output/check-book-link-space');

  it('is found with a space inside the brackets or before them, and a remark in brackets is left alone', async () => {
    rmSync(other, { recursive: true, force: true });
    cpSync(join(project, 'tests/fixtures/books/valid'), other, { recursive: true });
    const lines = [
      'See [chapter 1] (/index/Chapter1) first.',
      'See [the block] (/index/Chapter2/BlockA) too.',
      'See [its sections] (#where-cities-grow) below.',
      'Lagos [sic] (in 1990) grew.',
    ];
    writeFileSync(join(other, '03-third.mdx'), `${frontmatter(3)}\n${lines.join('\n\n')}\n`);
    const { findings } = await checkBook({ dir: other, project, external: false });
    const links = findings.filter((finding) => finding.kind === 'link' && finding.file.endsWith('03-third.mdx'));
    expect(links.map((finding) => finding.line)).toEqual([9, 11, 13]);
    expect(links[0]?.message).toContain('Write the address without spaces, right after the brackets: [chapter 1](/index/Chapter1).');
  });
});
