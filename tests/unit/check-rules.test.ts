/**
 * Every rule of the author check (integrations/check/rules/) against its own examples, in memory: a file rule's each
 * the text of a chapter after its frontmatter (or a whole file's bytes), a book rule's a book of such files: each
 * refused example gets exactly one finding from all the rules together, from its own rule and saying what the example
 * says it does; each accepted one none. The troubleshooting page shows a rule's examples exactly as the check prints
 * them, under the entry the printed line links to.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFinding } from '../../integrations/check/findings.ts';
import { bookRuleFindings, readable, ruleFindings, withoutFollowOns } from '../../integrations/check/author-check.ts';
import {
  type BookRule,
  exampleBookOf,
  exampleChapter,
  exampleFindings,
  type FileRule,
  printedExample,
  type Rule,
} from '../../integrations/check/rule.ts';
import * as everyRule from '../../integrations/check/rules/index.ts';
import { anchorOf, documentedRules, projectRoot } from '../support/authoring-doc.ts';

const rules: Record<string, Rule> = everyRule;
const fileRules = Object.entries(rules).filter((entry): entry is [string, FileRule] => 'check' in entry[1]);
const bookRules = Object.entries(rules).filter((entry): entry is [string, BookRule] => 'checkBook' in entry[1]);

/** This book's word list and bibliography, which a file rule's example chapter is checked with, as a chapter of it. */
const ofThisBook = Object.fromEntries(['words.txt', 'references.bib'].map((name) => [name, readFileSync(join(projectRoot, 'chapters', name))]));

/**
 * What every rule finds in an example chapter, as author-check.ts runs them and reports them (one message for one
 * mistake): the file rules (most only in a file the check can read), then the book rules on this book's word list and
 * bibliography with that one chapter (whose sources are not cited nowhere: the other chapters are not read).
 */
const allFindings = async (text: string | Uint8Array) => {
  const { file, book } = exampleChapter(text, ofThisBook);
  const inBook = { ...book, files: book.all.filter(readable), whole: false };
  return withoutFollowOns([...ruleFindings([file], readable(file) ? [file] : [], book.map), ...(await bookRuleFindings(inBook))]);
};

/** What every rule finds in a book. */
const bookFindings = async (files: Parameters<typeof exampleBookOf>[0]) => {
  const book = exampleBookOf(files);
  return [...ruleFindings(book.files, book.files, book.map), ...(await bookRuleFindings(book))];
};

describe.each(fileRules)('the rule %s', (_, rule) => {
  it.each(rule.examples.refused.map(([text, says]) => [says, text] as const))('refuses, alone: %s', async (says, text) => {
    const { file, book } = exampleChapter(text);
    if (!rule.everyFile) expect(readable(file), 'an example the check reads').toBe(true);
    const messages = rule.check(file, book.map).map((finding) => finding.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.startsWith(says), messages[0]).toBe(true);
    // One mistake, one message: no other rule reports the example too.
    expect((await allFindings(text)).map((finding) => finding.message)).toEqual(messages);
  });

  it('lets its accepted examples be', async () => {
    for (const text of rule.examples.accepted) expect(await allFindings(text)).toEqual([]);
  });
});

describe.each(bookRules)('the book rule %s', (name, rule) => {
  it.each(rule.examples.refused.map(([files, says], at) => [says, files, at + 1] as const))('refuses, alone: %s', async (says, files, example) => {
    for (const file of exampleBookOf(files).files) expect(readable(file), `${file.file}, an example the check reads`).toBe(true);
    const messages = (await exampleFindings(rule, example)).map((finding) => finding.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.startsWith(says), messages[0]).toBe(true);
    expect(
      (await bookFindings(files)).map((finding) => finding.message),
      `one message for ${name}'s example`,
    ).toEqual(messages);
  });

  it('lets its accepted examples be', async () => {
    for (const files of rule.examples.accepted) expect(await bookFindings(files)).toEqual([]);
  });
});

describe('docs/authoring/troubleshooting.md', () => {
  const shown = documentedRules();

  it('shows an example of every rule, and of no other', () => {
    const named = new Set(shown.map(({ rule }) => rule));
    const unshown = Object.keys(rules).filter((rule) => !named.has(rule));
    expect(
      unshown,
      "rules whose examples the page shows none of: add { rule: 'name', example: N } to the help of the entry their messages link to",
    ).toEqual([]);
    expect(
      [...named].filter((rule) => !(rule in rules)),
      'examples of rules that do not exist',
    ).toEqual([]);
  });

  it.each(shown.map((documented) => [`${documented.rule} ${documented.example}`, documented] as const))(
    'shows %s as the check prints it, under the entry it links to',
    async (_, { rule, example, message, headings }) => {
      const [printed = ''] = (await exampleFindings(rules[rule]!, example)).map(formatFinding);
      expect(await printedExample(rules[rule]!, example)).toBe(message);
      expect(printed).toContain(`See docs/authoring/troubleshooting.md#${anchorOf(headings[0] ?? '')}`);
    },
  );
});
