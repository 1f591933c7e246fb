/**
 * Components where readers would not find them as meant: a block inside a tip or a sentence, a box or an activity with
 * nothing inside, a slide outside a deck or text between slides, a box inside a box, and numbers out of order, used
 * twice, or an annex numbered for another chapter (readers and links reach the first).
 */
import { componentOf, components, placeOf } from '../../../src/components/book/component-rules.ts';
import { propsOf } from '../../../src/components/book/define.ts';
import type { Finding } from '../findings.ts';
import { attributeValue, endOf, startOf, walk } from '../mdast.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** Components that hold the author's text: empty, they show a title over nothing. */
const holders = new Set(Object.entries(components).flatMap(([name, component]) => (component.holdsText ? [name] : [])));

/** Components that make a block of their own (what a reader sees them as): never inside a sentence or a tip's few words. */
const blocks = new Map(Object.entries(components).flatMap(([name, component]) => (component.block ? [[name, component.block] as const] : [])));

function checkPlacement(file: SourceFile): Finding[] {
  if (!file.tree) return [];
  const findings: Finding[] = [];
  const numbers = new Map<string, number>();
  const lastNumber = new Map<string, number>();
  const chapter = file.kind === 'chapter' ? file.frontmatter['number'] : file.frontmatter['chapter'];
  walk(file.tree, (node, ancestors) => {
    const where = { file: file.file, ...file.at(startOf(node)) };
    const place = placeOf(node.name, (prop) => attributeValue(node, prop));
    const popup = ancestors.find((ancestor) => componentOf(ancestor.name)?.popup);
    const block = node.name && blocks.has(node.name) && popup ? node.name : undefined;
    if (block) {
      const noun = componentOf(popup!.name)!.popup;
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: `A <${block}> inside a <${popup!.name}>: a ${noun} holds a few words, shown in a small pop-up. Close the ${noun} before it and put the ${blocks.get(block)} after the paragraph.`,
      });
    } else if (node.type === 'mdxJsxTextElement' && node.name && blocks.has(node.name))
      findings.push({
        ...where,
        kind: 'component',
        help: 'textMistakes',
        message: `<${node.name}> is written inside a line of text, so the page would show it inside a sentence, not as ${/^[aeiou]/.test(blocks.get(node.name) ?? '') ? 'an' : 'a'} ${blocks.get(node.name)} of its own. ${
          file.source.slice(0, endOf(node)).endsWith('/>')
            ? `Put <${node.name} … /> on a line of its own.`
            : `Put <${node.name} …> and </${node.name}> each on a line of its own, with the text between them.`
        }`,
      });
    if (node.name && holders.has(node.name) && (node.children ?? []).length === 0)
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: `A <${node.name}> with nothing inside: readers would open it onto nothing. Write its text between <${node.name} …> and </${node.name}>.`,
      });
    if (componentOf(node.name)?.decks && file.kind !== 'slides')
      findings.push({
        ...where,
        kind: 'component',
        message:
          `A <${node.name}> belongs in a slide deck (a file in book/slides/): in a page it would show as a heading and a number. ` +
          'Put the slides in a deck, and show the deck here with <Embed kind="slides" src="/slides/its-file-name" title="…" source="…" />.',
      });
    const loose =
      file.kind === 'slides' &&
      ancestors.length === 0 &&
      !['yaml', 'mdxjsEsm', 'mdxFlowExpression'].includes(node.type) &&
      !componentOf(node.name)?.decks;
    if (loose)
      findings.push({
        ...where,
        kind: 'component',
        help: 'unreadMarkdown',
        message: 'Text between the slides, outside any <Slide>: it would show on no slide. Put it inside the <Slide> it belongs to.',
      });
    if (node.name === 'Box' && ancestors.some((ancestor) => ancestor.name === 'Box'))
      findings.push({
        ...where,
        kind: 'component',
        help: 'duplicateActivity',
        message: 'A <Box> inside another <Box>: a reader would open two to find it. Close the first box before this one starts.',
      });
    if (node.name === 'Annex' && typeof chapter === 'number') {
      const number = attributeValue(node, 'number') ?? '';
      if (number && !number.startsWith(`${chapter}.`))
        findings.push({
          ...where,
          kind: 'component',
          help: 'duplicateActivity',
          message: `Annex ${number} is in chapter ${chapter}, whose annexes are ${chapter}.1, ${chapter}.2 and on. Number it ${chapter}.N.`,
        });
    }
    // Boxes, activities and figures are numbered in the order they come: Box 5 after Box 1 leaves readers looking for 2 to 4.
    // A series is numbered by a whole number (Box 1, Box 2) or by a label's last number (Map 1, Figure 2).
    const definition = componentOf(node.name);
    const numbered = definition?.numbered;
    const byLabel = numbered?.by === 'label';
    const counted = numbered && (byLabel || propsOf(definition!)[numbered.by]?.kind === 'number');
    const written = counted ? attributeValue(node, numbered.by) : undefined;
    const series = !counted ? undefined : byLabel ? /^(\D+)\s/.exec(written ?? '')?.[1] : node.name!;
    const ordinal = Number(/(\d+)$/.exec(written ?? '')?.[1]);
    // One whose number is missing (reported by the component rules) holds its place in the order.
    if (series && !byLabel && written === undefined) lastNumber.set(series, (lastNumber.get(series) ?? 0) + 1);
    if (series && Number.isInteger(ordinal) && ordinal > 0) {
      const previous = lastNumber.get(series) ?? 0;
      if (ordinal > previous + 1)
        findings.push({
          ...where,
          kind: 'component',
          help: 'duplicateActivity',
          message: `${series} ${ordinal} comes after ${previous === 0 ? 'no other' : `${series} ${previous}`}: number them in the order they come, from 1. Make this one ${series} ${previous + 1}.`,
        });
      // A number used twice (reported on its own) was meant as the next one: the order goes on from there.
      lastNumber.set(series, ordinal <= previous ? previous + 1 : ordinal);
    }
    if (!place) return;
    const [component, key] = [node.name!, place.name];
    // Labels that differ only in capitals give one address (figure-1).
    const first = numbers.get(key.toLowerCase());
    if (first === undefined) numbers.set(key.toLowerCase(), where.line);
    else {
      findings.push({
        ...where,
        kind: 'component',
        help: 'duplicateActivity',
        message: `${key} is already on line ${first}: readers and links would reach the first one. Give each ${component.toLowerCase()} its own number.`,
      });
    }
  });
  return findings;
}

