import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { describe, expect, it } from 'vitest';
import { chapterSchema } from '../../src/schemas/chapter.ts';
import { memberSchema } from '../../src/schemas/member.ts';
import { closestField } from '../../src/schemas/messages.ts';
import { subpageSchema } from '../../src/schemas/subpage.ts';
import { helpLine } from '../../src/lib/troubleshooting.ts';

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
  it('accepts a complete chapter, trimming the title and the alt text', () => {
    const parsed = chapterSchema(context).parse({
      ...chapter,
      title: '  Public health in mega-slums ',
      description: 'Two sentences.',
      image: { ...chapter.image, alt: ' Houses. ' },
    });
    expect(parsed).toEqual({ ...chapter, description: 'Two sentences.', image: { ...chapter.image, alt: 'Houses.' } });
  });

  it.each([
    ['a missing title', { title: undefined }, 'title: "title" is missing. Add the chapter\'s title: title: "Public health in mega-slums"'],
    ['a title line with nothing after it', { title: null }, 'title: "title" is empty. Add the chapter\'s title: title: "'],
    ['a title of spaces', { title: '  ' }, 'title: "title" is empty. Add the chapter\'s title: title: "'],
    [
      'a fractional number',
      { number: 2.5 },
      'number: "number" must be a whole number, not 2.5. Write the chapter\'s position as a whole number: number: 2',
    ],
    ['a number in words', { number: 'two' }, 'number: "number" is not valid ("two"). Write the chapter\'s position as a whole number: number: 2'],
    ['a number in quotes', { number: '2' }, 'number: "number" is not valid ("2").'],
    ['chapter zero', { number: 0 }, 'number: "number" must be 1 or more, not 0. The first chapter is number: 1'],
    ['a missing number', { number: undefined }, 'number: "number" is missing.'],
    ['a missing image', { image: undefined }, 'image: "image" is missing. Give the picture and its description:\nimage:\n  src: ./images/street.svg'],
    ['an image written as a bare path', { image: './x.svg' }, 'image: "image" is not valid ("./x.svg"). Give the picture and its description:'],
    [
      'an image without its path',
      { image: { alt: 'Houses.' } },
      'image.src: "image.src" is missing. Write the path of the picture: src: ./images/street.svg',
    ],
    ['a missing alt text', { image: { src: './x.svg' } }, 'image.alt: "image.alt" is missing. Describe the image in a short sentence: alt: "'],
    ['an empty alt text', { image: { src: './x.svg', alt: '' } }, 'image.alt: "image.alt" is empty. Describe the image in a short sentence: alt: "'],
    ['an unknown image field', { image: { ...chapter.image, caption: 'x' } }, 'image: Unknown image field "caption".'],
    ['an empty description', { description: '' }, 'description: "description" is empty. Write one or two sentences, or remove the line.'],
    [
      'a misspelt field',
      { titel: 'Typo' },
      ': Unknown chapter field "titel". Did you mean "title" instead of "titel"? Correct the spelling, or remove the line; allowed fields: number, title, description, image, lastUpdated, inPreparation, draft.',
    ],
  ])('explains %s', (_, change, message) => {
    expect(problems(chapterSchema(context), { ...chapter, ...change }).join('\n')).toContain(message);
  });

  it('names every unknown field, suggesting only where a spelling is close', () => {
    expect(problems(chapterSchema(context), { ...chapter, author: 'x', imgae: 'y' })).toEqual([
      `: Unknown chapter fields "author", "imgae". Did you mean "image" instead of "imgae"? Correct the spelling, or remove those lines; allowed fields: number, title, description, image, lastUpdated, inPreparation, draft.\n${helpLine('unknownField')}`,
    ]);
  });
});

describe('the sub-page frontmatter schema', () => {
  it('accepts a complete sub-page', () => expect(problems(subpageSchema(), subpage)).toEqual([]));

  it.each([
    ['a missing parent chapter', { chapter: undefined }, 'chapter: "chapter" is missing. Write the number of the parent chapter: chapter: 3'],
    ['a parent chapter in words', { chapter: 'three' }, 'chapter: "chapter" is not valid ("three"). Write the number of the parent chapter'],
    [
      'a fractional order',
      { order: 1.5 },
      'order: "order" must be a whole number, not 1.5. Write the page\'s position among its chapter\'s sub-pages: order: 1',
    ],
    ['order zero', { order: 0 }, 'order: "order" must be 1 or more, not 0.'],
    ['an empty title', { title: '' }, 'title: "title" is empty. Add the page\'s title: title: "'],
    [
      'a description that is a number',
      { description: 3 },
      'description: "description" is read as a number (3), not as words. If the number is meant, put it in quotes: description: "3"',
    ],
    [
      'an image, which sub-pages do not have',
      { image: './x.svg' },
      ': Unknown sub-page field "image". Correct the spelling, or remove the line; allowed fields: chapter, order, title, description, lastUpdated, draft.',
    ],
  ])('explains %s', (_, change, message) => {
    expect(problems(subpageSchema(), { ...subpage, ...change }).join('\n')).toContain(message);
  });
});

