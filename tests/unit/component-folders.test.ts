/**
 * Each book component is one folder of src/components/book, listed in registry.ts: this holds every entry complete
 * (its props described, its renderings, examples and pictures) and every consumer of the registry covering it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { mdxComponentCheck } from '../../integrations/mdx-component-check.ts';
import { bookComponents } from '../../src/components/book/book-components.ts';
import { components, wordPropsOf } from '../../src/components/book/component-rules.ts';
import { z } from 'astro/zod';
import { defineComponent, flag, propsOf, words } from '../../src/components/book/define.ts';
import { editionComponents } from '../../src/editions/edition-components.ts';
import { standIns } from '../../tools/bench/starlight-book.ts';
import { checkBook } from '../../integrations/check/author-check.ts';
import { examplesOf } from '../../tools/make/authoring/components-reference.ts';
import { writeExampleChapters } from '../../tools/make/authoring/examples-book.ts';
import { guide, headings, projectRoot } from '../support/authoring-doc.ts';

const folder = join(projectRoot, 'src/components/book');
const names = Object.keys(components);

describe('The book components', () => {
  it('are the folders of src/components/book, each listed once in the registry', () => {
    const folders = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s: its props each say what they are for, and its folder draws it for the web and the editions', (name) => {
    for (const [prop, { purpose }] of Object.entries(propsOf(components[name]!))) expect(purpose, `${name}'s ${prop}`).toMatch(/\w{3}/);
    expect(existsSync(join(folder, name, `${name}.astro`))).toBe(true);
    expect(existsSync(join(folder, name, `Edition${name}.astro`))).toBe(true);
  });

  it.each(names)('%s: its examples use it and pass the build check, and its pictures exist', (name) => {
    const examples = examplesOf(name);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      expect(example).toContain(`<${name}`);
      expect(() => mdxToJs(example, { mdastPlugins: [mdxComponentCheck] })).not.toThrow();
    }
    const { pictures } = components[name]!;
    expect(pictures.length).toBeGreaterThan(0);
    for (const { file } of pictures) expect(existsSync(join(projectRoot, 'docs/authoring/pictures', file)), file).toBe(true);
  });

  it("have examples that, together in a chapter as the guide's pictures show them, pass the author check", async () => {
    const chapters = writeExampleChapters(join(projectRoot, 'tests/.output/component-examples'));
    const { findings } = await checkBook({ dir: chapters, project: projectRoot, external: false });
    expect(findings.filter((finding) => finding.kind !== 'uncited').map(({ line, message }) => `${line}: ${message}`)).toEqual([]);
  });

  it('are each covered by every map that renders them, the reference and the benchmark', () => {
    expect(Object.keys(bookComponents).filter((name) => name !== 'a')).toEqual(names);
    expect(Object.keys(editionComponents).filter((name) => !['a', 'Cite', 'References'].includes(name))).toEqual(names);
    expect(headings(guide['components.md'], 2).sort()).toEqual([...names].sort());
    expect(Object.keys(standIns()).sort()).toEqual([...names].sort());
  });
});

describe('A component definition', () => {
  const withProp = (schema: z.ZodType) => defineComponent({ props: z.object({ prop: schema }), about: 'A test.', pictures: [] });

  it.each([
    ['a switch with a default', flag('on or off').default(false)],
    ['words that may be null', words('a title').nullable()],
    ['a fixed value', z.literal('x').describe('a value')],
    ['a list', z.array(z.string()).describe('values')],
  ])('whose prop the check cannot read (%s) is refused, not checked as text', (_, schema) => {
    expect(() => propsOf(withProp(schema))).toThrow('is not built from define.ts');
  });

  it("says which of its props are words, spelt and typeset; an HTML element's are its title and alt", () => {
    expect(wordPropsOf('Embed')).toEqual(['title', 'source']);
    expect(wordPropsOf('KeyFigure')).toEqual(['value', 'label']);
    expect(wordPropsOf('Annex')).toEqual(['title']);
    expect(wordPropsOf('abbr')).toEqual(['title', 'alt']);
  });

  it('reads what its helpers make, optional or not', () => {
    expect(propsOf(withProp(words('a title').optional())).prop).toMatchObject({ kind: 'text', required: false, words: true, purpose: 'a title' });
  });
});
