import { z } from 'astro/zod';
import { withHelp } from '../lib/troubleshooting.ts';
import { fieldError } from './messages.ts';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** The earliest day a page can say it last changed. */
const earliestDay = '2000-01-01';

/** The Date a value names: YAML's own date, or text such as "2025-05-01" naming a real day (2025-02-30 does not). */
function toDay(value: Date | string): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const text = value.trim();
  const date = new Date(`${text}T00:00:00Z`);
  return isoDay.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? date : undefined;
}

/**
 * A calendar day as authors write it, `2025-05-01`: YAML reads that as a date, and in quotes as text;
 * both are accepted. Anything else, or a day that does not exist, is refused with the fix; with `past`, so is a day
 * after today or before 2000 (a typing slip, 2052 or 1825 for 2025, that would be published as it is).
 */
const day = (field: string, { past = false } = {}) => {
  const error = fieldError(field, `Write the day as year-month-day: ${field}: 2025-05-01`);
  return z.union([z.date(), z.string()], { error }).transform((value, context) => {
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', input: value, message });
      return z.NEVER;
    };
    const date = toDay(value);
    if (!date) {
      // Written in the right form, but no day of the calendar (2025-02-30): the form is not what to change.
      if (typeof value === 'string' && isoDay.test(value.trim()))
        return refuse(
          withHelp(`"${field}" is no day of the calendar (${JSON.stringify(value)}): check its month (01 to 12) and its day.`, 'fieldNotValid'),
        );
      return refuse(error({ code: 'custom', input: value } as z.core.$ZodRawIssue));
    }
    const written = date.toISOString().slice(0, 10);
    if (past && written > new Date().toISOString().slice(0, 10))
      return refuse(withHelp(`"${field}" is a day still to come (${written}): write the day the text last changed.`, 'fieldNotValid'));
    // 1825 for 2025: a page of this book last changed before 2000 is a typing slip.
    if (past && written < earliestDay)
      return refuse(
        withHelp(
          `"${field}" is a day before ${earliestDay.slice(0, 4)} (${written}): check its year, and write the day the text last changed.`,
          'fieldNotValid',
        ),
      );
    return date;
  });
};

/** The day a page's text last changed, shown under its title. */
export const lastUpdated = day('lastUpdated', { past: true })
  .optional()
  .meta({
    description: "The day the text last changed, shown under the title; without it, the day of the file's last git commit.",
    examples: ['2025-05-01'],
  });