describe.each([
  ['chapter', (data: object) => chapterSchema(context).safeParse({ ...chapter, ...data })],
  ['sub-page', (data: object) => subpageSchema().safeParse({ ...subpage, ...data })],
])('the %s lastUpdated date', (_, parse) => {
  it.each([
    ['a date as YAML reads it', new Date('2025-05-01T00:00:00Z')],
    ['a date in quotes', '2025-05-01'],
    ['no date at all', undefined],
  ])('accepts %s', (__, lastUpdated) => {
    const result = parse({ lastUpdated });
    expect(result.success).toBe(true);
    expect((result.data as { lastUpdated?: Date } | undefined)?.lastUpdated?.toISOString()).toBe(
      lastUpdated === undefined ? undefined : '2025-05-01T00:00:00.000Z',
    );
  });

  it.each([
    ['a date in words', 'yesterday', '"lastUpdated" is not valid ("yesterday"). Write the day as year-month-day: lastUpdated: 2025-05-01'],
    ['a day that does not exist', '2025-02-30', '"lastUpdated" is no day of the calendar ("2025-02-30"): check its month (01 to 12) and its day.'],
    ['a month that does not exist', '2025-13-01', '"lastUpdated" is no day of the calendar ("2025-13-01")'],
    ['a day still to come', '2999-05-01', '"lastUpdated" is a day still to come (2999-05-01): write the day the text last changed.'],
    ['day, month and year the other way round', '01/05/2025', '"lastUpdated" is not valid ("01/05/2025").'],
    ['a number', 20250501, '"lastUpdated" is not valid (20250501).'],
    ['a line with nothing after it', null, '"lastUpdated" is empty. Write the day as year-month-day: lastUpdated: 2025-05-01'],
  ])('explains %s', (__, lastUpdated, message) => {
    const result = parse({ lastUpdated });
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`lastUpdated: ${message}`);
  });
});

describe.each([
  ['chapter', 'chapter', (data: object) => chapterSchema(context).safeParse({ ...chapter, ...data })],
  ['sub-page', 'page', (data: object) => subpageSchema().safeParse({ ...subpage, ...data })],
])('the %s draft flag', (_, where, parse) => {
  it.each([true, false, undefined])('accepts draft: %s', (draft) => {
    const result = parse({ draft });
    expect(result.success).toBe(true);
    expect((result.data as { draft?: boolean } | undefined)?.draft).toBe(draft);
  });

  it.each([
    [
      'a yes in words',
      'yes',
      `draft: "draft" is not valid ("yes"). Write draft: true to keep the ${where} out of the built book, or remove the line to publish it.`,
    ],
    ['a line with nothing after it', null, `draft: "draft" is empty. Write draft: true to keep the ${where} out of the built book`],
    ['a misspelling', { drafts: true }, 'Did you mean "draft" instead of "drafts"?'],
  ])('explains %s', (__, draft, message) => {
    const result = parse(typeof draft === 'object' && draft !== null ? draft : { draft });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n')).toContain(message);
  });
});

describe('the member schema', () => {
  it('accepts a member, with or without a profile link, logging no clicks unless asked', () => {
    expect(problems(memberSchema(context), member)).toEqual([]);
    expect(problems(memberSchema(context), { ...member, profile: 'https://example.org/profiles/one' })).toEqual([]);
    expect(memberSchema(context).parse(member).logBioClicks).toBe(false);
  });

  it.each([
    [
      'a fractional order',
      { order: 1.5 },
      'order: "order" must be a whole number, not 1.5. Write the card\'s position on the members page: order: 1',
    ],
    ['an empty name', { name: ' ' }, 'name: "name" is empty. Add the member\'s name.'],
    [
      'an email address without a domain',
      { email: 'author.one' },
      'email: "email" is not valid ("author.one"). Write a full address: email: name@example.org',
    ],
    ['an empty biography', { bio: [] }, 'bio: "bio" is empty. List at least one biography line.'],
    [
      'a biography line with nothing after its dash',
      { bio: ['Teaches.', null] },
      'bio.1: "bio" has an empty line. Write text after its "- ", or remove the line.',
    ],
    [
      'a biography written as one line',
      { bio: 'Teaches urban health. Leads the course.' },
      'bio: "bio" is one sentence, where it is a list of lines. Write "bio:" alone, then each sentence on a line of its own under it, indented two spaces: - "Teaches urban health." - "Leads the course."',
    ],
    [
      'a profile that is not an address',
      { profile: 'linkedin' },
      'profile: "profile" is not valid ("linkedin"). Write a full https:// address, or remove the line.',
    ],
    ['a yes/no written in words', { logBioClicks: 'yes please' }, 'logBioClicks: "logBioClicks" is not valid ("yes please"). Write true or false'],
    ['a photo without alt text', { photo: { src: './p.svg' } }, 'photo.alt: "photo.alt" is missing. Describe the image in a short sentence'],
    ['a misspelt field', { emial: 'a@b.org' }, ': Unknown member field "emial". Did you mean "email" instead of "emial"?'],
  ])('explains %s', (_, change, message) => {
    expect(problems(memberSchema(context), { ...member, ...change }).join('\n')).toContain(message);
  });
});

describe('suggesting the field a misspelling meant', () => {
  const fields = ['number', 'title', 'description', 'image'];
  it.each([
    ['titel', 'title'],
    ['Title', 'title'],
    ['nummber', 'number'],
    ['descripton', 'description'],
  ])('reads %s as %s', (key, meant) => expect(closestField(key, fields)).toBe(meant));

  it.each(['author', 'caption', 'id'])('suggests nothing for %s, which is no near spelling', (key) =>
    expect(closestField(key, fields)).toBeUndefined(),
  );
});
