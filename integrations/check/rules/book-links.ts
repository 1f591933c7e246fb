/**
 * Links in chapters to the book's own pages and files, and to places on a page (#fragments), checked against the
 * book's addresses (book-map.ts); and links a reader cannot use (no words, a space in the address).
 */
import { dirname, resolve } from 'node:path';
import { layoutIds } from '../../../src/lib/anchor-ids.ts';
import { isBookPath, isExternal, onOwnComputer } from '../../../src/lib/links.ts';
import { paths, routeOf } from '../../../src/lib/routes.ts';
import { closestField } from '../../../src/schemas/messages.ts';
import { type BookMap, everyPage, type Link, linksOf } from '../book-map.ts';
import type { Finding } from '../findings.ts';
import { type Node, startOf, textOf, walk } from '../mdast.ts';
import { type Book, defineBookRule, exampleFrontmatter } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** The links to the book itself, and those a reader cannot use (links to other sites are external-links.ts's). */
function checkLinks({ files, map }: Book): Finding[] {
  const findings: Finding[] = [];
  for (const file of files) findings.push(...unreadableLinks(file));
  for (const link of files.flatMap(linksOf)) {
    if (isExternal(link.url) && !onOwnComputer(link.url)) continue;
    const problem = problemWith(link, map);
    if (problem)
      findings.push({
        file: link.file.file,
        ...link.file.at(link.offset),
        kind: 'link',
        ...(typeof problem === 'string' ? { message: problem } : problem),
      });
  }
  return findings;
}

function problemWith({ url, file, holder }: Link, map: BookMap): string | { message: string; missingPage: true } | undefined {
  if (onOwnComputer(url))
    return `"${url}" is a file on your own computer, which readers cannot open. Put the file in the book's public/ folder and link to it from the root (/handouts/…), or link to its published address.`;
  if (/^mailto:/i.test(url) && !/^mailto:[^@\s]+@[^@\s]+\.[^@\s.]+$/i.test(url))
    return `"${url}" is not a whole email address, so readers' mail program would not know where to send. Write it in full: mailto:name@example.org.`;
  // Telephone and other schemes are not addresses of the book.
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return undefined;
  const [address = '', fragment] = url.split('#', 2) as [string, string | undefined];
  /** A page's address with the link's #section kept, for a fix that names the page. */
  const withFragment = (route: string) => (fragment === undefined ? route : `${route}#${fragment}`);
  const path = address.split('?')[0] ?? '';
  if (path === '') return fragment === undefined ? undefined : problemWithFragment(url, fragment, file, file);
  if (/^www\./i.test(url)) {
    return `"${url}" has no https:// before it, so the browser looks for a page of this book by that name. Write the whole address: https://${url}`;
  }
  if (/^10\.\d{4,}\//.test(url))
    return `"${url}" is a DOI, not an address: the browser would look for a page of this book by that name. Write https://doi.org/${url}`;
  if (/^[\w-]+(\.[\w-]+)+(\/|$)/.test(url) && !/\.(mdx?|html?|pdf|svg|png|jpe?g)$/i.test(path)) {
    return `"${url}" has no https:// before it, so the browser looks for a page of this book by that name. Write the whole address: https://${url}`;
  }
  if (!isBookPath(path) && holder === 'picture') {
    return `"${url}" is a picture named by a reference ([…]: ${url}), which the book does not place: write the picture in full where it shows, as ![its description](${url}), and delete this line.`;
  }
  if (!isBookPath(path) && holder === 'Embed') {
    const video = /^[\w-]{11}$/.test(url) ? ` For a YouTube video: https://www.youtube.com/watch?v=${url}` : '';
    return `"${url}" is not an address: <Embed src> takes the whole address of the video, slides or PDF, starting with https:// (or / for a file of the book).${video}`;
  }
  if (/^[“”‘’"'«]|[“”‘’"'»]$/.test(url)) {
    const bare = url.replace(/^[“”‘’"'«]+|[“”‘’"'»]+$/g, '');
    return `"${url}" is in quotation marks, which are read as part of the address. Remove them: (${bare}).`;
  }
  // ./03-water.mdx: the chapter's file, named from the one that links to it, where its address was meant.
  const target = /\.mdx$/i.test(path) && !isBookPath(path) ? resolve(dirname(file.path), decodeURI(path)) : undefined;
  const named = target && [...map.pages.values()].find((known) => known.file && resolve(known.file.path) === target);
  if (named) return `"${url}" names the chapter's file, not its page. Write its address: ${withFragment(named.route)}.`;
  if (!isBookPath(path) && /\.[a-z\d]{2,4}$/i.test(path) && !/\.(mdx?|html?)$/i.test(path)) {
    const name = path.split('/').pop();
    return `"${url}" is a file beside the chapter, which the book does not publish. Put it in the public/handouts/ folder and link to /handouts/${name}.`;
  }
  if (!isBookPath(path)) {
    return `"${url}" does not start with / or https://, so where it leads depends on the address the reader is at. Write the whole address from the book's root, such as /index/Chapter3/BlockA.`;
  }
  const page = map.pages.get(routeOf(path, '/').toLowerCase());
  const draft = page?.file && !map.draftOf(file) ? map.draftOf(page.file) : undefined;
  if (draft) {
    const what = draft === page?.file ? 'a draft' : 'a page of a draft chapter';
    return `"${url}" is ${what} (${draft.file} has draft: true), which the built book leaves out: readers would find no page there. Publish it first (remove the line draft: true), or take the link out until then.`;
  }
  // The specification's own spelling of the contents page, /Index/…, is sent to the real address by every host.
  const written = routeOf(path, '/').replace(/^\/Index(?=\/|$)/, '/index');
  if (page && written !== page.route) {
    return `"${url}" differs from the page's address, ${page.route}, in its capital letters: some hosts answer it with "page not found". Write ${withFragment(page.route)}.`;
  }
  if (page && fragment && page.file) return problemWithFragment(url, fragment, page.file, file, page.route);
  if (page && fragment && page.ids && !page.ids.has(decodeURIComponent(fragment))) {
    const meant = closestField(decodeURIComponent(fragment), [...page.ids]);
    return `"${url}" goes to no place on ${page.route}.${meant ? ` Did you mean "${page.route}#${meant}"?` : ''} Link to the page itself: ${page.route}`;
  }
  if (page) return undefined;
  if (map.hasFile(path)) return undefined;
  // The page may be the one whose frontmatter mistake (reported on its own) leaves it without an address, or be in a
  // chapter whose number is missing (named once, on the chapter after the gap).
  // /Introduction is chapter 1's other address.
  const linkedChapter = routeOf(path, '/').toLowerCase() === paths.introduction.toLowerCase() ? 1 : Number(/^\/index\/Chapter(\d+)/i.exec(path)?.[1]);
  if ((map.unplaced && linkedChapter) || map.gaps.has(linkedChapter)) return undefined;
  // /index/Chapter2.html: the page's address, with the file ending of another kind of site.
  const withoutEnding = map.pages.get(routeOf(path.replace(/(\/index)?\.html?$/i, ''), '/').toLowerCase());
  const ending = /\.html?$/i.exec(path)?.[0];
  if (ending && withoutEnding)
    return `"${url}" names a file the book does not have: its pages' addresses have no ${ending}. Write ${withFragment(withoutEnding.route)}.`;
  if (/\.\w+$/.test(path))
    return `"${url}" is not a file of this book: there is no public${decodeURI(path)}. Put the file there, or correct the address.`;
  const guess = closestField(
    written,
    [...map.pages.values()].map((p) => p.route),
  );
  // Another number is another chapter, not a typing slip: /index/Chapter2 is not "meant" as /index/Chapter1.
  const numbers = (route: string) => route.match(/\d+/g)?.join(',') ?? '';
  // A name cut short (/slides/intro for /slides/introduction) is further than two letters from the one meant.
  const started = [...map.pages.values()].find((p) => written.length > 8 && p.route.toLowerCase().startsWith(written.toLowerCase()))?.route;
  const meant = guess && numbers(guess) === numbers(written) ? guess : started;
  const chapter = /^\/index\/Chapter(\d+)/i.exec(written)?.[1];
  const missing = chapter && !meant ? ` There is no chapter ${chapter} in the book: add it, or link to another.` : '';
  const rule = written.toLowerCase().startsWith('/slides/')
    ? "A slide deck's address is /slides/ and its file's name in book/slides/."
    : "A chapter's address is /index/ChapterN, a sub-page's /index/ChapterN/BlockA (its file name).";
  return { message: `"${url}" is not a page of this book.${meant ? ` Did you mean "${meant}"?` : missing} ${rule}`, missingPage: true };
}

function problemWithFragment(url: string, fragment: string, target: SourceFile, from: SourceFile, route?: string): string | undefined {
  const id = decodeURIComponent(fragment);
  // A page that does not parse has no known ids; its own error is reported instead.
  if (id === '' || target.ids.has(id) || everyPage.includes(id) || !target.tree) return undefined;
  if (target.kind === 'chapter' && (id === layoutIds.downloads || id === layoutIds.subpages)) return undefined;
  const where = target === from ? 'on this page' : `on ${route ?? target.routes[0]} (${target.file})`;
  if (target.kind === 'slides') {
    const slides = [...target.ids].flatMap((known) => /^slide-(\d+)$/.exec(known)?.[1] ?? []).map(Number);
    return `"${url}" goes to no slide ${where}: its slides are numbered 1 to ${Math.max(0, ...slides)}. Link to one of them, such as #slide-1.`;
  }
  const meant = closestField(id, [...target.ids]);
  return (
    `"${url}" goes to no heading, box, activity, figure or annex ${where}.${meant ? ` Did you mean "#${meant}"?` : ''} ` +
    `A heading's address is its words in lower case joined by hyphens: "## Further reading" is #further-reading.`
  );
}

/**
 * Links a reader cannot use: one with no words (a screen reader reads out only its address), and text written as a
 * link that Markdown does not read as one (a space in the address), which readers see as brackets.
 */
// [words](an address) with a space inside the brackets, or [words] (/an/address) with one before them: not a link.
const spaceInAddress = /(?<!!)\[([^\]]+)\]\(([^)]*\s[^)]*)\)/;
// Only an address there, not a remark in brackets after a word in square ones ("[sic] (in 1990)"). (A web address
// there is a link of its own already, read as such by Markdown.)
const spaceBeforeAddress = /(?<!!)\[([^\]]+)\]\s+\(((?:\/|#|https?:\/\/|www\.)[^)\s]*)\)/;

function unreadableLinks(file: SourceFile): Finding[] {
  const findings: Finding[] = [];
  if (!file.tree) return findings;
  // [see WHO(https://…): the ] that ends the link's words is missing, so readers see the brackets and the address. Read
  // in the source: the parser has already made the address a link of its own.
  for (const unclosed of file.source.matchAll(/(?<![`!\\])\[([^\][()`\n]+?)\(((?:https?:\/\/|\/)[^)\s]*)\)/g))
    findings.push({
      file: file.file,
      ...file.at(unclosed.index),
      kind: 'link',
      help: 'linkText',
      message: `"${unclosed[0]}" is not read as a link: the ] that ends its words is missing, so readers see the brackets and the address. Write [${unclosed[1]!.trim()}](${unclosed[2]}).`,
    });
  walk(file.tree, (node: Node) => {
    if (node.type === 'link' && textOf(node).trim() === '') {
      findings.push({
        file: file.file,
        ...file.at(startOf(node)),
        kind: 'link',
        help: 'linkText',
        message: `The link to ${node.url} has no words, so a screen reader reads out its address alone. Write what it leads to between the brackets: [the page's name](${node.url}).`,
      });
    }
    const written = node.type === 'text' ? (spaceInAddress.exec(node.value ?? '') ?? spaceBeforeAddress.exec(node.value ?? '')) : null;
    if (written?.[2]) {
      const address = written[2].trim().replace(/\s+/g, '');
      findings.push({
        file: file.file,
        ...file.at(startOf(node) + written.index),
        kind: 'link',
        help: 'linkText',
        message: `"${written[0]}" is not read as a link, because of a space in it: readers see the brackets. Write the address without spaces, right after the brackets: [${written[1]}](${address}).`,
      });
    }
  });
  return findings;
}

/** The first chapter of the examples' books: a heading and a box to link to. */
const firstChapter = `${exampleFrontmatter('number: 1\ntitle: "A first chapter"')}## Where the world's cities grow, and why\n\n<Box number={1} title="Counting cities">\n\nEach country draws its own line.\n\n</Box>\n`;
/** A sub-page of the second chapter, a draft or not. */
const blockA = (draft = false) => `---\nchapter: 2\norder: 1\ntitle: "Block A: a first case"\n${draft ? 'draft: true\n' : ''}---\n\nA first case.\n`;
/** A book of two chapters and a sub-page, the second chapter's text as given. */
const linking = (text: string, draft = false) => ({ '01-first.mdx': firstChapter, '02-second.mdx': text, '02-second/BlockA.mdx': blockA(draft) });

export default defineBookRule({
  checkBook: checkLinks,
  help: {
    brokenLink: {
      about: [
        'A link, a LinkButton or an Embed leads nowhere in the built book. How to write addresses:',
        '[Links between pages](writing-a-chapter.md#links-between-pages).',
      ],
      shows: [1, 2, 3, 4, 5, 6].map((example) => ({ rule: 'bookLinks', example })),
    },
    linkText: { shows: [7, 8].map((example) => ({ rule: 'bookLinks', example })) },
  },
  examples: {
    refused: [
      [
        linking('<LinkButton href="/index/Chapter2/BlockB">Read the first case</LinkButton>\n'),
        '"/index/Chapter2/BlockB" is not a page of this book. Did you mean "/index/Chapter2/BlockA"?',
      ],
      [
        linking('<LinkButton href="/index/Chapter2/BlockA">Read the first case</LinkButton>\n', true),
        '"/index/Chapter2/BlockA" is a draft (chapters/02-second/BlockA.mdx has draft: true)',
      ],
      [
        linking('Chapter 1 shows [who lives in them](/index/Chapter1#where-the-world-cities-grow-and-why) and [how](/Index/Chapter1#box-1).\n'),
        '"/index/Chapter1#where-the-world-cities-grow-and-why" goes to no heading, box, activity, figure or annex on /index/Chapter1',
      ],
      [linking('Read [the first case](BlockA) next.\n'), '"BlockA" does not start with / or https://'],
      [
        linking('The [first chapter](/index/chapter1) says why.\n'),
        '"/index/chapter1" differs from the page\'s address, /index/Chapter1, in its capital letters',
      ],
      [linking('The [World Health Organisation](www.who.int) publishes the figures.\n'), '"www.who.int" has no https:// before it'],
      [linking('The first chapter says why: [](/index/Chapter1).\n'), 'The link to /index/Chapter1 has no words'],
      [
        linking('The first chapter says why: [read it](/index/Chapter 1).\n'),
        '"[read it](/index/Chapter 1)" is not read as a link, because of a space in it',
      ],
    ],
    accepted: [
      linking(
        'See [the first chapter](/index/Chapter1#where-the-worlds-cities-grow-and-why), [its box](/index/Chapter1#box-1), ' +
          '[the first case](/index/Chapter2/BlockA), [the contents](/Index) and [the WHO](https://www.who.int).\n',
      ),
    ],
  },
});
