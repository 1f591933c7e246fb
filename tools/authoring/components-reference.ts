/**
 * docs/authoring/components.md: each component's props come from the rules the build checks every use against
 * (src/components/book/rules.ts); what it is for, its examples and its pictures are written here.
 */
import { type ComponentName, componentRules, type PropRule } from '../../src/components/book/rules.ts';

interface About {
  what: string;
  /** How to write it, beyond its props. */
  notes?: string[];
  /** Examples to copy, each compiled by a test with the build's component check. */
  examples: string[];
  /** Screenshots in docs/authoring/pictures (made by npm run make:authoring-pictures): file and description. */
  pictures: [file: string, alt: string][];
}

/** Each component in an author's words. */
const about: Record<ComponentName, About> = {
  Box: {
    what: 'A collapsible box of background material, closed at first; readers open it by clicking its heading. Boxes are numbered through the chapter.',
    examples: [
      `<Box number={1} title="Public health and the urban built environment: lessons from ancient Maya cities">

Cities are much older than industry. Between about 250 and 900 CE, the Classic Maya built large cities in
the tropical lowlands of what are now Guatemala, Mexico and Belize.

**Reading list**

- Canuto MA, et al. [Ancient lowland Maya complexity](https://doi.org/10.1126/science.aau0137). *Science* 2018;361:eaau0137.

</Box>`,
    ],
    pictures: [
      [
        'box.png',
        "Box 1 of Chapter 1, open: the label 'Box 1', the title about ancient Maya cities, a chevron to close it, and its first paragraph.",
      ],
    ],
  },
  Tip: {
    what: 'A small round button at the end of a paragraph; pointing at it, tabbing to it or tapping it shows the tip, such as a suggested reading.',
    notes: [
      'Write it on the same line as the end of the paragraph, with no empty line before it. Its text is a sentence or two; italics and links work.',
    ],
    examples: [
      `Many of today's fast-growing cities face the same race between growth and infrastructure. <Tip label="Suggested reading">Szreter S. The population health approach in historical perspective. *American Journal of Public Health* 2003;93(3):421-431.</Tip>`,
    ],
    pictures: [
      [
        'tip.png',
        "The end of a paragraph of Chapter 1 with the round tip button; above it, the open tip reads 'Suggested reading: Szreter S. The population health approach in historical perspective…'.",
      ],
    ],
  },
  Activity: {
    what: 'A large button that opens an activity (a discussion, a video to watch, an essay to write) in a window over the page. Activities are numbered through the chapter.',
    notes: ['To place several side by side, put them inside `<div class="activities">` and `</div>`, with empty lines around each.'],
    examples: [
      `<div class="activities">

<Activity number={1} title="Health, wealth and cities">

Think of a large city you know well, then **discuss the following questions** with your group:

- Where in the story they tell does urbanization appear?
- What differences would you expect to find between neighbourhoods of one large city?

</Activity>

<Activity number={2} title="The built environment and health policy in your city">

Write a short essay, of about 150 words, on the links between the urban built environment and public
health policy in your own city.

</Activity>

</div>`,
    ],
    pictures: [
      [
        'activity.png',
        "Two activity buttons side by side: 'Activity 1, Health, wealth and cities' and 'Activity 2, The built environment and health policy in your city'.",
      ],
      ['activity-open.png', 'The open window of Activity 1, with its title, a Close button and the first paragraph of its text.'],
    ],
  },
  Figure: {
    what: 'A numbered figure with a caption and its source: either a chart the book draws from data in the project (with a table of the numbers under it), or one picture placed inside it.',
    notes: [
      'For a picture, put one Markdown image inside, with empty lines around it; the words in its square brackets describe it for readers who cannot see it, and are required.',
      'A new kind of chart needs a developer; until then, draw the chart as a picture and show it in a Figure.',
    ],
    examples: [
      `<Figure
  label="Figure 1"
  chart="urban-rural-population"
  caption="The world's urban and rural population, 1950-2050, in billions; the values after 2014 are projections (shaded)."
  source="United Nations, Department of Economic and Social Affairs, Population Division. World Urbanization Prospects: The 2014 Revision."
/>`,
      `<Figure label="Figure 2" caption="The health map: the determinants of health in a human settlement." source="drawn for this book, adapted from Barton and Grant (2006)">

![A diagram of eight nested circles, with people at the centre and the global ecosystem outermost.](./images/health-map.svg)

</Figure>`,
    ],
    pictures: [
      [
        'figure-chart.png',
        "Figure 1 of Chapter 1: a line chart of the world's urban and rural population from 1950 to 2050, its caption and source, and a link 'The data behind Figure 1'.",
      ],
      [
        'figure-picture.png',
        "Figure 2 of Chapter 1: the health map, eight nested coloured circles from 'People' at the centre to 'Global ecosystem', with its caption and source.",
      ],
    ],
  },
  Embed: {
    what: 'A video, a slide deck or a PDF shown in a frame in the page, with its title and source under it and a link to open it on its own.',
    notes: [
      'A YouTube video loads only when the reader presses play, so nothing is sent to YouTube before then. Copy its address from the browser.',
      'A PDF goes in `public/handouts/` and is written from the first `/`; it also gets a download link with its size.',
      "Frames from sites other than YouTube and the book itself stop the build, because the book's security settings refuse them: ask a developer to add the site.",
    ],
    examples: [
      `<Embed kind="video" src="https://www.youtube.com/watch?v=jbkSRLYSojo" title="200 Countries, 200 Years, 4 Minutes" source="Hans Rosling, The Joy of Stats, BBC Four (2010)" />`,
      `<Embed kind="pdf" annex src="/handouts/chapter-1-handout.pdf" title="Chapter 1 handout: Cities, environment and health" source="Handout made for this book" />`,
    ],
    pictures: [
      [
        'embed-video.png',
        "A video from Activity 1 before it is played: a dark frame with a play button, 'Play the video', its title and 'Nothing loads from YouTube until you press the button', with the source and a link to watch it on YouTube below.",
      ],
    ],
  },
  Annex: {
    what: "A numbered annex at the end of a chapter, for slides, handouts and news items; each is headed 'Annex 1.1.' and its title.",
    notes: ['Put the annexes under a `## Annexes` heading at the end of the chapter.'],
    examples: [
      `## Annexes

<Annex number="1.3" title="In the news: two-thirds of humanity in cities by 2050">

The United Nations' announcement of the 2018 revision of World Urbanization Prospects, with its main
figures.

<LinkButton href="https://www.un.org/development/desa/en/news/population/2018-revision-of-world-urbanization-prospects.html">Read the UN DESA news release</LinkButton>

</Annex>`,
    ],
    pictures: [
      [
        'annex.png',
        "Annex 1.3 of Chapter 1: its heading, a sentence, and a button 'Read the UN DESA news release' with an arrow showing it opens another site.",
      ],
    ],
  },
  LinkButton: {
    what: "A link drawn as a large button, for the one next step on a page ('Continue to Chapter 2', 'Read the news release'). The text between the tags is the button's text; a link to another site opens in a new tab.",
    examples: ['<LinkButton href="/index/Chapter2">Continue to Chapter 2</LinkButton>'],
    pictures: [['link-button.png', "A button 'Continue to Chapter 2' with an arrow."]],
  },
  TeachingResources: {
    what: "A sentence linking to the authors' earlier course overview and teaching resources. It takes no props; the address is a setting of the book (ask a developer to change it).",
    examples: ['<TeachingResources />'],
    pictures: [
      [
        'teaching-resources.png',
        "The sentence 'This book grew out of earlier teaching on the same themes: the course overview and teaching resources.', with the last words as a link.",
      ],
    ],
  },
  Slide: {
    what: 'One slide of a slide deck, a file in `book/slides/` (`book/slides/introduction.mdx` is shown at `/slides/introduction`, and in a chapter by `<Embed kind="slides" src="/slides/introduction" …>`).',
    notes: [
      "The deck's frontmatter gives its `title` and its `chapter`, which make the first slide; then one `<Slide>` per slide, numbered from 1.",
      'Keep a slide short: what does not fit its frame scrolls on a phone.',
    ],
    examples: [
      `<Slide number={1} title="An urban world" source="UN DESA, World Urbanization Prospects: The 2018 Revision (2019).">

![Share of the world's population living in urban areas: 30 per cent in 1950, 55 per cent in 2018, 68 per cent projected for 2050.](./images/urban-share.svg)

- 55% of people lived in urban areas in 2018; 68% are expected to by 2050.
- The urban population grew from 751 million in 1950 to 4.2 billion in 2018.

</Slide>`,
    ],
    pictures: [
      [
        'slide.png',
        "The first slide after the title of Chapter 1's deck: 'An urban world', a bar chart of the urban share of the world's population (30, 55 and 68 per cent), two points, the source and 'Slide 1 of 8'.",
      ],
    ],
  },
};

