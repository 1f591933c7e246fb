import { getEntry } from 'astro:content';

/** The home page's preface and its statements (book/preface.mdx), which the home page shows in two places. */
export async function getPreface() {
  const preface = await getEntry('preface', 'preface');
  if (!preface) throw new Error('book/preface.mdx is missing: the home page shows it as its preface.');
  return preface;
}
