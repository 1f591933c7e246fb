/**
 * What a book component is. Each is one folder, listed in registry.ts: Box/box.ts defines it (its props as a Zod
 * schema, which the author check holds every use to and the guide's reference lists, and what the check and the guide
 * need to know of it besides); Box/Box.astro draws it for the web, Box/EditionBox.astro for paper and e-readers, each
 * with its styles; Box/*.mdx are its examples to copy.
 */
import { z } from 'astro/zod';
import type { Help } from '../../lib/troubleshooting.ts';

/** Words a reader sees (a title, a caption): spelt and typeset like the text around them. */
export const words = (purpose: string) => z.string().meta({ description: purpose, words: true });
/** An address: the link check follows it. */
export const address = (purpose: string) => z.string().meta({ description: purpose, address: true });
/** Text that is neither words nor an address (an annex's number, 1.1). */
export const text = (purpose: string) => z.string().describe(purpose);
export const wholeNumber = (purpose: string) => z.number().int().positive().describe(purpose);
/** A prop written alone (annex), true when present. */
export const flag = (purpose: string) => z.boolean().describe(purpose);
export const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values, purpose: string) => z.enum(values).describe(purpose);

/** A prop as the check and the guide read it. */
export interface Prop {
  kind: 'text' | 'number' | 'flag' | 'oneOf';
  required: boolean;
  /** What it is for, in an author's words; messages repeat it. */
  purpose: string;
  /** A oneOf's values. */
  values: readonly string[];
  words: boolean;
  address: boolean;
}

/** A prop as written in MDX: a quoted string, an {expression}, or a bare name (true). */
export type WrittenValue = string | { expression: string } | true;

export interface WrittenProp {
  name: string;
  value: WrittenValue;
}

/**
 * A screenshot of the component's examples in the guide (docs/authoring/pictures), as npm run make:authoring-pictures
 * takes it in a book made of the examples (tools/make/authoring/examples-book.ts).
 */
export interface Picture {
  file: string;
  alt: string;
  /** What it shows: the first element each selector finds among its examples, together. */
  show: string[];
  /** And what a reader's action draws over the page (a dialog, a tip's bubble): the first each finds on the page. */
  over?: string[];
  /** Where to cut a long part short: below the first element this selector finds on the page. */
  cutBelow?: string;
  /** What a reader does first: open the box shown, focus the tip's button, or open an activity (by number). */
  before?: 'open' | 'focus' | { activity: number };
  /** The window, where not a reading width tall enough for any component (a slide fills its window). */
  viewport?: { width: number; height: number };
}

export interface BookComponent {
  props: z.ZodObject;
  /** What it is for and how to write it beyond its props: its entry in the guide's reference. */
  about: string;
  pictures: Picture[];
  /** It holds the author's text: empty, it would show a title over nothing. */
  holdsText?: boolean;
  /** What a reader sees it as when it stands on lines of its own ('box'): it is never written inside a sentence. */
  block?: string;
  /** What a reader calls it ('tip') when its words show in a small pop-up at the end of a sentence: no link, block or heading fits there. */
  popup?: string;
  /** Where its text is out of sight until the reader acts ('dialog'): no heading of the page's list of sections may lead there. */
  hides?: string;
  /** It is written only in a slide deck (book/slides/), where it makes one slide. */
  decks?: boolean;
  /** A reader finds it by a prop (Box 2, Map 1): one of each per page, at its own address. */
  numbered?: { by: string; id: (value: string) => string; name: (value: string) => string };
  /** What the troubleshooting page says under the entries its own messages link to. */
  help?: Help;
  /** Mistakes its props alone do not show (`text()`: the words it holds, outside code and {…}), each a message with its help (withHelp). */
  check?: (props: WrittenProp[], hasChildren: boolean, text: () => string) => string[];
  /** The one message for a prop it does not take but other tools do (<Figure src>), instead of "an unknown prop". */
  strangerProp?: (prop: WrittenProp, props: WrittenProp[], hasChildren: boolean) => string | undefined;
}

export const defineComponent = <Component extends BookComponent>(component: Component) => component;

const readProps = new WeakMap<BookComponent, Record<string, Prop>>();

/** Each prop of a component, as the check and the guide read it (read from its schema once). */
export function propsOf(component: BookComponent): Record<string, Prop> {
  const read = readProps.get(component) ?? readSchema(component);
  readProps.set(component, read);
  return read;
}

function readSchema(component: BookComponent): Record<string, Prop> {
  return Object.fromEntries(
    Object.entries(component.props.shape).map(([name, schema]) => {
      const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
      const meta = inner.meta() ?? {};
      const kind = inner instanceof z.ZodNumber ? 'number' : inner instanceof z.ZodBoolean ? 'flag' : inner instanceof z.ZodEnum ? 'oneOf' : 'text';
      // The check and the guide know these shapes only: anything else would be checked as text, wrongly.
      const known = inner instanceof z.ZodString || inner instanceof z.ZodNumber || inner instanceof z.ZodBoolean || inner instanceof z.ZodEnum;
      if (!known || (schema !== inner && !(schema instanceof z.ZodOptional)))
        throw new Error(`The prop "${name}" is not built from define.ts (words, address, text, wholeNumber, flag or oneOf, optionally .optional()).`);
      return [
        name,
        {
          kind,
          required: !schema.isOptional(),
          purpose: schema.description ?? inner.description ?? '',
          values: inner instanceof z.ZodEnum ? (inner.options as string[]) : [],
          words: meta['words'] === true,
          address: meta['address'] === true,
        } satisfies Prop,
      ];
    }),
  );
}
