import { type CollectionEntry, getCollection } from 'astro:content';

export type Member = CollectionEntry<'members'>;

/** The members in the order their cards appear. */
export async function getMembers(): Promise<Member[]> {
  const members = await getCollection('members');
  return members.sort((a, b) => a.data.order - b.data.order);
}
