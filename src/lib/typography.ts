/**
 * Text an author typed with a keyboard, set as the book's Markdown sets its text (Sätteri's smart punctuation): curly
 * quotes and apostrophes, -- and --- as en and em dashes, ... as an ellipsis. For what Markdown does not reach: the
 * text props of the components (titles, captions, sources) and the words the build writes from data.
 */
import { retext } from 'retext';
import retextSmartypants from 'retext-smartypants';

const processor = retext().use(retextSmartypants, { dashes: 'oldschool' });

export function typeset(text: string): string {
  return String(processor.processSync(text));
}
