import type { z } from 'astro/zod';

/**
 * Builds a Zod error map whose messages name the field and the fix, so an author reading the
 * build output knows what to change without reading code.
 */
export function fieldError(field: string, fix: string) {
  return (issue: z.core.$ZodRawIssue) =>
    issue.input === undefined
      ? `"${field}" is missing. ${fix}`
      : `"${field}" is not valid (${JSON.stringify(issue.input)}). ${fix}`;
}

/** Error map for objects: names unknown fields and lists the allowed ones. */
export function unknownFieldError(where: string, allowed: readonly string[]) {
  return (issue: z.core.$ZodRawIssue) => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    const keys = (issue as { keys?: string[] }).keys ?? [];
    return `Unknown ${where} field ${keys.map((k) => `"${k}"`).join(', ')}. Remove it or fix its spelling; allowed fields: ${allowed.join(', ')}.`;
  };
}
