import { bookConfig } from '../../book.config.ts';
import { type EmbedKind, embedKinds, resolveEmbed } from '../../lib/embeds.ts';
import { type Entry, withHelp } from '../../lib/troubleshooting.ts';
import { closestField } from '../../schemas/messages.ts';

/**
 * The components authors write in chapter MDX, and the props each accepts. The build checks every
 * use against this table (integrations/mdx-component-check.ts), so a mistake stops the build
 * with the file, the line and the fix instead of rendering a broken page.
 */
type PropKind = { kind: 'text' } | { kind: 'number' } | { kind: 'flag' } | { kind: 'oneOf'; values: readonly string[] };

export interface PropRule {
  type: PropKind;
  required?: boolean;
  /** What the prop is for, in an author's words; the error message repeats it. */
  purpose: string;
}

const text = { kind: 'text' } as const;
const number = { kind: 'number' } as const;
const flag = { kind: 'flag' } as const;

/** The props of the components that are words a reader sees (never an address or a number): spelt and typeset. */
export const wordProps = ['title', 'caption', 'source', 'label', 'alt'] as const;

export const componentRules = {
  Box: {
    number: { type: number, required: true, purpose: 'the box number, as in number={1}' },
    title: { type: text, required: true, purpose: 'the heading shown after "Box N"' },
  },
  Tip: {
    label: { type: text, required: true, purpose: 'the kind of tip, such as "Suggested reading"' },
  },
  Activity: {
    number: { type: number, required: true, purpose: 'the activity number, as in number={1}' },
    title: { type: text, required: true, purpose: 'what the activity asks, shown in its dialog' },
  },
  Figure: {
    label: { type: text, required: true, purpose: 'the figure number, such as "Figure 1" or "Map 1"' },
    caption: { type: text, required: true, purpose: 'the sentence shown under the figure' },
    source: { type: text, required: true, purpose: 'where the data or picture comes from' },
    chart: {
      type: { kind: 'oneOf', values: ['world-cities', 'urban-rural-population'] },
      purpose: 'a chart drawn from the data in src/data/figures',
    },
    alt: { type: text, purpose: 'a description of the picture for readers who cannot see it' },
  },
  Embed: {
    kind: { type: { kind: 'oneOf', values: embedKinds }, required: true, purpose: 'what is embedded' },
    src: { type: text, required: true, purpose: 'the address of the video, slides or PDF' },
    title: { type: text, required: true, purpose: 'the name of the video, slides or PDF' },
    source: { type: text, required: true, purpose: 'who made it or where it is published' },
    annex: { type: flag, purpose: 'the wider size used in annexes' },
  },
  Annex: {
    number: { type: text, required: true, purpose: 'the annex number, such as "1.1"' },
    title: { type: text, required: true, purpose: 'the heading shown after "Annex N"' },
  },
  LinkButton: {
    href: { type: text, required: true, purpose: 'the address the button goes to' },
  },
  TeachingResources: {},
  Slide: {
    number: { type: number, required: true, purpose: 'the slide number, as in number={1}; the title slide before it has none' },
    title: { type: text, required: true, purpose: 'the heading of the slide' },
    source: { type: text, purpose: 'where its facts come from, shown small at its foot' },
  },
} as const satisfies Record<string, Record<string, PropRule>>;

export type ComponentName = keyof typeof componentRules;

/** An attribute as written in MDX: a quoted string, an {expression}, or a bare name (true). */
type WrittenValue = string | { expression: string } | true;

export interface WrittenProp {
  name: string;
  value: WrittenValue;
}

/** The problems with one use of a component, each a sentence naming the prop and the fix; empty when it is right. */
export function checkComponentUse(name: ComponentName, props: WrittenProp[], hasChildren: boolean): string[] {
  const rules: Record<string, PropRule> = componentRules[name];
  const allowed = Object.keys(rules);
  const problems: string[] = [];
  for (const { name: prop, value } of props) {
    const rule = rules[prop];
    // <Figure src="…">, as in HTML or other tools: the picture goes inside, and that one message says so.
    if (name === 'Figure' && !rule && /^(src|image|img|href)$/.test(prop) && typeof value === 'string' && !hasChildren) {
      const alt = props.find((written) => written.name === 'alt')?.value;
      problems.push(
        withHelp(
          `<Figure> takes its picture inside it, not as "${prop}": write the picture on a line of its own between <Figure …> and </Figure>, as ![${typeof alt === 'string' ? alt : 'what the picture shows'}](${value}).`,
          'figureEmpty',
        ),
      );
      return [...problems, ...missingProps(name, rules, props)];
    }
    if (!rule) {
      // A slip in a prop's name (tittle=) is that one mistake, not also the prop it meant missing.
      const meant = closestField(
        prop,
        allowed.filter((other) => !props.some((written) => written.name === other)),
      );
      problems.push(
        allowed.length === 0
          ? withHelp(`<${name}> takes no props, but has "${prop}". Remove it.`, 'noProps')
          : withHelp(
              `<${name}> has an unknown prop "${prop}".${meant ? ` Did you mean "${meant}"?` : ''} It accepts: ${allowed.join(', ')}.`,
              'unknownProp',
            ),
      );
      continue;
    }
    const problem = checkValue(rule.type, value);
    if (problem) problems.push(withHelp(`<${name}> prop "${prop}" ${problem.text} (${prop}: ${rule.purpose}.)`, problem.help));
  }
  problems.push(...missingProps(name, rules, props));
  if (name === 'Figure') problems.push(...checkFigure(props, hasChildren));
  if (name === 'Embed') problems.push(...checkEmbedHost(props));
  return problems;
}

