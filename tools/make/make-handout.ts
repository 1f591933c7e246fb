/**
 * Writes public/handouts/chapter-1-handout.pdf, the two-page handout of Chapter 1 (Annex 1.2):
 * key figures on urban growth and health, and a guide to the essay of Activity 2.
 * It cites as the chapters do ([@key], @key), and its references are the sources it cites, both written by the book's
 * APA code from chapters/references.bib (handout-sources.ts).
 * It states the book's copyright and licence as the PDF editions' copyright pages do, and its metadata the same.
 * Run with `npm run make:handout`; the PDF is committed. Fixed dates keep the output identical run to run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { bookConfig } from '../../src/book.config.ts';
import { t } from '../../src/i18n/ui.ts';
import { type CslItem, parseBibtex } from '../../src/lib/bibliography-loader.ts';
import { bookLicence, licenceSentence, rightsStatement } from '../../src/lib/licence.ts';
import { phraseOfNames } from '../../src/lib/names.ts';
import { bookAuthors } from '../common/book-authors.ts';
import { setMetadata } from '../common/pdf-metadata.ts';
import { keysCitedIn, referenceRuns, sourcesOf, withCitations } from './handout-sources.ts';
import { drawLine, type Fonts, lineUp, type Run } from './handout-text.ts';

const page = { width: 595.28, height: 841.89, margin: 56 };
const colors = { text: rgb(0.11, 0.12, 0.13), accent: rgb(0.04, 0.36, 0.48), muted: rgb(0.31, 0.33, 0.36) };

type Block =
  { kind: 'title' | 'heading' | 'paragraph' | 'note'; text: string } | { kind: 'list'; items: string[] } | { kind: 'references' | 'rights' };

/** The handout's text, page by page; its citations in the chapters' syntax. */
export const pages: Block[][] = [
  [
    { kind: 'title', text: 'Chapter 1 handout: Cities, environment and health' },
    { kind: 'note', text: 'Public health in mega-cities; the environmental dimension. An open electronic book.' },
    // What a teacher who prints it may do, under its title.
    { kind: 'rights' },
    { kind: 'heading', text: 'Key figures' },
    {
      kind: 'list',
      items: [
        "In 2018, 55% of the world's population lived in urban areas; the share is projected to reach 68% by 2050 [@undesa2019].",
        'The urban population grew from 751 million in 1950 to 4.2 billion in 2018 [@undesa2019].',
        'About 2.5 billion more people are expected in urban areas by 2050; close to 90% of the increase will be in Asia and Africa, and India, China and Nigeria together account for 35% of it [@undesa2019].',
        'There were 33 megacities of 10 million people or more in 2018, and 43 are projected by 2030, most of them in developing regions. Tokyo (37 million), Delhi (29 million) and Shanghai (26 million) were the largest in 2018 [@undesa2019].',
        "The UN's 2025 revision counts cities by one definition for every country: 45% of the world's 8.2 billion people lived in cities in 2025, 36% in towns and 19% in rural areas; Jakarta (nearly 42 million) was the most populous of 33 megacities. Its figures cannot be compared with the 2018 revision's [@undesa2025].",
        'In 2020, 1.1 billion people lived in slums or slum-like conditions in urban areas, and 2 billion more are expected in the next 30 years [@un2023].',
        "In 2022 WHO reported that almost all of the world's population, 99%, breathes air that exceeds its air quality guideline limits [@who2022air].",
      ],
    },
    { kind: 'heading', text: 'Key ideas' },
    {
      kind: 'list',
      items: [
        'Social determinants of health: the conditions in which people are born, grow, live, work and age, and the distribution of money, power and resources that shapes them [@csdh2008].',
        'The urban built environment (housing, water and sanitation, streets, transport, green space) is one of the main ways those conditions reach people in cities, and it can be changed by public policy [@whohabitat2016].',
        "History: in nineteenth-century Britain, Chadwick's Report on the Sanitary Condition of the Labouring Population (1842) led to the Public Health Act of 1848 [@feebrown2005], and in 1854 John Snow traced a London cholera outbreak to the Broad Street pump [@snow1855]. Health improved when cities invested in water, sewers and housing [@szreter2003].",
      ],
    },
  ],
  [
    { kind: 'heading', text: 'Guide to the essay (Activity 2)' },
    {
      kind: 'paragraph',
      text: 'Write a short essay, of about 150 words (a suggestion, not a rule), on the links between the urban built environment and public health policy in your own city, or a city you know well. Organise it with the health map of @barton2006, which places people at the centre of nested layers.',
    },
    {
      kind: 'paragraph',
      text: 'From the inside out: people (age, sex and hereditary factors); lifestyle; community; the local economy; activities (working, learning, shopping, moving about); the built environment (buildings, streets, routes, places); the natural environment (air, water, land, habitats); and the global ecosystem (climate change, biodiversity).',
    },
    { kind: 'heading', text: 'Questions to guide you' },
    {
      kind: 'list',
      items: [
        'Which one feature of the built environment will you write about, and where in the city is it found?',
        "Through which layers of the health map does it reach people's health, and which health outcomes does it affect?",
        'Who is most exposed to it, and who is least? Think of income, gender, age and neighbourhood.',
        'Which public health policy, in place or missing, acts on this feature? Who is responsible for it?',
        'What one change would you propose, and who would gain from it?',
      ],
    },
    { kind: 'heading', text: 'References' },
    { kind: 'references' },
  ],
];

