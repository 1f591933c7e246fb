/**
 * `npm run make:authoring-reference`: writes docs/authoring/components.md, the components reference, from the
 * rules the build checks every component against (src/components/book/rules.ts), so the two never disagree;
 * tests/unit/authoring-doc.test.ts fails when the committed file is not what this writes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ComponentName, componentRules, type PropRule } from '../src/components/book/rules.ts';

/** What each component is, in an author's words; the props come from the rules. */
const about: Record<ComponentName, { what: string; holds: boolean; inline?: true }> = {
  Box: { what: 'A numbered box of background material, closed until the reader opens it.', holds: true },
  Tip: {
    what: 'A small round button at the end of a sentence; pointing at it, tabbing to it or tapping it shows the tip.',
    holds: true,
    inline: true,
  },
  Activity: { what: 'A large button that opens an activity (a discussion, a video, an essay) in a window.', holds: true },
  Figure: { what: 'A numbered figure with its caption and source: a chart the book draws, or one picture inside it.', holds: true },
  Embed: { what: 'A video, slide deck or PDF in a frame, with its title and source under it.', holds: false },
  Annex: { what: 'A numbered annex at the end of a chapter, holding an embed or material to download.', holds: true },
  LinkButton: { what: 'A link drawn as a large button, such as "Continue to Chapter 2".', holds: true },
  TeachingResources: { what: "The note that points instructors to the authors' course site; it takes nothing.", holds: false },
};

/** A value that passes the rule, for the example line. */
function sample(name: string, rule: PropRule): string {
  switch (rule.type.kind) {
    case 'number':
      return `${name}={1}`;
    case 'flag':
      return name;
    case 'oneOf':
      return `${name}="${rule.type.values[0]}"`;
    default:
      return `${name}="…"`;
  }
}

function typeOf(rule: PropRule): string {
  switch (rule.type.kind) {
    case 'number':
      return 'a number in curly brackets';
    case 'flag':
      return 'the name alone, no value';
    case 'oneOf':
      return `one of ${rule.type.values.map((value) => `"${value}"`).join(', ')}`;
    default:
      return 'text in double quotes';
  }
}

/** The components reference, as Markdown. */
export function componentsReference(): string {
  const parts = [
    '# Components',
    '',
    '<!-- Written by npm run make:authoring-reference from src/components/book/rules.ts: edit those, not this file. -->',
    '',
    'The components a chapter uses without importing anything. A mistake in one (a missing or misspelt prop, a wrong',
    'value) stops `npm run check` and the build with the file, the line and the fix. Examples with pictures of each',
    'are in [AUTHORING.md](../../AUTHORING.md#components).',
  ];
  for (const [name, rules] of Object.entries(componentRules) as [ComponentName, Record<string, PropRule>][]) {
    const { what, holds, inline } = about[name];
    const props = Object.entries(rules);
    const required = props.filter(([, rule]) => rule.required).map(([prop, rule]) => sample(prop, rule));
    const opening = [name, ...required].join(' ');
    const example = !holds ? `<${opening} />` : inline ? `A sentence. <${opening}>…</${name}>` : `<${opening}>\n\n…\n\n</${name}>`;
    parts.push('', `## ${name}`, '', what, '', '```mdx', example, '```');
    if (props.length > 0) {
      parts.push('', '| Prop | Required | Written as | What it is for |', '| :-- | :-- | :-- | :-- |');
      for (const [prop, rule] of props) parts.push(`| \`${prop}\` | ${rule.required ? 'yes' : 'no'} | ${typeOf(rule)} | ${rule.purpose} |`);
    }
  }
  return `${parts.join('\n')}\n`;
}

/** Where the reference is written, from the project's root. */
export const componentsReferenceFile = 'docs/authoring/components.md';

if (import.meta.main) {
  writeFileSync(join(import.meta.dirname, '..', componentsReferenceFile), componentsReference());
  console.log(`Written ${componentsReferenceFile}`);
}
