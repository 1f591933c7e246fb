/**
 * AUTHORING.md against the code it describes: every component and frontmatter field is documented as
 * the build checks it, every example it gives to copy passes those checks, and every picture and link
 * in it leads somewhere. (That each documented build error is what the build prints is checked by
 * tests/build/bad-input.test.ts, which builds the fixtures; the author check's messages, by tests/build/author-check.test.ts.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { bookComponents } from '../../src/components/book/book-components.ts';
import { componentRules, type PropRule } from '../../src/components/book/rules.ts';
import { componentsReference, componentsReferenceFile } from '../../tools/authoring-reference.ts';
import { mdxComponentCheck } from '../../integrations/mdx-component-check.ts';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { subpageSchema } from '../../src/schemas/subpage.ts';
import {
  anchorOf,
  authoringDoc,
  cellName,
  codeBlocks,
  documentedChecks,
  documentedErrors,
  headings,
  pictures,
  projectRoot,
  prose,
  section,
  tableRows,
} from '../support/authoring-doc.ts';

// Astro's image() resolves files; here an image path is just a string.
const context = { image: () => z.string() } as unknown as SchemaContext;
const schemas = { Chapter: chapterSchema(context), 'Sub-page': subpageSchema() };
type SchemaName = keyof typeof schemas;

/** Each field of a schema, nested ones as image.src, with whether it must be written. */
function fieldsOf(schema: z.ZodObject): { name: string; required: boolean }[] {
  return Object.entries(schema.shape).flatMap(([name, field]) => {
    const required = !(field as z.ZodType).safeParse(undefined).success;
    const nested = field instanceof z.ZodObject ? fieldsOf(field).map((inner) => ({ ...inner, name: `${name}.${inner.name}` })) : [];
    return [{ name, required }, ...nested];
  });
}

/** Compiles MDX as the build does, with the book's component check; throws the check's message. */
const compile = (source: string) => mdxToJs(source, { mdastPlugins: [mdxComponentCheck] });

/** Splits an example into its frontmatter (parsed) and its text. */
function splitExample(example: string): { frontmatter?: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(example);
  return match ? { frontmatter: parseYaml(match[1] ?? '') as Record<string, unknown>, body: match[2] ?? '' } : { body: example };
}

const componentsSection = section(authoringDoc, 'Components');
const fieldsSection = section(authoringDoc, 'Frontmatter fields');
/** What the Markdown elements the book replaces are documented under. */
const elementSections: Record<string, string> = { a: 'Links between pages' };

describe('AUTHORING.md documents each component', () => {
  const names = Object.keys(bookComponents).filter((name) => /^[A-Z]/.test(name));

  it('that chapters can use, and no other', () => {
    expect(headings(componentsSection, 3).sort()).toEqual(names.sort());
  });

  it.each(names)('%s: every prop, marked required as the build checks it', (name) => {
    const rules: Record<string, PropRule> = componentRules[name as keyof typeof componentRules];
    const rows = tableRows(section(componentsSection, name, 3)).map(([prop = '', required]) => [cellName(prop), required]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(rules).map(([prop, rule]) => [prop, rule.required ? 'yes' : 'no'])));
  });

  it.each(names)('%s: an example to copy and a picture of it', (name) => {
    const text = section(componentsSection, name, 3);
    expect(codeBlocks(text, 'mdx').some((example) => example.includes(`<${name}`))).toBe(true);
    expect(pictures(text).length).toBeGreaterThan(0);
  });

  it('and the Markdown elements the book draws its own way', () => {
    for (const element of Object.keys(bookComponents).filter((name) => /^[a-z]/.test(name))) {
      const documentedUnder = elementSections[element];
      expect(documentedUnder, `<${element}> is replaced by a book component: say where AUTHORING.md explains it`).toBeDefined();
      expect(() => section(authoringDoc, documentedUnder ?? '')).not.toThrow();
    }
  });
});