function typeOf(rule: PropRule): string {
  switch (rule.type.kind) {
    case 'number':
      return 'a number in curly brackets';
    case 'flag':
      return 'the name alone, no value';
    case 'oneOf':
      return `one of ${rule.type.values.map((value) => `"${value}"`).join(', ')}`;
    default:
      return 'text in double quotes';
  }
}

/** The components reference, as Markdown. */
export function componentsReference(): string {
  const parts = [
    '# Components',
    '',
    '<!-- Written by npm run make:authoring-reference from src/components/book/rules.ts: edit those, not this file. -->',
    '',
    'Components add boxes, tips, activities, figures and the like to the text, without any set-up: write the',
    "component's name between `<` and `>`, with its *props* (its settings). Components that hold text have an opening",
    'and a closing tag (`<Box …>` … `</Box>`); the others close themselves with `/>`.',
    '',
    '- Leave an empty line after the opening tag and before the closing tag, so the text inside is read as paragraphs.',
    '- Text goes in straight double quotes, `title="Health, wealth and cities"`; numbers in curly brackets, `number={1}`.',
    '- A mistake (a missing or misspelt prop, a wrong value) stops `npm run check` and the build with the file, the',
    '  line and the fix: see [Troubleshooting](troubleshooting.md#mistakes-in-components).',
    '- Everything inside boxes, activities and tips is in the page itself: searched, printed, readable without JavaScript.',
  ];
  for (const [name, rules] of Object.entries(componentRules) as [ComponentName, Record<string, PropRule>][]) {
    const { what, notes = [], examples, pictures } = about[name];
    parts.push('', `## ${name}`, '', what);
    if (notes.length > 0) parts.push('', ...notes.map((note) => `- ${note}`));
    const props = Object.entries(rules);
    if (props.length > 0) {
      parts.push('', '| Prop | Required | Written as | What it is for |', '| :-- | :-- | :-- | :-- |');
      for (const [prop, rule] of props) parts.push(`| \`${prop}\` | ${rule.required ? 'yes' : 'no'} | ${typeOf(rule)} | ${rule.purpose} |`);
    }
    for (const example of examples) parts.push('', '```mdx', example, '```');
    for (const [file, alt] of pictures) parts.push('', `![${alt}](pictures/${file})`);
  }
  return `${parts.join('\n')}\n`;
}
