import { z } from 'astro/zod';
import { bookConfig } from '../../../book.config.ts';
import { type EmbedKind, embedKinds, resolveEmbed } from '../../../lib/embeds.ts';
import { withHelp } from '../../../lib/troubleshooting.ts';
import { address, defineComponent, flag, oneOf, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    kind: oneOf(embedKinds, 'what is embedded'),
    src: address('the address of the video, slides or PDF'),
    title: words('the name of the video, slides or PDF'),
    source: words('who made it or where it is published'),
    annex: flag('the wider size used in annexes').optional(),
  }),
  about:
    'A YouTube video, a slide deck or a PDF in a frame, with its title and source. A PDF goes in `public/handouts/`, its address starting with `/`.',
  pictures: [
    {
      file: 'embed-video.png',
      alt: 'The example video before it is played: a dark frame with a play button, its title and its source.',
      show: ['.embed'],
    },
  ],
  block: 'frame',
  // A frame from another site must come from one the content security policy allows, or readers would see it refused.
  check(props) {
    const kind = props.find((p) => p.name === 'kind')?.value;
    const src = props.find((p) => p.name === 'src')?.value;
    if (typeof src !== 'string' || !/^https?:\/\//.test(src) || !embedKinds.includes(kind as EmbedKind)) return [];
    const frame = new URL(resolveEmbed(kind as EmbedKind, src).frameSrc);
    if (bookConfig.embedHosts.includes(frame.origin)) return [];
    if (/(^|\.)(youtube\.com|youtu\.be)$/.test(frame.hostname))
      return [
        withHelp(
          `${src} is a YouTube page, not one video: only a video can play in the page. Use the address of one video (https://www.youtube.com/watch?v=…), or link to the page with <LinkButton>.`,
          'embedHost',
        ),
      ];
    return [
      withHelp(
        `<Embed> src "${src}" is shown from ${frame.host}, which the book's content security policy does not allow in a frame. ` +
          `Use a YouTube address or a file in public/, or add "${frame.origin}" to embedHosts in src/book.config.ts.`,
        'embedHost',
      ),
    ];
  },
  help: {
    embedHost: {
      about: ['Link to other sites with a [LinkButton](components.md#linkbutton), or ask a developer.'],
      shows: [{ build: 'embed-from-other-site' }],
    },
  },
});
