import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { describe, expect, it } from 'vitest';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { memberSchema } from '../../src/schemas/member.ts';
import { subpageSchema } from '../../src/schemas/subpage.ts';

// Astro's image() resolves files; here an image path is just a string.
const context = { image: () => z.string() } as unknown as SchemaContext;

/** The messages an author would read for this frontmatter, each prefixed with its field. */
const problems = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const chapter = {
  number: 2,
  title: 'Public health in mega-slums',
  image: { src: './images/slums.svg', alt: 'A hillside covered with small self-built houses.' },
};
const subpage = { chapter: 3, order: 1, title: 'Block A: water at home' };
const member = {
  order: 1,
  name: 'Author One (placeholder name)',
  photo: { src: './photos/member-1.svg', alt: 'Placeholder portrait.' },
  email: 'author.one@example.org',
  bio: ['Teaches urban public health.'],
};

describe('the chapter frontmatter schema', () => {
  it('accepts a complete chapter, trimming the title', () => {
    const parsed = chapterSchema(context).parse({ ...chapter, title: '  Public health in mega-slums ', description: 'Two sentences.' });
    expect(parsed.title).toBe('Public health in mega-slums');
  });

  it.each([
    ['a missing title', { title: undefined }, 'title: "title" is missing. Add the chapter\'s title'],
    ['an empty title', { title: ' ' }, 'title: "title" is empty.'],
    ['a fractional number', { number: 2.5 }, 'number: "number" must be a whole number such as 2, not a fraction.'],
    ['a number in words', { number: 'two' }, 'number: "number" is not valid ("two"). Write the chapter\'s position as a whole number'],
    ['chapter zero', { number: 0 }, 'number: "number" must be 1 or more.'],
    ['a missing image', { image: undefined }, 'image: "image" is missing.'],
    ['a missing alt text', { image: { src: './x.svg' } }, 'image.alt: "image.alt" is missing. Describe the image in a short sentence'],
    ['an empty alt text', { image: { src: './x.svg', alt: '' } }, 'image.alt: "image.alt" is empty.'],
    ['an empty description', { description: '' }, 'description: "description" is empty.'],
    ['an unknown field', { titel: 'Typo' }, ': Unknown chapter field "titel". Remove it or fix its spelling; allowed fields: number, title, description, image.'],
  ])('explains %s', (_, change, message) => {
    expect(problems(chapterSchema(context), { ...chapter, ...change }).join('\n')).toContain(message);
  });
});

describe('the sub-page frontmatter schema', () => {
  it('accepts a complete sub-page', () => expect(problems(subpageSchema(), subpage)).toEqual([]));

  it.each([
    ['a missing parent chapter', { chapter: undefined }, 'chapter: "chapter" is missing. Write the number of the parent chapter'],
    ['a fractional order', { order: 1.5 }, 'order: "order" must be a whole number such as 1.'],
    ['an empty title', { title: '' }, 'title: "title" is empty.'],
    ['an unknown field', { image: './x.svg' }, 'Unknown sub-page field "image"'],
  ])('explains %s', (_, change, message) => {
    expect(problems(subpageSchema(), { ...subpage, ...change }).join('\n')).toContain(message);
  });
});

describe('the member schema', () => {
  it('accepts a member, with or without a profile link', () => {
    expect(problems(memberSchema(context), member)).toEqual([]);
    expect(problems(memberSchema(context), { ...member, profile: 'https://example.org/profiles/one' })).toEqual([]);
  });

  it.each([
    ['an e-mail address without a domain', { email: 'author.one' }, 'email: "email" is not valid ("author.one"). Write a full address'],
    ['an empty biography', { bio: [] }, 'bio: "bio" is empty.'],
    ['a profile that is not an address', { profile: 'linkedin' }, 'profile: "profile" is not valid ("linkedin"). Write a full https:// address'],
    ['a photo without alt text', { photo: { src: './p.svg' } }, 'photo.alt: "photo.alt" is missing.'],
  ])('explains %s', (_, change, message) => {
    expect(problems(memberSchema(context), { ...member, ...change }).join('\n')).toContain(message);
  });
});