/** The required props not written (a misspelt one is named as that, not as missing). */
function missingProps(name: ComponentName, rules: Record<string, PropRule>, props: WrittenProp[]): string[] {
  return Object.entries(rules).flatMap(([prop, rule]) => {
    const misspelt = props.some((written) => !rules[written.name] && closestField(written.name, [prop]) !== undefined);
    return rule.required && !props.some((p) => p.name === prop) && !misspelt
      ? [withHelp(`<${name}> needs the prop "${prop}": ${rule.purpose}.`, 'propMissing')]
      : [];
  });
}

/** What is wrong with a prop's value, and the troubleshooting entry about it; undefined when it is right. */
function checkValue(type: PropKind, value: WrittenValue): { text: string; help: Entry } | undefined {
  const literal = typeof value === 'string' ? value : value === true ? undefined : value.expression.trim();
  switch (type.kind) {
    case 'text':
      if (value === true) return { text: 'has no value.', help: 'propEmpty' };
      if (typeof value === 'string' && value.trim() === '') return { text: 'is empty.', help: 'propEmpty' };
      // {"…"} is text too; {2.1} a number, which the component cannot use as its words.
      if (literal !== undefined && typeof value !== 'string' && !/^(["'`])[\s\S]*\1$/.test(literal))
        return { text: `is words, written in quotes: "${literal}", not {${literal}}.`, help: 'propEmpty' };
      return undefined;
    case 'number':
      return literal !== undefined && /^\d+$/.test(literal) && Number(literal) > 0
        ? undefined
        : { text: `must be a whole number of 1 or more, such as {1}, not ${JSON.stringify(literal ?? true)}.`, help: 'propNumber' };
    case 'flag':
      return value === true || literal === 'true' || literal === 'false'
        ? undefined
        : { text: 'is a switch: write it alone, with no value.', help: 'propSwitch' };
    case 'oneOf':
      return typeof value === 'string' && type.values.includes(value)
        ? undefined
        : { text: `must be one of ${type.values.map((v) => `"${v}"`).join(', ')}, not ${JSON.stringify(literal ?? true)}.`, help: 'propOneOf' };
  }
}

/** A figure shows either a built-in chart or one Markdown image placed inside it; a picture needs words for readers who cannot see it. */
function checkFigure(props: WrittenProp[], hasChildren: boolean): string[] {
  const chart = props.some((p) => p.name === 'chart');
  if (chart && hasChildren) return [withHelp('<Figure> has both a chart and content inside it. Keep one of them.', 'figureBoth')];
  if (!chart && !hasChildren) {
    return [
      withHelp(
        '<Figure> shows nothing. Put a Markdown image inside it (![description](./images/file.svg)) or name a chart with chart="…".',
        'figureEmpty',
      ),
    ];
  }
  return [];
}

/** A frame from another site must come from one the content security policy allows, or readers would see it refused. */
function checkEmbedHost(props: WrittenProp[]): string[] {
  const kind = props.find((p) => p.name === 'kind')?.value;
  const src = props.find((p) => p.name === 'src')?.value;
  if (typeof src !== 'string' || !/^https?:\/\//.test(src) || !embedKinds.includes(kind as EmbedKind)) return [];
  const frame = new URL(resolveEmbed(kind as EmbedKind, src).frameSrc);
  if (bookConfig.embedHosts.includes(frame.origin)) return [];
  if (/(^|\.)(youtube\.com|youtu\.be)$/.test(frame.hostname))
    return [
      withHelp(
        `${src} is a YouTube page, not one video: only a video can play in the page. Use the address of one video (https://www.youtube.com/watch?v=…), or link to the page with <LinkButton>.`,
        'embedHost',
      ),
    ];
  return [
    withHelp(
      `<Embed> src "${src}" is shown from ${frame.host}, which the book's content security policy does not allow in a frame. ` +
        `Use a YouTube address or a file in public/, or add "${frame.origin}" to embedHosts in src/book.config.ts.`,
      'embedHost',
    ),
  ];
}
