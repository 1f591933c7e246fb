import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { imageWithAlt } from './image.ts';
import { fieldError, ruleError, unknownFieldError } from './messages.ts';

const fields = ['order', 'name', 'photo', 'email', 'bio', 'profile', 'logBioClicks'] as const;
const writeOrder = "Write the card's position on the members page: order: 1";
const emptyBioLine = '"bio" has an empty line. Write text after its "- ", or remove the line.';

/** A contributor's profile card on the members page (one YAML file per member in src/data/members). */
export const memberSchema = (context: SchemaContext) =>
  z.strictObject(
    {
      /** Position of the card on the members page, from 1. */
      order: z
        .number({ error: fieldError('order', writeOrder) })
        .int({ error: ruleError('order', 'a whole number', writeOrder) })
        .positive({ error: ruleError('order', '1 or more', writeOrder) }),
      /** The member's name as it should be printed. */
      name: z
        .string({ error: fieldError('name', "Add the member's name.") })
        .trim()
        .min(1, '"name" is empty. Add the member\'s name.'),
      /** A portrait with its text alternative. */
      photo: imageWithAlt(context, 'photo'),
      /** Address readers can copy from the card. */
      email: z.email({ error: fieldError('email', 'Write a full address: email: name@example.org') }),
      /** Biography, one short line per item. */
      bio: z
        .array(
          z
            // A "- " with nothing after it reads as null: an empty line, not a wrong one.
            .string({
              error: (issue) => (issue.input === null ? emptyBioLine : fieldError('bio', 'Write each biography line as text after its "- ".')(issue)),
            })
            .trim()
            .min(1, emptyBioLine),
          { error: fieldError('bio', 'List the biography lines under "bio:", one per "- " line.') },
        )
        .min(1, '"bio" is empty. List at least one biography line.'),
      /** Optional link to a professional networking profile, opened in a new tab. */
      profile: z.url({ error: fieldError('profile', 'Write a full https:// address, or remove the line.') }).optional(),
      /** Log an analytics event when a reader clicks one of this member's biography lines (one member, SPEC §2). */
      logBioClicks: z.boolean({ error: fieldError('logBioClicks', 'Write true or false, or remove the line.') }).default(false),
    },
    { error: unknownFieldError('member', fields) },
  );

export type MemberData = z.infer<ReturnType<typeof memberSchema>>;
