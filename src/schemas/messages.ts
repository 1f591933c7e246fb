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
    shows: [{ build: 'missing-alt' }, { build: 'missing-title' }],
  },
  fieldEmpty: {
    shows: [{ build: 'empty-title' }, { build: 'empty-alt' }],
  },
  fieldNotValid: {
    shows: [
      { build: 'non-number' },
      { build: 'bad-last-updated' },
      { build: 'impossible-date' },
      { build: 'future-date' },
      { build: 'draft-not-boolean' },
      { build: 'image-as-path' },
    ],
  },
  wholeNumber: {
    shows: [{ build: 'fractional-number' }, { build: 'zero-number' }],
  },
  unknownField: {
    about: ['Usually a misspelling. Sub-pages have no `number` or `image`.'],
    shows: [{ build: 'unknown-field' }, { build: 'unknown-subpage-field' }],
  },
};
