import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { typography } from '../../integrations/component-typography.ts';
import { typeset } from '../../src/lib/typography.ts';

describe('text set as the Markdown sets it', () => {
  it('curls quotes and apostrophes, and makes -- an en dash and ... an ellipsis', () => {
    expect(typeset(`The world's "megacities", 1950--2050 ...`)).toBe('The world’s “megacities”, 1950–2050 …');
  });

  it("sets a component's words (title, caption, source), never an address, and keeps what it holds", () => {
    const code = String(
      mdxToJs(
        `<Figure label="Map 1" caption="The world's cities" source="UN's data" alt="A 'map'">\n\n![A map](./images/map's.svg)\n\n</Figure>\n\n<Embed kind="video" src="https://example.org/it's" title="Heat's toll" source="WHO" />\n`,
        { mdastPlugins: [typography] },
      ).code,
    );
    expect(code).toContain('caption: "The world’s cities"');
    expect(code).toContain('source: "UN’s data"');
    expect(code).toContain('alt: "A ‘map’"');
    expect(code).toContain('title: "Heat’s toll"');
    expect(code).toContain('src: "https://example.org/it\'s"');
    expect(code).toContain("./images/map's.svg");
  });
});
