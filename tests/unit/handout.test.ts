/**
 * Chapter 1's handout (public/handouts/chapter-1-handout.pdf, made by npm run make:handout): its citations and its
 * references are the book's, written by the same APA code from chapters/references.bib; it states the book's licence
 * in the words of every edition; and the committed PDF is the one the maker writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { citationsIn } from '../../integrations/citation-marks/syntax.ts';
import { claimIn, sentencesOf } from '../../integrations/check/rules/sourced-claims.ts';
import { bookConfig } from '../../src/book.config.ts';
import { t } from '../../src/i18n/ui.ts';
import { references } from '../../src/lib/apa.ts';
import { parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { bookLicence, licenceSentence, licenceText, rightsStatement } from '../../src/lib/licence.ts';
import { phraseOfNames } from '../../src/lib/names.ts';
import { bookAuthors } from '../../tools/common/book-authors.ts';
import { keysCitedIn, referenceRuns } from '../../tools/make/handout-sources.ts';
import { handoutSources, makeHandout, pages } from '../../tools/make/make-handout.ts';
import { apaFindings } from '../support/apa-rules.ts';

const project = join(import.meta.dirname, '../..');
const bibliography = parseBibtex(readFileSync(join(project, 'chapters/references.bib'), 'utf8'));
const sources = handoutSources(bibliography);
const committed = readFileSync(join(project, 'public/handouts/chapter-1-handout.pdf'));
const texts = pages.flat().flatMap((block) => ('text' in block ? [block.text] : 'items' in block ? block.items : []));

describe("the handout's sources", () => {
  it('are cited as the chapters cite, none written by hand: each key is in the bibliography and in the list', () => {
    const cited = texts.flatMap((text) => citationsIn(text).flatMap((piece) => ('items' in piece ? piece.items.map(({ key }) => key) : [])));
    expect(cited.length).toBeGreaterThan(0);
    expect(sources.map(({ id }) => id).toSorted()).toEqual([...new Set(cited)].toSorted());
    // "(UN DESA, 2019)" typed in the text would name a source the list need not hold.
    const byHand = texts.flatMap((text) =>
      citationsIn(text).flatMap((piece) => ('text' in piece ? (piece.text.match(/\([^()]*[A-Za-z],\s*(1[89]|20)\d\d[a-z]?\)/g) ?? []) : [])),
    );
    expect(byHand).toEqual([]);
  });

  it("are listed as the chapters' lists write them, each keeping APA's rules for its kind", () => {
    const book = references(sources);
    const listed = referenceRuns(sources).map((runs) => runs.map(({ text, italic }) => (italic ? `<i>${text}</i>` : text)).join(''));
    expect(listed).toEqual(book.map(({ html, link }) => `${html.replaceAll('&#38;', '&')}${link ? ` ${link}` : ''}`));
    const shown = book.map(({ key, html, link }) => ({ where: 'the handout', key, html: `${html}${link ? ` <a href="${link}">${link}</a>` : ''}` }));
    expect(
      shown.flatMap((entry) =>
        apaFindings(
          entry,
          sources.find(({ id }) => id === entry.key)!,
        ),
      ),
    ).toEqual([]);
  });
});

describe('the handout', () => {
  it('cites a source for every sentence that states a figure or a ranking, as the author check holds the chapters to', () => {
    // As in a chapter, an item or paragraph citing one source cites it for all of it.
    const unsourced = texts.flatMap((text) =>
      (keysCitedIn([text]).length === 1 ? [] : sentencesOf(text))
        .map(({ text: sentence }) => sentence)
        .filter((sentence) => claimIn(sentence.replace(/\[-?@[^\]]*\]/g, '')) && !citationsIn(sentence).some((piece) => 'items' in piece)),
    );
    expect(unsourced).toEqual([]);
  });

  it('is written in British English', () => {
    expect(
      texts
        .join(' ')
        .match(/\b\w+i[sz](e|es|ed|ing|ation|ations)\b/gi)
        ?.filter((word) => /iz/i.test(word)) ?? [],
    ).toEqual([]);
  });

  it('as committed is the PDF npm run make:handout writes from the bibliography', async () => {
    expect(Buffer.from(await makeHandout(bibliography)).equals(committed), 'run npm run make:handout and commit the PDF').toBe(true);
  });
});

/** The text each page of a PDF shows, as its content draws it: each piece of text in turn, a space between them. */
async function pagesText(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref, PDFStream)) : [contents];
    const content = streams.map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream as PDFRawStream).decode())).join('\n');
    // The standard fonts' text is WinAnsi, written in hexadecimal.
    const pieces = [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map(([, hex]) => new TextDecoder('windows-1252').decode(Buffer.from(hex!, 'hex')));
    return pieces.join(' ').replace(/\s+/g, ' ');
  });
}

describe("the handout's licence", () => {
  const copyright = t('home.copyright', { year: bookConfig.copyrightYear, names: phraseOfNames(bookAuthors()) });

  it("is printed under its title as the PDF editions' copyright pages print it: the copyright line, then the licence's sentence", async () => {
    const [first = '', ...rest] = await pagesText(committed);
    const { name } = licenceSentence();
    // On paper the licence's name is followed by its address, as in the printed editions.
    expect(first).toContain(`${name} (${bookLicence.url})`);
    const words = first.replace(` (${bookLicence.url})`, '');
    expect(words).toContain(rightsStatement(copyright));
    expect(words).toContain(licenceText());
    // Where a teacher who prints the first page sees it: before the first heading.
    expect(words.indexOf(licenceText())).toBeLessThan(first.indexOf('Key figures'));
    expect(rest.join(' ')).not.toContain(licenceText());
  });

  it("is in its metadata in the editions' words: the XMP's rights, the licence's address and the authors", async () => {
    const document = await PDFDocument.load(committed, { updateMetadata: false });
    const stream = document.catalog.lookup(PDFName.of('Metadata'), PDFStream);
    const xmp = new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode());
    const stated = /<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">([^<]*)<\/rdf:li>/.exec(xmp)?.[1];
    expect(stated).toBe(rightsStatement(copyright));
    expect(stated).toContain(licenceText());
    expect(xmp).toContain('<xmpRights:Marked>True</xmpRights:Marked>');
    expect(xmp).toContain(`<xmpRights:WebStatement>${bookLicence.url}</xmpRights:WebStatement>`);
    expect(document.getAuthor()).toBe(bookAuthors().join(', '));
  });
});
