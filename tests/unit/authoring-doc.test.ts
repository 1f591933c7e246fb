/**
 * The authors' guide (docs/authoring) against the code it describes: the components and frontmatter references are
 * what their generator writes from the rules and schemas the build checks with, every example to copy passes those
 * checks, every picture and link leads somewhere, and every troubleshooting entry the messages link to exists.
 * (That each documented message is what the build and the check print, with the link to its entry, is checked by
 * tests/build/bad-input.test.ts and tests/build/author-check.test.ts, which run them on the fixture books.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { mdxComponentCheck } from '../../integrations/mdx-component-check.ts';
import { bookComponents } from '../../src/components/book/book-components.ts';
import { components } from '../../src/components/book/component-rules.ts';
import { propsOf } from '../../src/components/book/define.ts';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { memberSchema } from '../../src/schemas/member.ts';
import { prefaceSchema } from '../../src/schemas/preface.ts';
import { slidesSchema } from '../../src/schemas/slides.ts';
import { subpageSchema } from '../../src/schemas/subpage.ts';
import { entries, type Help, helpLine } from '../../src/lib/troubleshooting.ts';
import { references } from '../../tools/make/authoring-reference.ts';
import { fieldsOf } from '../../tools/make/authoring/frontmatter-reference.ts';
import { helpers, troubleshootingPage } from '../../tools/make/authoring/troubleshooting-page.ts';
import {
  anchorOf,
  codeBlocks,
  documentedErrors,
  guide,
  headings,
  pictures,
  projectRoot,
  prose,
  section,
  tableRows,
  cellName,
  troubleshootingDoc,
} from '../support/authoring-doc.ts';

// Astro's image() resolves files; here an image path is just a string.
const context = { image: () => z.string() } as unknown as SchemaContext;
/** Each kind of file the frontmatter reference documents, by its heading there. */
const schemas: Record<string, z.ZodObject> = {
  Chapters: chapterSchema(context),
  'Sub-pages': subpageSchema(),
  'The preface': prefaceSchema(),
  'Slide decks': slidesSchema(),
  Members: memberSchema(context),
};

/** Each field of a schema, nested ones as image.src, with whether it must be written (as the reference lists them). */
function flatFieldsOf(schema: z.ZodObject): { name: string; required: boolean }[] {
  const flat = (fields: ReturnType<typeof fieldsOf>, prefix = ''): { name: string; required: boolean }[] =>
    fields.flatMap((field) => [{ name: prefix + field.name, required: field.required }, ...flat(field.nested, `${prefix}${field.name}.`)]);
  return flat(fieldsOf(schema));
}

/** Compiles MDX as the build does, with the book's component check; throws the check's message. */
const compile = (source: string) => mdxToJs(source, { mdastPlugins: [mdxComponentCheck] });

/** Splits an example into its frontmatter (parsed) and its text. */
function splitExample(example: string): { frontmatter?: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(example);
  return match ? { frontmatter: parseYaml(match[1] ?? '') as Record<string, unknown>, body: match[2] ?? '' } : { body: example };
}

/** What the Markdown elements the book replaces are documented under, in writing-a-chapter.md. */
const elementSections: Record<string, string> = { a: 'Links between pages' };

describe('The generated references', () => {
  it.each(Object.entries(references))('%s is what npm run make:authoring-reference writes', async (file, write) => {
    expect(guide[file.replace('docs/authoring/', '') as keyof typeof guide]).toBe(await write());
  });
});

describe('The components reference, docs/authoring/components.md', () => {
  const reference = guide['components.md'];
  const names = Object.keys(bookComponents).filter((name) => /^[A-Z]/.test(name));

  it('documents the components chapters can use, and no other', () => {
    expect(headings(reference, 2).sort()).toEqual(names.sort());
  });

  it.each(names)('%s: every prop, marked required as the build checks it, an example and a picture', (name) => {
    const text = section(reference, name);
    const rows = tableRows(text).map(([prop = '', required]) => [cellName(prop), required]);
    const rules = propsOf(components[name]!);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(rules).map(([prop, rule]) => [prop, rule.required ? 'yes' : 'no'])));
    expect(codeBlocks(text, 'mdx').some((example) => example.includes(`<${name}`))).toBe(true);
    expect(pictures(text).length).toBeGreaterThan(0);
  });

  it.each(codeBlocks(reference, 'mdx').map((example) => [example.split('\n')[0], example]))('%s … builds as written', (_, example) => {
    expect(() => compile(example)).not.toThrow();
  });

  it('and the Markdown elements the book draws its own way are explained in writing-a-chapter.md', () => {
    for (const element of Object.keys(bookComponents).filter((name) => /^[a-z]/.test(name))) {
      const documentedUnder = elementSections[element];
      expect(documentedUnder, `<${element}> is replaced by a book component: say where the guide explains it`).toBeDefined();
      expect(() => section(guide['writing-a-chapter.md'], documentedUnder ?? '')).not.toThrow();
    }
  });
});

