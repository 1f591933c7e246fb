import { z } from 'astro/zod';
import { fieldError } from './messages.ts';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The Date a value names: YAML's own date, or text such as "2025-05-01" naming a real day (2025-02-30 does not). */
function toDay(value: Date | string): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const text = value.trim();
  const date = new Date(`${text}T00:00:00Z`);
  return isoDay.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? date : undefined;
}

/**
 * A calendar day as authors write it, `2025-05-01`: YAML reads that as a date, and in quotes as text;
 * both are accepted. Anything else, or a day that does not exist, is refused with the fix.
 */
export const day = (field: string) => {
  const error = fieldError(field, `Write the day as year-month-day: ${field}: 2025-05-01`);
  return z.union([z.date(), z.string()], { error }).transform((value, context) => {
    const date = toDay(value);
    if (date) return date;
    context.addIssue({ code: 'custom', input: value, message: error({ code: 'custom', input: value } as z.core.$ZodRawIssue) });
    return z.NEVER;
  });
};

/** The day a page's text last changed, shown under its title. */
export const lastUpdated = day('lastUpdated')
  .optional()
  .meta({
    description: "The day the text last changed, shown under the title; without it, the day of the file's last git commit.",
    examples: ['2025-05-01'],
  });
