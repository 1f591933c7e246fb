/**
 * A picture in a chapter's text that does not exist stops the build with the chapter's own line and the
 * author check's words, instead of the bundler's "Could not resolve", which points at a line of generated code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { shownPath } from '../check/book-source.ts';
import { missingPictureMessage } from '../check/pictures.ts';

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
