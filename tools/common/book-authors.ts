/**
 * The book's authors as their profiles name them (book/members/*.yaml), in their cards' order: for a tool that runs
 * outside the build, which reads them through src/lib/member-list.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export function bookAuthors(project = join(import.meta.dirname, '../..')): string[] {
  const dir = join(project, 'book/members');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => parse(readFileSync(join(dir, name), 'utf8')) as { order: number; name: string })
    .sort((a, b) => a.order - b.order)
    .map((member) => member.name);
}
