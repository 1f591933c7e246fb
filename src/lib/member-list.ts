import { type CollectionEntry, getCollection } from 'astro:content';
import { phraseOfNames } from './names.ts';

export type Member = CollectionEntry<'members'>;

/** The members in the order their cards appear. */
export async function getMembers(): Promise<Member[]> {
  const members = await getCollection('members');
  return members.sort((a, b) => a.data.order - b.data.order);
}

/** The members' names as one phrase for bylines: "A", "A and B", "A, B and C". */
export const namesOf = (members: Member[]): string => phraseOfNames(members.map((member) => member.data.name));
