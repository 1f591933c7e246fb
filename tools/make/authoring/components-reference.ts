/**
 * docs/authoring/components.md: each component's props come from the rules the build checks every use against
 * (src/components/book/component-rules.ts); what it is for, its examples and its pictures are written here.
 */
import { type ComponentName, componentRules, type PropRule } from '../../../src/components/book/component-rules.ts';

interface About {
  /** What it is for, and how to write it beyond its props. */
  what: string;
  /** Examples to copy, each compiled by a test with the build's component check. */
  examples: string[];
  /** Screenshots in docs/authoring/pictures (made by npm run make:authoring-pictures): file and description. */
  pictures: [file: string, alt: string][];
}

/** Each component in an author's words. */
const about: Record<ComponentName, About> = {
  Box: {
    what: "Background material in a box, closed until the reader opens it. Number a chapter's boxes 1, 2, 3 …",
    examples: [
      `<Box number={1} title="Lessons from ancient Maya cities">

Between about 250 and 900 CE, the Classic Maya built large cities in the tropical lowlands.

</Box>`,
    ],
    pictures: [['box.png', "Box 1 of Chapter 1, open: 'Box 1', its title about ancient Maya cities and its first paragraph."]],
  },
  Tip: {
    what: "A small round button at the end of a sentence that shows the tip, such as a suggested reading. Write it on the paragraph's last line.",
    examples: [
      `Cities grew faster than their sewers. <Tip label="Suggested reading">Szreter S. The population health approach in historical perspective. 2003.</Tip>`,
    ],
    pictures: [['tip.png', "A paragraph's round tip button, with the open tip above it: 'Suggested reading: Szreter S. …'."]],
  },
  Activity: {
    what: 'A large button that opens an activity over the page. Number a chapter\'s activities 1, 2, 3 … To place several side by side, put them between `<div class="activities">` and `</div>`.',
    examples: [
      `<div class="activities">

<Activity number={1} title="Health, wealth and cities">

Think of a large city you know well, then **discuss** how its neighbourhoods differ.

</Activity>

<Activity number={2} title="The built environment and health policy in your city">

Write about 150 words on your own city.

</Activity>

</div>`,
    ],
    pictures: [
      ['activity.png', "Two activity buttons side by side: 'Activity 1, Health, wealth and cities' and 'Activity 2'."],
      ['activity-open.png', 'The open window of Activity 1, with its title, a Close button and its text.'],
    ],
  },
  Figure: {
    what: 'A numbered figure with its caption and source: a chart the book draws from data, or one picture inside it. A new kind of chart needs a developer.',
    examples: [
      `<Figure label="Figure 1" chart="urban-rural-population" caption="The world's urban and rural population, 1950-2050, in billions." source="United Nations, World Urbanization Prospects: The 2014 Revision." />`,
      `<Figure label="Figure 2" caption="The health map." source="adapted from Barton and Grant (2006)">

![Eight nested circles, with people at the centre and the global ecosystem outermost.](./images/health-map.svg)

</Figure>`,
    ],
    pictures: [
      ['figure-chart.png', "Figure 1 of Chapter 1: a line chart of the world's urban and rural population, with its caption."],
      ['figure-picture.png', "Figure 2 of Chapter 1: the health map's nested coloured circles, with its caption and source."],
    ],
  },
  Embed: {
    what: 'A YouTube video, a slide deck or a PDF in a frame, with its title and source. A PDF goes in `public/handouts/`, its address starting with `/`.',
    examples: [
      `<Embed kind="video" src="https://www.youtube.com/watch?v=jbkSRLYSojo" title="200 Countries, 200 Years, 4 Minutes" source="Hans Rosling, BBC Four (2010)" />`,
      `<Embed kind="pdf" annex src="/handouts/chapter-1-handout.pdf" title="Chapter 1 handout" source="Made for this book" />`,
    ],
    pictures: [['embed-video.png', 'A video before it is played: a dark frame with a play button, its title and its source.']],
  },
  Annex: {
    what: "A numbered annex for slides, handouts and news, under `## Annexes` at the chapter's end.",
    examples: [
      `## Annexes

<Annex number="1.3" title="In the news: two-thirds of humanity in cities by 2050">

<LinkButton href="https://www.un.org/development/desa/en/news/population/2018-revision-of-world-urbanization-prospects.html">Read the UN DESA news release</LinkButton>

</Annex>`,
    ],
    pictures: [['annex.png', "Annex 1.3 of Chapter 1: its heading, a sentence and a button 'Read the UN DESA news release'."]],
  },
  LinkButton: {
    what: "A link drawn as a large button, for a page's next step.",
    examples: ['<LinkButton href="/index/Chapter2">Continue to Chapter 2</LinkButton>'],
    pictures: [['link-button.png', "A button 'Continue to Chapter 2' with an arrow."]],
  },
  TeachingResources: {
    what: "A sentence linking to the authors' earlier teaching resources.",
    examples: ['<TeachingResources />'],
    pictures: [['teaching-resources.png', 'The sentence about the earlier course overview and teaching resources, its last words a link.']],
  },
  Slide: {
    what: 'One slide of a deck in `book/slides/`, after the title slide its [frontmatter](frontmatter.md#slide-decks) makes. Keep slides short.',
    examples: [
      `<Slide number={1} title="An urban world" source="UN DESA, World Urbanization Prospects 2018.">

![Bars of the urban share of the world's population: 30 per cent in 1950, 55 in 2018, 68 in 2050.](./images/urban-share.svg)

- 55% of people lived in urban areas in 2018.

</Slide>`,
    ],
    pictures: [['slide.png', "Slide 1 of Chapter 1's deck: 'An urban world', a bar chart and two points."]],
  },
};

/** How a prop is written, as an example. */
function writtenAs(name: string, rule: PropRule): string {
  switch (rule.type.kind) {
    case 'number':
      return `\`${name}={1}\``;
    case 'flag':
      return `\`${name}\` alone`;
    case 'oneOf': {
      const values = rule.type.values.map((value, at) => `\`${at === 0 ? `${name}=` : ''}"${value}"\``);
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
    '<!-- Written by npm run make:authoring-reference from src/components/book/component-rules.ts: edit those, not this file. -->',
    '',
    'A component adds what Markdown cannot. Write its name between `<` and `>`, with its props (its settings): text in',
    'straight double quotes, `title="…"`, numbers in curly brackets, `number={1}`. One that holds text has an opening and',
    'a closing tag, `<Box …>` … `</Box>`, with an empty line after the first and before the second; one that holds',
    'nothing ends with `/>`. `npm run check` names each mistake with its line and its fix (see',
    '[Troubleshooting](troubleshooting.md#mistakes-in-components)).',
  ];
  for (const [name, rules] of Object.entries(componentRules) as [ComponentName, Record<string, PropRule>][]) {
    const { what, examples, pictures } = about[name];
    parts.push('', `## ${name}`, '', what);
    const props = Object.entries(rules);
    if (props.length > 0) {
      parts.push('', '| Prop | Required | Written as | What for |', '| :-- | :-- | :-- | :-- |');
      for (const [prop, rule] of props) parts.push(`| \`${prop}\` | ${rule.required ? 'yes' : 'no'} | ${writtenAs(prop, rule)} | ${rule.purpose} |`);
    }
    for (const example of examples) parts.push('', '```mdx', example, '```');
    for (const [file, alt] of pictures) parts.push('', `![${alt}](pictures/${file})`);
  }
  return `${parts.join('\n')}\n`;
}