describe('The frontmatter reference, docs/authoring/frontmatter.md', () => {
  const reference = guide['frontmatter.md'];

  it.each(Object.keys(schemas))('%s: every field, marked as the schema has it, with an example the schema accepts', (heading) => {
    const text = section(reference, heading);
    const schema = schemas[heading] as z.ZodObject;
    const rows = Object.fromEntries(tableRows(text).map(([field = '', required]) => [cellName(field), required]));
    expect(rows).toEqual(Object.fromEntries(flatFieldsOf(schema).map(({ name, required }) => [name, required ? 'yes' : 'no'])));
    const [example = ''] = codeBlocks(text, 'yaml');
    const data = parseYaml(example.replace(/^---\n|\n---$/g, '')) as Record<string, unknown>;
    expect(schema.safeParse(data).error?.issues ?? []).toEqual([]);
    for (const [field = '', , , written = ''] of tableRows(text)) {
      const name = cellName(field);
      const value = /^`(.+)`$/.exec(written)?.[1]?.replaceAll('\\|', '|');
      if (!value || name.includes('.')) continue;
      const yaml = value.startsWith('- ') ? `${name}:\n  ${value}` : `${name}: ${value}`;
      const shape = schema.shape[name] as z.ZodType;
      expect(shape.safeParse((parseYaml(yaml) as Record<string, unknown>)[name]).error?.issues ?? [], yaml).toEqual([]);
    }
  });
});

describe('writing-a-chapter.md', () => {
  const page = guide['writing-a-chapter.md'];
  const examples = codeBlocks(page, 'mdx');

  it.each(examples.map((example) => [example.split('\n')[0], example]))('%s … builds as written', (_, example) => {
    const { frontmatter, body } = splitExample(example);
    expect(() => compile(body)).not.toThrow();
    if (!frontmatter) return;
    const schema = ('number' in frontmatter ? schemas.Chapters : schemas['Sub-pages']) as z.ZodObject;
    expect(schema.safeParse(frontmatter).error?.issues ?? []).toEqual([]);
  });

  it('includes a whole chapter and a whole sub-page', () => {
    const frontmatters = examples.map((example) => splitExample(example).frontmatter).filter((data) => data !== undefined);
    expect(frontmatters.some((data) => 'number' in data)).toBe(true);
    expect(frontmatters.some((data) => 'chapter' in data)).toBe(true);
  });

  it('whose examples would be caught by the check if they were wrong', () => {
    expect(() => compile('<Box number={1}>\n\nText.\n\n</Box>\n')).toThrow('<Box> needs the prop "title"');
  });
});

