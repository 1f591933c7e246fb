import { describe, expect, it } from 'vitest';
import { checkComponentUse } from '../../src/components/book/component-rules.ts';
import { propsOf } from '../../src/components/book/define.ts';
import { Figure } from '../../src/components/book/registry.ts';
import { charts } from '../../src/figures/chart-list.ts';
import { mdxToJs } from 'satteri';
import { importedNames, mdxComponentCheck } from '../../integrations/mdx-component-check.ts';
import { deckOf, resolveEmbed } from '../../src/lib/embeds.ts';
import { formatSize } from '../../src/lib/file-size.ts';
import { withHelp } from '../../src/lib/troubleshooting.ts';

describe('the component rules', () => {
  it('name exactly the charts that exist', () => {
    const values = propsOf(Figure).chart!.values;
    expect([...values].sort()).toEqual(Object.keys(charts).sort());
  });

  it('accept correct uses', () => {
    expect(
      checkComponentUse(
        'Box',
        [
          { name: 'number', value: { expression: '1' } },
          { name: 'title', value: 'Maya cities' },
        ],
        true,
      ),
    ).toEqual([]);
    expect(
      checkComponentUse(
        'Embed',
        [
          { name: 'kind', value: 'slides' },
          { name: 'src', value: '/slides/introduction' },
          { name: 'title', value: 'Slides' },
          { name: 'source', value: 'This book' },
          { name: 'annex', value: true },
        ],
        false,
      ),
    ).toEqual([]);
    expect(
      checkComponentUse(
        'Figure',
        [
          { name: 'label', value: 'Figure 2' },
          { name: 'caption', value: 'A map.' },
          { name: 'source', value: 'Drawn here' },
        ],
        true,
      ),
    ).toEqual([]);
  });

  it('name the prop and the fix for each mistake', () => {
    expect(
      checkComponentUse(
        'Embed',
        [
          { name: 'kind', value: 'audio' },
          { name: 'src', value: 'x' },
          { name: 'title', value: 't' },
          { name: 'source', value: 's' },
        ],
        false,
      ),
    ).toEqual([withHelp('<Embed> prop "kind" must be one of "video", "slides", "pdf", not "audio". (kind: what is embedded.)', 'propOneOf')]);
    expect(
      checkComponentUse(
        'Box',
        [
          { name: 'number', value: 'one' },
          { name: 'titel', value: 'x' },
        ],
        true,
      ),
    ).toEqual([
      withHelp(
        '<Box> prop "number" must be a whole number of 1 or more, such as {1}, not "one". (number: the box number, as in number={1}.)',
        'propNumber',
      ),
      // The slip is the one mistake: the prop it meant is not also missing.
      withHelp('<Box> has an unknown prop "titel". Did you mean "title"? It accepts: number, title.', 'unknownProp'),
    ]);
    expect(checkComponentUse('Tip', [{ name: 'label', value: '  ' }], true)).toEqual([
      withHelp('<Tip> prop "label" is empty. (label: the kind of tip, such as "Suggested reading".)', 'propEmpty'),
    ]);
    expect(checkComponentUse('TeachingResources', [{ name: 'href', value: 'x' }], false)).toEqual([
      withHelp('<TeachingResources> takes no props, but has "href". Remove it.', 'noProps'),
    ]);
  });

  it('want a figure to show one thing: a chart or a picture', () => {
    const base = [
      { name: 'label', value: 'Map 1' },
      { name: 'caption', value: 'Cities.' },
      { name: 'source', value: 'GeoNames' },
    ];
    expect(checkComponentUse('Figure', base, false)).toEqual([expect.stringContaining('<Figure> shows nothing.')]);
    expect(checkComponentUse('Figure', [...base, { name: 'chart', value: 'world-cities' }], true)).toEqual([
      withHelp('<Figure> has both a chart and content inside it. Keep one of them.', 'figureBoth'),
    ]);
    expect(checkComponentUse('Figure', [...base, { name: 'chart', value: 'world-citys' }], false)).toEqual([
      expect.stringContaining('prop "chart" must be one of "world-cities", "urban-rural-population"'),
    ]);
  });
});

describe('a key figure', () => {
  const keyFigure = (inside: string) => () =>
    mdxToJs(`<KeyFigure value="1.1 billion" label="people in slums in 2020">${inside}</KeyFigure>\n`, { mdastPlugins: [mdxComponentCheck] });
  const refused = '<KeyFigure> needs its source as a citation';

  it.each(['[@un2023]', '[@un2023, p. 12]', '@un2023', '[see @un2023; @who2022air]', '\n\n[@un2023]\n\n', '[@ésaïe2020]'])(
    'takes its source as a citation, however written: %j',
    (inside) => expect(keyFigure(inside)).not.toThrow(),
  );

  it.each(['', 'UN-Habitat (2022)', '`[@un2023]`', '{/* [@un2023] */}', '[write to a@b.org]', '[UN @un2023](https://example.org)'])(
    'refuses a source that is no citation a reader would see: %j',
    (inside) => expect(keyFigure(inside)).toThrow(refused),
  );
});

describe('the MDX check', () => {
  it('leaves alone the components a chapter imports itself', () => {
    expect([
      ...importedNames([
        "import Chart from './chart.astro';\nimport { Map as WorldMap, Legend } from '../maps.ts';",
        "import * as Icons from 'icons';",
      ]),
    ]).toEqual(['Chart', 'WorldMap', 'Legend', 'Icons']);
  });
});

