/** The 'On this page' list: a page's h2 headings, each with the h3 headings under it. */

/** A heading as Astro's render() lists it. */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

export interface Section {
  slug: string;
  text: string;
  /** The h3 sections under an h2 (always empty for an h3). */
  children: Section[];
}

/** Nests h3 under the h2 before them; an h3 with no h2 before it stands at the top. Other levels are left out. */
export function outline(headings: Heading[]): Section[] {
  const top: Section[] = [];
  for (const { depth, slug, text } of headings) {
    const section = { slug, text, children: [] };
    const parent = top.at(-1);
    if (depth === 2 || (depth === 3 && !parent)) top.push(section);
    else if (depth === 3) parent?.children.push(section);
  }
  return top;
}
