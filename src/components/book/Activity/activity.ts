import { z } from 'astro/zod';
import { defineComponent, wholeNumber, words } from '../define.ts';

export default defineComponent({
  props: z.object({
    number: wholeNumber('the activity number, as in number={1}'),
    title: words('what the activity asks, shown in its dialog'),
  }),
  about:
    'A large button that opens an activity over the page. Number a chapter\'s activities 1, 2, 3 … To place several side by side, put them between `<div class="activities">` and `</div>`.',
  pictures: [
    {
      file: 'activity.png',
      alt: "The example's two activity buttons side by side: 'Activity 1, Health, wealth and cities' and 'Activity 2'.",
      show: ['.activities'],
    },
    {
      file: 'activity-open.png',
      alt: 'The open window of Activity 1, with its title, a Close button and its text.',
      show: [],
      over: ['[role="dialog"]'],
      cutBelow: '[role="dialog"] p',
      before: { activity: 1 },
    },
  ],
  holdsText: true,
  block: 'activity',
  hides: 'dialog',
  numbered: { by: 'number', id: (number) => `activity-${number}`, name: (number) => `Activity ${number}` },
});
