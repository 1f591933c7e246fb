/**
 * docs/authoring/components.md, from each component's folder (src/components/book/<Name>/): what it is for, its props
 * (the schema the build checks every use against), its examples to copy (*.mdx) and its pictures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Prop, propsOf } from '../../../src/components/book/define.ts';
import { components } from '../../../src/components/book/component-rules.ts';

const folder = join(import.meta.dirname, '../../../src/components/book');

/** A component's examples to copy: the .mdx files of its folder, in name order, each compiled by a test with the build's check. */
export const examplesOf = (name: string): string[] =>
  readdirSync(join(folder, name))
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .map((file) => readFileSync(join(folder, name, file), 'utf8').trimEnd());

/** How a prop is written, as an example. */
function writtenAs(name: string, rule: Prop): string {
  switch (rule.kind) {
    case 'number':
      return `\`${name}={1}\``;
    case 'flag':
      return `\`${name}\` alone`;
    case 'oneOf': {
      const values = rule.values.map((value, at) => `\`${at === 0 ? `${name}=` : ''}"${value}"\``);
      return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');
    }
    default:
      return `\`${name}="…"\``;
  }
}

/** The components reference, as Markdown. */
export function componentsReference(): string {
  const parts = [
    '# Components',
    '',
    '<!-- Written by npm run make:authoring-reference from the folders of src/components/book: edit those, not this file. -->',
    '',
    'A component adds what Markdown cannot. Write its name between `<` and `>`, with its props (its settings): text in',
    'straight double quotes, `title="…"`, numbers in curly brackets, `number={1}`. One that holds text has an opening and',
    'a closing tag, `<Box …>` … `</Box>`, with an empty line after the first and before the second; one that holds',
    'nothing ends with `/>`. `npm run check` names each mistake with its line and its fix (see',
    '[Troubleshooting](troubleshooting.md#mistakes-in-components)).',
  ];
  for (const [name, component] of Object.entries(components)) {
    parts.push('', `## ${name}`, '', component.about);
    const props = Object.entries(propsOf(component));
    if (props.length > 0) {
      parts.push('', '| Prop | Required | Written as | What for |', '| :-- | :-- | :-- | :-- |');
      for (const [prop, rule] of props) parts.push(`| \`${prop}\` | ${rule.required ? 'yes' : 'no'} | ${writtenAs(prop, rule)} | ${rule.purpose} |`);
    }
    for (const example of examplesOf(name)) parts.push('', '```mdx', example, '```');
    for (const { file, alt } of component.pictures) parts.push('', `![${alt}](pictures/${file})`);
  }
  return `${parts.join('\n')}\n`;
}
