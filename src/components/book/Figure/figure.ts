import { z } from 'astro/zod';
import { withHelp } from '../../../lib/troubleshooting.ts';
import { defineComponent, oneOf, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    label: words('the figure number, such as "Figure 1" or "Map 1"'),
    caption: words('the sentence shown under the figure'),
    source: words('where the data or picture comes from'),
    chart: oneOf(['world-cities', 'urban-rural-population'], 'a chart drawn from the data in src/data/figures').optional(),
    alt: words('a description of the picture for readers who cannot see it').optional(),
  }),
  about:
    'A numbered figure with its caption and source: a chart the book draws from data, or one picture inside it. A new kind of chart needs a developer.',
  pictures: [
    {
      file: 'figure-chart.png',
      alt: "The example's Figure 1: a line chart of the world's urban and rural population, with its caption and source.",
      show: ['#figure-1', '#figure-1 + .figure__data'],
    },
    {
      file: 'figure-picture.png',
      alt: "The example's Figure 2: the health map's nested coloured circles, with its caption and source.",
      show: ['#figure-2'],
    },
  ],
  block: 'figure',
  numbered: { by: 'label', id: (label) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name: (label) => label },
  // A figure shows either a built-in chart or one Markdown image placed inside it.
  check(props, hasChildren) {
    const chart = props.some((p) => p.name === 'chart');
    if (chart && hasChildren) return [withHelp('<Figure> has both a chart and content inside it. Keep one of them.', 'figureBoth')];
    if (!chart && !hasChildren)
      return [
        withHelp(
          '<Figure> shows nothing. Put a Markdown image inside it (![description](./images/file.svg)) or name a chart with chart="…".',
          'figureEmpty',
        ),
      ];
    return [];
  },
  // <Figure src="…">, as in HTML or other tools: the picture goes inside, and that one message says so.
  strangerProp({ name, value }, props, hasChildren) {
    if (!/^(src|image|img|href)$/.test(name) || typeof value !== 'string' || hasChildren) return undefined;
    const alt = props.find((written) => written.name === 'alt')?.value;
    return withHelp(
      `<Figure> takes its picture inside it, not as "${name}": write the picture on a line of its own between <Figure …> and </Figure>, as ![${typeof alt === 'string' ? alt : 'what the picture shows'}](${value}).`,
      'figureEmpty',
    );
  },
  help: {
    figureEmpty: {
      shows: [{ build: 'empty-figure' }],
    },
    figureBoth: {
      shows: [{ build: 'figure-with-chart-and-picture' }],
    },
    figureAlt: {
      shows: [{ build: 'figure-without-alt' }],
    },
  },
});