export default defineRule({
  check: checkPlacement,
  help: {
    duplicateActivity: {
      shows: [
        { rule: 'componentPlacement', example: 1 },
        { rule: 'componentPlacement', example: 2 },
      ],
    },
  },
  examples: {
    refused: [
      ['<Box number={1} title="Maya cities">\n\nText.\n\n</Box>\n\n<Box number={1} title="Rome">\n\nText.\n\n</Box>\n', 'Box 1 is already on line 9'],
      [
        '<Activity number={1} title="Cities">\n\nText.\n\n</Activity>\n\n<Activity number={1} title="Health">\n\nText.\n\n</Activity>\n',
        'Activity 1 is already on line 9',
      ],
      ['<Box number={2} title="Rome">\n\nText.\n\n</Box>\n', 'Box 2 comes after no other: number them in the order they come, from 1'],
      ['<Box number={1} title="Maya cities">\n\n<Box number={2} title="Rome">\n\nText.\n\n</Box>\n\n</Box>\n', 'A <Box> inside another <Box>'],
      ['<Box number={1} title="Maya cities">\n</Box>\n', 'A <Box> with nothing inside'],
      [
        'Cities grew. <Tip label="Note">See <Figure label="Figure 1" chart="world-cities" caption="Cities." source="UN." /></Tip>\n',
        'A <Figure> inside a <Tip>',
      ],
      ['Cities grew, as <Box number={1} title="Maya cities">shows</Box> here.\n', '<Box> is written inside a line of text'],
      ['<Slide number={1} title="Cities">\n\nText.\n\n</Slide>\n', 'A <Slide> belongs in a slide deck'],
    ],
    accepted: [
      '<Box number={1} title="Maya cities">\n\nText.\n\n</Box>\n\n<Box number={2} title="Rome">\n\nText.\n\n</Box>\n\n<Figure label="Map 1" chart="world-cities" caption="Cities." source="UN." />\n',
    ],
  },
});
