/**
 * Every rule of the author check that reads one file (integrations/check/rules/) against its own examples, in memory:
 * each refused example gets exactly one finding, which says what the example says it does, and each accepted one
 * none. The troubleshooting page shows a rule's examples exactly as the check prints them, under the rule's entry.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFinding } from '../../integrations/check/findings.ts';
import type { FileRule } from '../../integrations/check/rule.ts';
import * as fileRules from '../../integrations/check/rules/index.ts';
import { sourceFile } from '../../integrations/check/source-files.ts';
import { entries } from '../../src/lib/troubleshooting.ts';
import { documentedRules, projectRoot } from '../support/authoring-doc.ts';

const rules: Record<string, FileRule> = fileRules;

/** An example as the second chapter of a book, which the check reads as it reads a chapter on disk. */
const inChapter = (text: string | Uint8Array) =>
  sourceFile(join(projectRoot, 'chapters/02-second.mdx'), typeof text === 'string' ? Buffer.from(text) : text, 'chapter');

describe.each(Object.entries(rules))('the rule %s', (_, rule) => {
  it.each(rule.examples.refused.map(([text, says]) => [says, text] as const))('refuses: %s', (says, text) => {
    const messages = rule.check(inChapter(text)).map((finding) => finding.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.startsWith(says), messages[0]).toBe(true);
  });

  it('lets its accepted examples be', () => {
    for (const text of rule.examples.accepted) expect(rule.check(inChapter(text))).toEqual([]);
  });
});

describe('docs/authoring/troubleshooting.md', () => {
  const shown = documentedRules();

  it('shows an example of every rule', () => {
    expect(new Set(shown.map(({ rule }) => rule))).toEqual(new Set(Object.keys(rules)));
  });

  it.each(shown.map((documented) => [`${documented.rule} ${documented.example}`, documented] as const))(
    'shows %s as the check prints it, under its entry',
    (_, { rule, example, message, headings }) => {
      const { check, examples, help } = rules[rule]!;
      const [finding] = check(inChapter(examples.refused[example - 1]![0]));
      expect(formatFinding(finding!).split('\n')[0]).toBe(message);
      expect(headings[0]).toBe(entries[finding!.help ?? help]);
    },
  );
});
