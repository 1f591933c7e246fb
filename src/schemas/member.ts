import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { imageWithAlt } from './image.ts';
import { fieldError, unknownFieldError } from './messages.ts';

const fields = ['order', 'name', 'photo', 'email', 'bio', 'profile', 'logBioClicks'] as const;

/** A contributor's profile card on the members page (one YAML file per member in src/data/members). */
export const memberSchema = (context: SchemaContext) =>
  z.strictObject(
    {
      /** Position of the card on the members page, from 1. */
      order: z.number({ error: fieldError('order', 'Write the card\'s position: order: 1') }).int().positive(),
      /** The member's name as it should be printed. */
      name: z.string({ error: fieldError('name', 'Add the member\'s name.') }).trim().min(1, '"name" is empty. Add the member\'s name.'),
      /** A portrait with its text alternative. */
      photo: imageWithAlt(context, 'photo'),
      /** Address readers can copy from the card. */
      email: z.email({ error: fieldError('email', 'Write a full address: email: name@example.org') }),
      /** Biography, one short line per item. */
      bio: z
        .array(z.string().trim().min(1), { error: fieldError('bio', 'List the biography lines under "bio:", one per "- " line.') })
        .min(1, '"bio" is empty. List at least one biography line.'),
      /** Optional link to a professional networking profile, opened in a new tab. */
      profile: z.url({ error: fieldError('profile', 'Write a full https:// address, or remove the line.') }).optional(),
      /** Log an analytics event when a reader clicks one of this member's biography lines (one member, SPEC §2). */
      logBioClicks: z.boolean({ error: fieldError('logBioClicks', 'Write true or false, or remove the line.') }).default(false),
    },
    { error: unknownFieldError('member', fields) },
  );

export type MemberData = z.infer<ReturnType<typeof memberSchema>>;
