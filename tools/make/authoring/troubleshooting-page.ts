/**
 * docs/authoring/troubleshooting.md, from the help each module keeps beside the messages it prints (`help`, of type
 * Help): the check's rules, the book's components and the modules below, under the headings and in the sections of
 * src/lib/troubleshooting.ts. Help for one entry may come from several modules; an entry with no help, or help for no
 * entry, stops the writing.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as componentRules from '../../../src/components/book/component-rules.ts';
import * as chapterFiles from '../../../src/lib/chapter-files.ts';
import * as chapterRules from '../../../src/lib/chapter-rules.ts';
import * as frontmatterMistakes from '../../../src/lib/frontmatter-mistakes.ts';
import { type Entry, entries, type Help, sections } from '../../../src/lib/troubleshooting.ts';
import * as messages from '../../../src/schemas/messages.ts';
import * as externalLinks from '../../../integrations/check/external-links.ts';
import { printedExample, type Rule } from '../../../integrations/check/rule.ts';
import * as fileRules from '../../../integrations/check/rules/index.ts';
import * as mdxComponentCheck from '../../../integrations/mdx-component-check.ts';
import { checkBook } from '../../../integrations/check/author-check.ts';
import { formatFinding, isWarning, sortFindings } from '../../../integrations/check/findings.ts';
import { shownPath } from '../../../integrations/check/source-files.ts';
import { writeFixtureBook } from '../../common/fixture-books.ts';
import { projectRoot } from '../../common/scratch-project.ts';

/** Every module's help, beside the rules' and the components'. */
export const helpers: Help[] = [
  ...[externalLinks, mdxComponentCheck, messages, frontmatterMistakes, chapterFiles, chapterRules, componentRules].map((module) => module.help),
  ...Object.values(fileRules).map((rule) => rule.help ?? {}),
  ...Object.values(componentRules.components).map((component) => component.help ?? {}),
];

/** What the page says before its sections of entries (src/lib/troubleshooting.ts), after them, and at the start of some. */
const before = [
  '## When the build is refused',
  [
    'While the check finds a problem, `npm run build` prints its lines and builds nothing: `dist/` keeps the last good book,',
    "which `npm start` serves. The check reads every file of the book, the members' cards and pictures included.",
  ].join('\n'),
];
const sectionStarts: Partial<Record<keyof typeof sections, string>> = {
  'Mistakes in the frontmatter': 'Each field, with what it takes, is in [Frontmatter](frontmatter.md).',
  'Mistakes in components': 'What each component and prop takes is in [Components](components.md).',
  Citations: 'See [Citing sources](writing-a-chapter.md#citing-sources).',
};
const after = [
  '## Something looks wrong, and nothing was reported',
  '### A page is not on the contents page',
  'It is a draft, or in a draft chapter (see [Drafts](writing-a-chapter.md#drafts)).',
  '### The search finds nothing in the preview',
  '`npm run dev` has no search: run `npm start` to try it.',
  '### A change is not on the published site',
  "The publishing workflow builds it a few minutes after it reaches the main branch; if it failed, its log ends with\nthe check's lines.",
];

/** A rule by its name in rules/index.ts. */
function ruleNamed(name: string): Rule {
  const rule = (fileRules as Record<string, Rule>)[name];
  if (!rule) throw new Error(`The author check has no rule ${name} (integrations/check/rules/index.ts).`);
  return rule;
}

/** What the build (its check first) prints for a fixture book (tests/fixtures/books), its folder shown as chapters/. */
async function buildMessage(name: string): Promise<string> {
  const dir = writeFixtureBook(name, join(tmpdir(), 'troubleshooting-books', name));
  const [first] = sortFindings((await checkBook({ dir, project: projectRoot, external: false })).findings.filter((finding) => !isWarning(finding)));
  if (!first) throw new Error(`The fixture book ${name} has no mistake the build refuses.`);
  const [message = ''] = formatFinding(first).split(/\n {2}See /);
  return message.replaceAll(`${shownPath(dir)}/`, 'chapters/');
}

/** Each entry's help: what every module that gives some says, in the order of `helpers`. */
function helpOf(given: Help[]): Map<Entry, NonNullable<Help[Entry]>> {
  const found = new Map<Entry, NonNullable<Help[Entry]>>();
  for (const [entry, help] of given.flatMap((help) => Object.entries(help))) {
    if (!(entry in entries))
      throw new Error(`Help for "${entry}", which is no entry of the troubleshooting page: add its heading to src/lib/troubleshooting.ts.`);
    const before = found.get(entry as Entry);
    found.set(entry as Entry, { about: [...(before?.about ?? []), ...(help.about ?? [])], shows: [...(before?.shows ?? []), ...(help.shows ?? [])] });
  }
  return found;
}

/** An entry's text below its heading: what to know, then each message it shows, one after another (as the check runs its rules). */
async function entryText(help: NonNullable<Help[Entry]>): Promise<string[]> {
  const shown: string[] = [];
  for (const example of help.shows ?? []) {
    const [comment, message] =
      'rule' in example
        ? [`rule: ${example.rule} ${example.example}`, await printedExample(ruleNamed(example.rule), example.example)]
        : [`fixture: ${example.build}`, await buildMessage(example.build)];
    shown.push(`<!-- ${comment} -->\n\`\`\`text\n${message}\n\`\`\``);
  }
  return [...(help.about?.length ? [help.about.join('\n')] : []), ...shown];
}

/** The troubleshooting page, as Markdown, from every module's help (or those given). */
export async function troubleshootingPage(given = helpers): Promise<string> {
  const help = helpOf(given);
  const lost = (Object.keys(entries) as Entry[]).filter((entry) => !help.has(entry));
  if (lost.length > 0) throw new Error(`Troubleshooting entries without help: ${lost.join(', ')}`);
  const blocks = [
    '# Troubleshooting',
    '<!-- Written by npm run make:authoring-reference from the help beside each message (see tools/make/authoring/troubleshooting-page.ts): edit that, not this file. -->',
    [
      '`npm run check`, `npm run build` and the preview (`npm run dev`) print each problem alike:',
      '`file:line:column: Kind: what is wrong and how to fix it`, then `See docs/authoring/troubleshooting.md#…`, its entry',
      'here. Each example is what the check or the build prints for a small book that makes that one mistake.',
    ].join('\n'),
    ...before,
  ];
  for (const [section, named] of Object.entries(sections)) {
    blocks.push(`## ${section}`, ...(section in sectionStarts ? [sectionStarts[section as keyof typeof sections]!] : []));
    for (const [entry, heading] of Object.entries(named) as [Entry, string][])
      blocks.push(...(heading === section ? [] : [`### ${heading}`]), ...(await entryText(help.get(entry)!)));
  }
  return `${[...blocks, ...after].join('\n\n')}\n`;
}
