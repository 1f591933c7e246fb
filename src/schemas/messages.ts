import type { z } from 'astro/zod';
import { withHelp, type Help } from '../lib/troubleshooting.ts';

/**
 * Builds a Zod error map whose messages name the field and the fix, so an author reading the
 * build output knows what to change without reading code.
 */
export function fieldError(field: string, fix: string) {
  return (issue: z.core.$ZodRawIssue) => {
    if (issue.input === undefined) return withHelp(`"${field}" is missing. ${fix}`, 'fieldMissing');
    // YAML reads a line with nothing after the colon (`title:`) as null: to an author, that is empty.
    if (issue.input === null) return emptyError(field, fix);
    // `title: 2030`: YAML reads a number, where words were meant.
    if (issue.code === 'invalid_type' && issue.expected === 'string' && typeof issue.input === 'number')
      return withHelp(
        `"${field}" is read as a number (${issue.input}), not as words. If the number is meant, put it in quotes: ${field}: "${issue.input}"`,
        'fieldNotValid',
      );
    // `title: {Water}` or `title: [Water]`: YAML reads brackets at the start of a value as fields or a list.
    if (issue.code === 'invalid_type' && issue.expected === 'string' && typeof issue.input === 'object')
      return withHelp(
        `"${field}" starts with ${Array.isArray(issue.input) ? '[, which YAML reads as a list' : '{, which YAML reads as a group of fields'}, not as words. Remove the brackets, or put the whole value in quotes: ${field}: "…".`,
        'fieldNotValid',
      );
    return withHelp(`"${field}" is not valid (${JSON.stringify(issue.input)}). ${fix}`, 'fieldNotValid');
  };
}

/** The message for a field written with nothing in it (`title:` or `title: ""`). */
export const emptyError = (field: string, fix: string) => withHelp(`"${field}" is empty. ${fix}`, 'fieldEmpty');

/** Error map for a rule a value of the right type breaks (a whole number, 1 or more): names the value written and the fix. */
export function ruleError(field: string, rule: string, fix: string) {
  return (issue: z.core.$ZodRawIssue) => withHelp(`"${field}" must be ${rule}, not ${JSON.stringify(issue.input)}. ${fix}`, 'wholeNumber');
}

/** Error map for objects: names unknown fields, suggests the field a misspelling was meant to be, lists the allowed ones. */
export function unknownFieldError(where: string, allowed: readonly string[]) {
  return (issue: z.core.$ZodRawIssue) => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const suggestions = keys.flatMap((key) => {
      const meant = closestField(key, allowed);
      return meant ? [`Did you mean "${meant}" instead of "${key}"?`] : [];
    });
    const named = keys.map((k) => `"${k}"`).join(', ');
    const [fields, lines] = keys.length === 1 ? ['field', 'the line'] : ['fields', 'those lines'];
    const message = [
      `Unknown ${where} ${fields} ${named}.`,
      ...suggestions,
      `Correct the spelling, or remove ${lines}; allowed fields: ${allowed.join(', ')}.`,
    ].join(' ');
    return withHelp(message, 'unknownField');
  };
}

/** Every allowed field as close as the closest (galea2007: galea2005 and galea2006), at most two letters away. */
export function closestFields(key: string, allowed: readonly string[]): string[] {
  const best = closestField(key, allowed);
  if (best === undefined) return [];
  const distance = editDistance(key.toLowerCase(), best.toLowerCase());
  return allowed.filter((field) => editDistance(key.toLowerCase(), field.toLowerCase()) === distance);
}

/** The allowed field a misspelt key most likely meant: at most two letters changed, added or removed. */
export function closestField(key: string, allowed: readonly string[]): string | undefined {
  const scored = allowed.map((field) => ({ field, distance: editDistance(key.toLowerCase(), field.toLowerCase()) }));
  const best = scored.sort((a, b) => a.distance - b.distance)[0];
  return best && best.distance <= 2 && best.distance < key.length ? best.field : undefined;
}

/** Levenshtein distance, counting a swap of two neighbouring letters (titel → title) as one change. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The troubleshooting page's entries for the mistakes found here (Help). */
export const help: Help = {
  fieldMissing: {
    shows: [
      {
        build: 'missing-alt',
        says: 'chapters/02-second.mdx:4:1: Frontmatter: "image.alt" is missing. Describe the image in a short sentence: alt: "A crowded street market".',
      },
      {
        build: 'missing-title',
        says: 'chapters/02-second.mdx:1:1: Frontmatter: "title" is missing. Add the chapter\'s title: title: "Public health in mega-slums"',
      },
    ],
  },
  fieldEmpty: {
    shows: [
      {
        build: 'empty-title',
        says: 'chapters/02-second.mdx:3:1: Frontmatter: "title" is empty. Add the chapter\'s title: title: "Public health in mega-slums"',
      },
      {
        build: 'empty-alt',
        says: 'chapters/01-first.mdx:6:3: Frontmatter: "image.alt" is empty. Describe the image in a short sentence: alt: "A crowded street market".',
      },
    ],
  },
  fieldNotValid: {
    shows: [
      {
        build: 'non-number',
        says: 'chapters/02-second.mdx:2:1: Frontmatter: "number" is not valid ("two"). Write the chapter\'s position as a whole number: number: 2',
      },
      {
        build: 'bad-last-updated',
        says: 'chapters/02-second.mdx:4:1: Frontmatter: "lastUpdated" is not valid ("last spring"). Write the day as year-month-day: lastUpdated: 2025-05-01',
      },
      {
        build: 'impossible-date',
        says: 'chapters/02-second.mdx:4:1: Frontmatter: "lastUpdated" is no day of the calendar ("2025-13-45"): check its month (01 to 12) and its day.',
      },
      {
        build: 'future-date',
        says: 'chapters/02-second.mdx:4:1: Frontmatter: "lastUpdated" is a day still to come (2052-05-01): write the day the text last changed.',
      },
      {
        build: 'draft-not-boolean',
        says: 'chapters/02-second.mdx:5:1: Frontmatter: "draft" is not valid ("yes"). Write draft: true to keep the chapter out of the built book, or remove the line to publish it.',
      },
      {
        build: 'image-as-path',
        says: 'chapters/02-second.mdx:5:1: Frontmatter: "image" is not valid ("./images/street.svg"). Give the picture and its description:\n  image:\n    src: ./images/street.svg\n    alt: "A crowded street market"',
      },
    ],
  },
  wholeNumber: {
    shows: [
      {
        build: 'fractional-number',
        says: 'chapters/02-second.mdx:2:1: Frontmatter: "number" must be a whole number, not 2.5. Write the chapter\'s position as a whole number: number: 2',
      },
      { build: 'zero-number', says: 'chapters/02-second.mdx:2:1: Frontmatter: "number" must be 1 or more, not 0. The first chapter is number: 1' },
    ],
  },
  unknownField: {
    about: ['Usually a misspelling. Sub-pages have no `number` or `image`.'],
    shows: [
      {
        build: 'unknown-field',
        says: 'chapters/02-second.mdx:3:1: Frontmatter: Unknown chapter field "titel". Did you mean "title" instead of "titel"? Correct the spelling, or remove the line; allowed fields: number, title, description, image, lastUpdated, inPreparation, draft.',
      },
      {
        build: 'unknown-subpage-field',
        says: 'chapters/02-second/BlockA.mdx:4:1: Frontmatter: Unknown sub-page field "image". Correct the spelling, or remove the line; allowed fields: chapter, order, title, description, lastUpdated, draft.',
      },
    ],
  },
};
