import { describe, expect, it } from 'vitest';
import { countWords, readableText, readingMinutes, readingTimeOf } from '../../src/lib/reading-time.ts';

describe('the words a reader sees in an MDX page', () => {
  it.each([
    ['plain prose', 'Cities grow fastest where health services are thinnest.', 8],
    ['Markdown emphasis, headings and lists', '## Overview\n\n- *megacities* of **ten** million', 5],
    ["words joined by an apostrophe, a hyphen or a number's comma", "the world's UN-Habitat counts 2,000 structures", 6],
    ['a link: its text, not its address', '[Ancient lowland Maya](https://doi.org/10.1016/S0140-6736(12)60435-8) complexity', 4],
    ['a picture: neither its description nor its file', '![A diagram of eight nested circles](./images/health-map.svg) Below it.', 2],
    ['a bare address', 'See https://example.org/a/long/path for more', 3],
    ['the text inside a box, and its title', '<Box number={1} title="Lessons from Maya cities">\n\nWater was stored.\n\n</Box>', 7],
    ['a tip inside a paragraph', 'Infrastructure. <Tip label="Suggested reading">Szreter S. 2003.</Tip>', 5],
    [
      'a component over several lines: its caption, not its names and addresses',
      '<Figure\n  label="Map 1"\n  chart="world-cities"\n  caption="Cities by size."\n/>',
      5,
    ],
    [
      'an embed: its title and source, not its kind or address',
      '<Embed kind="video" src="https://www.youtube.com/watch?v=x" title="The best stats" source="TED (2006)" />',
      5,
    ],
    ['HTML wrappers, imports and comments', 'import X from "./x";\n<div class="activities">\n{/* a note */}<!-- another -->Text here.\n</div>', 2],
    ['nothing at all', '', 0],
  ])('counts %s', (_, mdx, words) => expect(countWords(readableText(mdx))).toBe(words));
});

describe('reading time', () => {
  it.each([
    [0, 1],
    [1, 1],
    [299, 1],
    [300, 2],
    [1000, 5],
    [1099, 5],
    [1100, 6],
  ])('%i words take %i minute(s) at 200 words a minute, rounded, at least one', (words, minutes) => expect(readingMinutes(words)).toBe(minutes));

  it('reads a page of 600 words inside a box in 3 minutes', () => {
    expect(readingTimeOf(`<Box number={2} title="x">\n\n${'word '.repeat(600)}\n\n</Box>`)).toBe(3);
  });
});