/** The texts of the handout, where its citations are. */
const textsOf = (blocks: Block[]) => blocks.flatMap((block) => ('text' in block ? [block.text] : 'items' in block ? block.items : []));

/** The sources the handout cites, from the book's bibliography, in the order it first cites them. */
export const handoutSources = (bibliography: CslItem[]): CslItem[] =>
  sourcesOf(keysCitedIn(pages.flat().flatMap((block) => textsOf([block]))), bibliography);

/**
 * The handout's copyright line and licence: printed as the PDF editions' copyright pages print them (the licence's
 * address after its name), and in its metadata as theirs (src/editions/files/book.json.ts).
 */
export function handoutRights(authors: string[]): { printed: string; metadata: string } {
  const copyright = t('home.copyright', { year: bookConfig.copyrightYear, names: phraseOfNames(authors) });
  const { before, name, after } = licenceSentence();
  return { printed: `${copyright}. ${before}${name} (${bookLicence.url})${after}`, metadata: rightsStatement(copyright) };
}

/** The handout as a PDF, its citations and references written from the bibliography. */
export async function makeHandout(bibliography: CslItem[], authors = bookAuthors()): Promise<Uint8Array> {
  const sources = handoutSources(bibliography);
  const rights = handoutRights(authors);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, {
    title: 'Chapter 1 handout: Cities, environment and health',
    authors,
    subject: 'Key figures on urban growth and health, and a guide to the essay of Activity 2',
    language: 'en-GB',
    rights: rights.metadata,
    licenceUrl: bookLicence.url,
    date: new Date('2026-01-01T00:00:00Z'),
    creator: 'tools/make/make-handout.ts',
    producer: 'pdf-lib',
  });
  pdf.setKeywords(['urban health', 'urbanisation', 'built environment', 'social determinants of health']);

  const roman = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const textWidth = page.width - 2 * page.margin;

  function draw(target: PDFPage, blocks: Block[], number: number) {
    let y = page.height - page.margin;
    const lines = (text: string, font: PDFFont, size: number, color = colors.text, indent = 0, gap = 1.4) =>
      runs([{ text: withCitations(text, sources), italic: false }], { roman: font, italic: font }, size, color, indent, gap);
    // `hanging`: the lines after the first indented by it, as APA sets a reference list.
    const runs = (text: Run[], fonts: Fonts, size: number, color = colors.text, indent = 0, gap = 1.4, hanging = 0) => {
      lineUp(text, fonts, size, textWidth - indent - hanging).forEach((line, index) => {
        y -= size * gap;
        drawLine(target, line, { x: page.margin + indent + (index > 0 ? hanging : 0), y }, fonts, size, color);
      });
    };
    const bullet = (size: number) => target.drawText('-', { x: page.margin + 4, y: y - size * 1.4, size, font: roman, color: colors.accent });
    for (const block of blocks) {
      if (block.kind === 'title') lines(block.text, bold, 20, colors.accent, 0, 1.3);
      if (block.kind === 'note') lines(block.text, roman, 10, colors.muted);
      if (block.kind === 'rights') {
        y -= 4;
        lines(rights.printed, roman, 9, colors.muted, 0, 1.3);
      }
      if (block.kind === 'heading') {
        y -= 14;
        lines(block.text, bold, 14, colors.accent);
        y -= 4;
      }
      if (block.kind === 'paragraph') lines(block.text, roman, 11);
      if (block.kind === 'list') {
        for (const item of block.items) {
          bullet(11);
          lines(item, roman, 11, colors.text, 16);
          y -= 3;
        }
      }
      // APA's reference list, a size smaller: each entry as the chapters' lists write it, its title in italics.
      if (block.kind === 'references') {
        for (const entry of referenceRuns(sources)) {
          runs(entry, { roman, italic }, 10, colors.text, 0, 1.4, 16);
          y -= 3;
        }
      }
    }
    if (y < page.margin) throw new Error(`Page ${number} of the handout runs ${Math.round(page.margin - y)} pt past its bottom margin: shorten it.`);
    target.drawText(`Page ${number} of ${pages.length}`, { x: page.margin, y: page.margin / 2, size: 9, font: roman, color: colors.muted });
  }

  pages.forEach((blocks, i) => draw(pdf.addPage([page.width, page.height]), blocks, i + 1));
  return pdf.save({ useObjectStreams: true });
}

if (import.meta.main) {
  const bibliography = parseBibtex(readFileSync(new URL('../../chapters/references.bib', import.meta.url), 'utf8'));
  const out = new URL('../../public/handouts/chapter-1-handout.pdf', import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  const bytes = await makeHandout(bibliography);
  writeFileSync(out, bytes);
  console.log(`Wrote ${out.pathname} (${bytes.length} bytes, ${pages.length} pages)`);
}
