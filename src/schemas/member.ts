import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { withHelp } from '../lib/troubleshooting.ts';
import { imageWithAlt } from './image.ts';
import { emptyError, fieldError, ruleError, unknownFieldError } from './messages.ts';

const fields = ['order', 'name', 'photo', 'email', 'bio', 'profile', 'logBioClicks'] as const;
const writeOrder = "Write the card's position on the members page: order: 1";
const emptyBioLine = withHelp('"bio" has an empty line. Write text after its "- ", or remove the line.', 'fieldEmpty');

/** A contributor's profile card on the members page (one YAML file per member in book/members). */
export const memberSchema = (context: SchemaContext) =>
  z.strictObject(
    {
      order: z
        .number({ error: fieldError('order', writeOrder) })
        .int({ error: ruleError('order', 'a whole number', writeOrder) })
        .positive({ error: ruleError('order', '1 or more', writeOrder) })
        .meta({ description: 'Position of the card on the members page, from 1.', examples: ['1'] }),
      name: z
        .string({ error: fieldError('name', "Add the member's name.") })
        .trim()
        .min(1, emptyError('name', "Add the member's name."))
        .meta({ description: "The member's name as it should be printed.", examples: ['"Author One"'] }),
      photo: imageWithAlt(context, 'photo').meta({ description: 'A portrait, with a sentence saying what it shows.' }),
      email: z
        .email({ error: fieldError('email', 'Write a full address: email: name@example.org') })
        .meta({ description: 'The address readers can copy from the card.', examples: ['name@example.org'] }),
      bio: z
        .array(
          z
            // A "- " with nothing after it reads as null: an empty line, not a wrong one.
            .string({
              error: (issue) => (issue.input === null ? emptyBioLine : fieldError('bio', 'Write each biography line as text after its "- ".')(issue)),
            })
            .trim()
            .min(1, emptyBioLine),
          {
            error: (issue) =>
              typeof issue.input === 'string'
                ? withHelp(
                    `"bio" is one sentence, where it is a list of lines. Write "bio:" alone, then each sentence on a line of its own under it, indented two spaces: ${issue.input
                      .split(/(?<=[.!?])\s+/)
                      .map((line) => `- "${line.replaceAll('"', "'")}"`)
                      .join(' ')}`,
                    'fieldNotValid',
                  )
                : fieldError('bio', 'List the biography lines under "bio:", one per "- " line.')(issue),
          },
        )
        .min(1, emptyError('bio', 'List at least one biography line.'))
        .meta({ description: 'The biography, one short line per "- " item.', examples: ['- "Teaches urban health and the built environment."'] }),
      profile: z
        .url({ error: fieldError('profile', 'Write a full https:// address, or remove the line.') })
        .optional()
        .meta({ description: 'A link to a professional profile, opened in a new tab.', examples: ['https://example.org/profiles/author-one'] }),
      // One member's card logs an analytics event when a reader clicks a biography line (SPEC §2).
      logBioClicks: z
        .boolean({ error: fieldError('logBioClicks', 'Write true or false, or remove the line.') })
        .default(false)
        .meta({ description: "true to count, in the book's analytics, readers' clicks on this member's biography lines.", examples: ['true'] }),
    },
    { error: unknownFieldError('member', fields) },
  );