describe('embeds', () => {
  it('play YouTube videos from youtube-nocookie however the address is pasted, and link to the watch page', () => {
    for (const src of [
      'https://www.youtube.com/watch?v=jbkSRLYSojo',
      'https://youtu.be/jbkSRLYSojo',
      'https://www.youtube-nocookie.com/embed/jbkSRLYSojo',
      'https://www.youtube.com/shorts/jbkSRLYSojo',
      'https://www.youtube.com/live/jbkSRLYSojo?feature=shared',
    ]) {
      expect(resolveEmbed('video', src)).toMatchObject({
        frameSrc: 'https://www.youtube-nocookie.com/embed/jbkSRLYSojo?autoplay=1',
        link: 'https://www.youtube.com/watch?v=jbkSRLYSojo',
        host: 'YouTube',
        external: true,
      });
    }
  });

  it('keep the moment a shared address starts the video at, however it is written', () => {
    for (const [src, seconds] of [
      ['https://www.youtube.com/watch?t=3&v=jbkSRLYSojo', 3],
      ['https://youtu.be/jbkSRLYSojo?t=42', 42],
      ['https://www.youtube.com/watch?v=jbkSRLYSojo&t=1m30s', 90],
    ] as const) {
      expect(resolveEmbed('video', src)).toMatchObject({
        frameSrc: `https://www.youtube-nocookie.com/embed/jbkSRLYSojo?autoplay=1&start=${seconds}`,
        link: `https://www.youtube.com/watch?v=jbkSRLYSojo&t=${seconds}s`,
      });
    }
  });

  it("serve the book's own files under its base path, with no click to load", () => {
    expect(resolveEmbed('pdf', '/handouts/h.pdf', (path) => `/book${path}`)).toEqual({
      frameSrc: '/book/handouts/h.pdf#toolbar=0',
      link: '/book/handouts/h.pdf',
      host: '',
      external: false,
      allow: 'fullscreen',
    });
  });

  it('name other hosts as readers know them', () => {
    expect(resolveEmbed('slides', 'https://www.slideshare.net/slideshow/embed_code/key/abc')).toMatchObject({
      host: 'slideshare.net',
      external: true,
    });
  });

  // The deck a frame shows is printed in the editions and sized for the data saver, however its address is written.
  it.each([
    ['/slides/introduction', 'introduction'],
    ['/slides/introduction/', 'introduction'],
    ['/slides/introduction#slide-3', 'introduction'],
    ['/slides/introduction/#slide-3', 'introduction'],
    ['/slides/introduction?start=2', 'introduction'],
    ['/handouts/h.pdf', undefined],
    ['/slides/a/b', undefined],
  ])('find the deck %s shows', (src, deck) => {
    expect(deckOf(src)).toBe(deck);
  });
});

describe('charts', () => {
  for (const [name, draw] of Object.entries(charts)) {
    it(`${name} is two SVG drawings, each with a title, and a description and a data table`, () => {
      const chart = draw();
      for (const drawing of [chart.wide, chart.narrow]) {
        expect(drawing.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(drawing.svg).toContain('<title id="t">');
      }
      expect(chart.narrow.width).toBeLessThan(chart.wide.width);
      expect(chart.description.length).toBeGreaterThan(100);
      expect(chart.table.rows.length).toBeGreaterThan(5);
      for (const row of chart.table.rows) expect(row).toHaveLength(chart.table.columns.length);
    });
  }

  it('Figure 1 says what the UN data say', () => {
    const { description } = charts['urban-rural-population']!();
    expect(description).toContain('from 0.75 billion in 1950 to 3.88 billion in 2014 and a projected 6.34 billion in 2050');
  });
});

describe('file sizes', () => {
  it('read as people say them', () => {
    expect(formatSize(870)).toBe('870 bytes');
    expect(formatSize(5783)).toBe('6 KB');
    expect(formatSize(1_340_000)).toBe('1.3 MB');
  });
});

describe('an embed from another site', () => {
  const embed = (src: string) => [
    { name: 'kind', value: 'video' },
    { name: 'src', value: src },
    { name: 'title', value: 't' },
    { name: 'source', value: 's' },
  ];

  it('is accepted from YouTube, however the address is written, and from the book itself', () => {
    expect(checkComponentUse('Embed', embed('https://youtu.be/jbkSRLYSojo'), false)).toEqual([]);
    expect(checkComponentUse('Embed', embed('https://www.youtube.com/watch?v=jbkSRLYSojo'), false)).toEqual([]);
    expect(checkComponentUse('Embed', embed('/slides/introduction'), false)).toEqual([]);
  });

  it('from a site the content security policy does not allow stops the build, saying where to allow it', () => {
    expect(checkComponentUse('Embed', embed('https://player.vimeo.com/video/76979871'), false)).toEqual([
      withHelp(
        '<Embed> src "https://player.vimeo.com/video/76979871" is shown from player.vimeo.com, which the book\'s content security policy does not allow in a frame. ' +
          'Use a YouTube address or a file in public/, or add "https://player.vimeo.com" to embedHosts in src/book.config.ts.',
        'embedHost',
      ),
    ]);
  });
});
