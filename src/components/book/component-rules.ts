import { type Entry, withHelp, type Help } from '../../lib/troubleshooting.ts';
import { closestField } from '../../schemas/messages.ts';
import { type BookComponent, type Prop, propsOf, type WrittenProp, type WrittenValue } from './define.ts';
import * as registry from './registry.ts';

/**
 * Each use of a book component in MDX against its definition (its folder's <name>.ts, as box.ts). The build checks every use
 * (integrations/mdx-component-check.ts), so a mistake stops it with the file, the line and the fix instead of
 * rendering a broken page; the author check runs the same.
 */
export const components: Record<string, BookComponent> = Object.fromEntries(Object.entries(registry).sort(([a], [b]) => (a < b ? -1 : 1)));

export type ComponentName = keyof typeof registry;

/** The component an element is, if it is one of the book's (not an HTML element, nor one the file imports). */
export const componentOf = (name: string | null | undefined): BookComponent | undefined =>
  name && Object.hasOwn(components, name) ? components[name] : undefined;

/**
 * The props of an element that are words a reader sees (never an address or a number), spelt and typeset: a book
 * component's as its schema says; an HTML element's title and alt.
 */
export function wordPropsOf(name: string | null | undefined): string[] {
  const component = componentOf(name);
  if (!component) return ['title', 'alt'];
  return Object.entries(propsOf(component)).flatMap(([prop, { words }]) => (words ? [prop] : []));
}

/** The problems with one use of a component, each a sentence naming the prop and the fix; empty when it is right. */
export function checkComponentUse(name: ComponentName, props: WrittenProp[], hasChildren: boolean, text = () => ''): string[] {
  const component = components[name]!;
  const rules = propsOf(component);
  const allowed = Object.keys(rules);
  const problems: string[] = [];
  for (const { name: prop, value } of props) {
    const rule = rules[prop];
    const stranger = rule ? undefined : component.strangerProp?.({ name: prop, value }, props, hasChildren);
    if (stranger) return [...problems, stranger, ...missingProps(name, rules, props)];
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
    const problem = checkValue(rule, value);
    if (problem) problems.push(withHelp(`<${name}> prop "${prop}" ${problem.text} (${prop}: ${rule.purpose}.)`, problem.help));
  }
  problems.push(...missingProps(name, rules, props));
  problems.push(...(component.check?.(props, hasChildren, text) ?? []));
  return problems;
}

/** The required props not written (a misspelt one is named as that, not as missing). */
function missingProps(name: ComponentName, rules: Record<string, Prop>, props: WrittenProp[]): string[] {
  return Object.entries(rules).flatMap(([prop, rule]) => {
    const misspelt = props.some((written) => !rules[written.name] && closestField(written.name, [prop]) !== undefined);
    return rule.required && !props.some((p) => p.name === prop) && !misspelt
      ? [withHelp(`<${name}> needs the prop "${prop}": ${rule.purpose}.`, 'propMissing')]
      : [];
  });
}

/** What is wrong with a prop's value, and the troubleshooting entry about it; undefined when it is right. */
function checkValue(type: Prop, value: WrittenValue): { text: string; help: Entry } | undefined {
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

/** Where a numbered component puts itself (box-1) and what readers call it ("Box 1"), from the prop that numbers it. */
export function placeOf(name: string | null | undefined, valueOf: (prop: string) => string | undefined): { id: string; name: string } | undefined {
  const numbered = componentOf(name)?.numbered;
  const value = numbered && valueOf(numbered.by);
  return numbered && value ? { id: numbered.id(value), name: numbered.name(value) } : undefined;
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  propMissing: {
    shows: [{ build: 'figure-without-caption' }],
  },
  unknownProp: {
    about: ['A misspelt required prop is also missing: correcting the spelling fixes both lines.'],
    shows: [{ build: 'unknown-prop' }],
  },
  propEmpty: {
    shows: [{ build: 'empty-tip-label' }],
  },
  propNumber: {
    about: ['Only annexes take numbers with a point, in quotes: `number="1.2"`.'],
    shows: [{ build: 'decimal-activity-number' }],
  },
  propOneOf: {
    shows: [{ build: 'unknown-embed-kind' }],
  },
  propSwitch: {
    shows: [{ build: 'annex-with-value' }],
  },
  noProps: {
    shows: [{ build: 'prop-on-teaching-resources' }],
  },
};
