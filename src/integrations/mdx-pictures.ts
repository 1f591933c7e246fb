/**
 * A picture in a chapter's text that does not exist stops the build with the chapter's own line and the
 * author check's words, instead of the bundler's "Could not resolve", which points at a line of generated code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { missingPictureMessage } from '../check/pictures.ts';

export function mdxPictures(): Plugin {
  return {
    name: 'book:mdx-pictures',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.endsWith('.mdx') || !/^\.\.?\//.test(source)) return null;
      const picture = resolve(dirname(importer), source.split(/[?#]/)[0] ?? source);
      if (existsSync(picture)) return null;
      const text = readFileSync(importer, 'utf8');
      const at = text.indexOf(`(${source}`) + 1 || text.indexOf(source);
      const line = at > 0 ? text.slice(0, at).split('\n').length : undefined;
      const file = relative(process.cwd(), importer).split(sep).join('/');
      const shown = relative(process.cwd(), picture).split(sep).join('/');
      return this.error({
        message: `${file}${line ? `:${line}` : ''}: ${missingPictureMessage(source, shown)}`,
        ...(line ? { loc: { file: importer, line, column: text.slice(0, at).length - text.slice(0, at).lastIndexOf('\n') } } : {}),
      });
    },
  };
}
