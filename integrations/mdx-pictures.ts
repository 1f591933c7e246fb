/**
 * A picture in a chapter's text that does not exist stops the build with the chapter's own line and the
 * author check's words, instead of the bundler's "Could not resolve", which points at a line of generated code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { withHelp } from '../src/lib/troubleshooting.ts';

/** What an author reads about a picture that is not where the chapter says (the author check says the same). */
export const missingPictureMessage = (url: string, lookedFor: string): string =>
  withHelp(
    `${url} does not exist (looked for ${lookedFor}). Put the picture there, or correct the path${url.startsWith('/') ? '' : ': it is relative to this file'}.`,
    'missingPicture',
  );

/** A path as the author sees it from the project's folder (chapters/01-introduction.mdx). */
const shownPath = (path: string) => relative(process.cwd(), path).split(sep).join('/');

export function mdxPictures(): Plugin {
  return {
    name: 'book:mdx-pictures',
    enforce: 'pre',
    resolveId: {
      // Only relative paths call this hook (the bundler skips it for every other import).
      filter: { id: /^\.\.?\// },
      handler(source, importer) {
        if (!importer?.endsWith('.mdx')) return null;
        const picture = resolve(dirname(importer), source.split(/[?#]/)[0] ?? source);
        if (existsSync(picture)) return null;
        const text = readFileSync(importer, 'utf8');
        const at = text.indexOf(`(${source}`) + 1 || text.indexOf(source);
        const before = text.slice(0, Math.max(at, 0));
        const line = at > 0 ? before.split('\n').length : undefined;
        return this.error({
          message: `${shownPath(importer)}${line ? `:${line}` : ''}: ${missingPictureMessage(source, shownPath(picture))}`,
          ...(line ? { loc: { file: importer, line, column: before.length - before.lastIndexOf('\n') } } : {}),
        });
      },
    },
  };
}