describe('AUTHORING.md lists each frontmatter field', () => {
  const rows = tableRows(fieldsSection);
  const header =
    fieldsSection
      .split('\n')
      .find((line) => line.startsWith('| Field |'))
      ?.split(' | ') ?? [];
  const column = (schema: SchemaName) => header.findIndex((cell) => cell.trim() === schema);

  it.each(Object.keys(schemas) as SchemaName[])('of a %s, marked required or optional as the schema has it', (name) => {
    const row = (field: string) => rows.find(([first = '']) => cellName(first) === field);
    for (const { name: field, required } of fieldsOf(schemas[name])) {
      expect(row(field)?.[column(name)], `${field} in the ${name} column`).toBe(required ? 'required' : 'optional');
    }
  });

  it('and no field the schemas do not have', () => {
    for (const [first = '', ...cells] of rows) {
      for (const name of Object.keys(schemas) as SchemaName[]) {
        const inSchema = fieldsOf(schemas[name]).some((field) => field.name === cellName(first));
        expect(cells[column(name) - 1] !== '—', `${cellName(first)} in the ${name} column`).toBe(inSchema);
      }
    }
  });

  it('with an example of each, which the schemas accept', () => {
    const examples = codeBlocks(fieldsSection, 'yaml').map((example) => parseYaml(example) as Record<string, unknown>);
    const shown = new Set(
      examples.flatMap((example) =>
        Object.entries(example).flatMap(([field, value]) => [field, ...Object.keys(value ?? {}).map((key) => `${field}.${key}`)]),
      ),
    );
    for (const name of Object.keys(schemas) as SchemaName[]) {
      for (const { name: field } of fieldsOf(schemas[name])) expect(shown, `an example of ${field}`).toContain(field);
    }
    for (const [field, value] of examples.flatMap((example) => Object.entries(example))) {
      const schema = Object.values(schemas).find((candidate) => field in candidate.shape)?.shape[field as 'title'];
      expect(schema?.safeParse(value).error?.issues ?? [], `${field}: ${JSON.stringify(value)}`).toEqual([]);
    }
  });
});

describe("AUTHORING.md's examples", () => {
  // The build errors section shows mistakes; every other example must work when copied.
  const examples = codeBlocks(authoringDoc.replace(section(authoringDoc, 'Build errors'), ''), 'mdx');

  it.each(examples.map((example) => [example.split('\n')[0], example]))('%s … builds as written', (_, example) => {
    const { frontmatter, body } = splitExample(example);
    expect(() => compile(body)).not.toThrow();
    if (!frontmatter) return;
    const schema = 'number' in frontmatter ? schemas.Chapter : schemas['Sub-page'];
    expect(schema.safeParse(frontmatter).error?.issues ?? []).toEqual([]);
  });

  it('include a whole chapter and a whole sub-page', () => {
    const frontmatters = examples.map((example) => splitExample(example).frontmatter).filter((data) => data !== undefined);
    expect(frontmatters.some((data) => 'number' in data)).toBe(true);
    expect(frontmatters.some((data) => 'chapter' in data)).toBe(true);
  });

  it('would be caught by the check if they were wrong', () => {
    expect(() => compile('<Box number={1}>\n\nText.\n\n</Box>\n')).toThrow('<Box> needs the prop "title"');
  });
});

describe('The components reference, docs/authoring/components.md', () => {
  const reference = readFileSync(join(projectRoot, componentsReferenceFile), 'utf8');

  it('is what npm run make:authoring-reference writes from the rules the build checks', () => {
    expect(reference).toBe(componentsReference());
  });

  it.each(codeBlocks(reference, 'mdx').map((example) => [example.split('\n')[0], example]))('%s … builds as written', (_, example) => {
    expect(() => compile(example)).not.toThrow();
  });
});

describe('The start page, docs/authoring/README.md', () => {
  const startPage = readFileSync(join(projectRoot, 'docs/authoring/README.md'), 'utf8');

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

describe("AUTHORING.md's pictures", () => {
  const folder = 'docs/authoring/pictures';
  const used = pictures(authoringDoc);

  it('each exist, with a description', () => {
    for (const { alt, src } of used) {
      expect(existsSync(join(projectRoot, src)), src).toBe(true);
      expect(alt.length, `description of ${src}`).toBeGreaterThan(20);
    }
  });

  it('are all used, and small enough to keep in the repository', () => {
    const files = readdirSync(join(projectRoot, folder));
    expect(files.map((file) => `${folder}/${file}`).sort()).toEqual([...new Set(used.map(({ src }) => src))].sort());
    const total = files.reduce((sum, file) => sum + statSync(join(projectRoot, folder, file)).size, 0);
    expect(total).toBeLessThan(400 * 1024);
  });
});

describe("AUTHORING.md's links and build errors", () => {
  it('link only to headings that exist', () => {
    const anchors = new Set(headings(authoringDoc, 2).concat(headings(authoringDoc, 3), headings(authoringDoc, 4)).map(anchorOf));
    for (const [, anchor] of prose(authoringDoc).matchAll(/\]\(#([^)]+)\)/g)) expect(anchors, `#${anchor}`).toContain(anchor);
  });

  it('name a fixture book for each error and each message of the author check', () => {
    const errors = documentedErrors();
    const checks = documentedChecks();
    expect(errors.length).toBeGreaterThan(20);
    expect(checks.length).toBeGreaterThan(5);
    for (const { fixture, message } of [...errors, ...checks]) {
      expect(existsSync(join(projectRoot, 'tests/fixtures/books', fixture)), fixture).toBe(true);
      expect(message.trim(), fixture).not.toBe('');
    }
  });
});
