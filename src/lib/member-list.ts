import { type CollectionEntry, getCollection } from 'astro:content';

export type Member = CollectionEntry<'members'>;

/** The members in the order their cards appear. */
export async function getMembers(): Promise<Member[]> {
  const members = await getCollection('members');
  return members.sort((a, b) => a.data.order - b.data.order);
}

/** The members' names as one phrase for bylines: "A", "A and B", "A, B and C". */
export function namesOf(members: Member[]): string {
  const names = members.map((member) => member.data.name);
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
