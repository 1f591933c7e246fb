import { z } from 'astro/zod';
import { withHelp } from '../../../lib/troubleshooting.ts';
import { defineComponent, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    value: words('the figure itself, with its unit, such as "1.1 billion" or "55 per cent"'),
    label: words('what the number counts, with its year, such as "people lived in slums in 2020"'),
  }),
  about:
    'One number set large in the text, with what it counts and its source, for the figure a reader should remember. Write the source inside it as a citation, `[@key]`, and give the year in the label.',
  pictures: [
    {
      file: 'key-figure.png',
      alt: "The example's key figure: '1.1 billion', what it counts, with its year, and its source.",
      show: ['.key-figure'],
    },
  ],
  block: 'key figure',
  // A number a reader will quote needs the source that gives it.
  check: (_props, _hasChildren, text) =>
    /(^|[^\p{L}\p{N}_@])-?@[\p{L}\p{N}_]/u.test(text())
      ? []
      : [
          withHelp(
            '<KeyFigure> needs its source as a citation: write [@key] between <KeyFigure …> and </KeyFigure>, the key of its source in chapters/references.bib.',
            'propMissing',
          ),
        ],
});