describe("The guide's length", () => {
  const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;
  // A page the generator writes is looked up, not read through: it is counted entry by entry (## or ###), apart from the prose.
  const generated = new Set(Object.keys(references).map((file) => file.replace('docs/authoring/', '')));
  const prosePages = (Object.keys(guide) as (keyof typeof guide)[]).filter((page) => !generated.has(page));

  it('the start page and the how-to pages read in well under an hour: at most 8,000 words', () => {
    expect(prosePages).toContain('README.md');
    expect(prosePages.reduce((sum, page) => sum + wordsIn(guide[page]), 0)).toBeLessThanOrEqual(8000);
  });

  it.each([...generated])('each entry of the generated %s is short: at most 400 words', (page) => {
    const entries = guide[page as keyof typeof guide].split(/^#{2,3} /m).slice(1);
    expect(entries.length).toBeGreaterThan(0);
    const long = entries.map((entry) => ({ entry: entry.split('\n')[0], words: wordsIn(entry) })).filter(({ words }) => words > 400);
    expect(long).toEqual([]);
  });
});

describe('The start page, docs/authoring/README.md', () => {
  const startPage = guide['README.md'];

  it('is a ten-minute read: at most 700 words', () => {
    expect(startPage.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(700);
  });

  it.each(codeBlocks(startPage, 'mdx').map((example) => [example.split('\n')[0], example]))('%s … builds as written', (_, example) => {
    expect(() => compile(example)).not.toThrow();
  });

  it('has a snippet for a picture, Box, Activity, Tip, Figure and Embed', () => {
    const snippets = codeBlocks(startPage, 'mdx').join('\n');
    for (const part of ['![', '<Box', '<Activity', '<Tip', '<Figure', '<Embed']) expect(snippets).toContain(part);
  });
});

describe("The guide's pictures", () => {
  const folder = 'docs/authoring/pictures';
  const used = Object.values(guide).flatMap((page) => pictures(page));

  it('each exist, with a description', () => {
    for (const { alt, src } of used) {
      expect(existsSync(join(projectRoot, 'docs/authoring', src)), src).toBe(true);
      expect(alt.length, `description of ${src}`).toBeGreaterThan(20);
    }
  });

  it('are all used, and small enough to keep in the repository', () => {
    const files = readdirSync(join(projectRoot, folder));
    expect(files.map((file) => `pictures/${file}`).sort()).toEqual([...new Set(used.map(({ src }) => src))].sort());
    const total = files.reduce((sum, file) => sum + statSync(join(projectRoot, folder, file)).size, 0);
    expect(total).toBeLessThan(400 * 1024);
  });
});

describe("The guide's links", () => {
  const anchorsOf = (page: string) => new Set([1, 2, 3, 4].flatMap((level) => headings(page, level)).map(anchorOf));

  it.each(Object.keys(guide))('in %s lead to a page and a heading that exist', (name) => {
    const page = guide[name as keyof typeof guide];
    for (const [, target = '', anchor] of prose(page).matchAll(/\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
      const file = target === '' ? join(projectRoot, 'docs/authoring', name) : join(projectRoot, 'docs/authoring', target);
      if (/\.(png|svg|jpg)$/.test(target) && target.startsWith('./images/')) continue;
      expect(existsSync(file), `${name}: ${target}`).toBe(true);
      if (!anchor) continue;
      const linked = target === '' ? page : (guide[target as keyof typeof guide] ?? '');
      expect(anchorsOf(linked), `${name}: ${target}#${anchor}`).toContain(anchor);
    }
  });

  it("from the project's README lead to the guide, which replaces AUTHORING.md", () => {
    expect(existsSync(join(projectRoot, 'AUTHORING.md'))).toBe(false);
    expect(readFileSync(join(projectRoot, 'README.md'), 'utf8')).toContain('](docs/authoring/README.md)');
  });
});

describe('The troubleshooting page, docs/authoring/troubleshooting.md', () => {
  it('is not written while an entry has no help, or help is given for no entry; help from several modules is joined', async () => {
    await expect(troubleshootingPage([{ spelling: { about: ['Check the word list.'] } }])).rejects.toThrow(
      /without help: templateText, brokenLink, /,
    );
    await expect(troubleshootingPage([...helpers, { nonsense: {} } as Help])).rejects.toThrow('Help for "nonsense", which is no entry');
    const joined = await troubleshootingPage([...helpers, { spelling: { about: ['A second module says this.'] } }]);
    expect(section(joined, 'Spelling', 3)).toMatch(/See \[the word list\][\s\S]*A second module says this\.[\s\S]*<!-- rule: spelling 1 -->/);
  });

  const anchors = new Set([2, 3, 4].flatMap((level) => headings(troubleshootingDoc, level)).map(anchorOf));

  it.each(Object.entries(entries))('has the entry %s, which messages link to', (entry, heading) => {
    expect(anchors).toContain(anchorOf(heading));
    expect(helpLine(entry as keyof typeof entries)).toBe(`See docs/authoring/troubleshooting.md#${anchorOf(heading)}`);
  });

  it('names a fixture book for each error of the build it shows', () => {
    const errors = documentedErrors();
    expect(errors.length).toBeGreaterThan(20);
    for (const { fixture, message } of errors) {
      expect(existsSync(join(projectRoot, 'tests/fixtures/books', fixture)), fixture).toBe(true);
      expect(message.trim(), fixture).not.toBe('');
    }
  });
});
