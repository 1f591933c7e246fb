/**
 * The glob loader, plus what Astro leaves vague or silent: a frontmatter mistake is reported with the file and
 * the line first and in plain words (frontmatter-mistakes.ts), every picture an entry names must exist, and a file
 * the pattern would skip (BlockA.md among .mdx files) stops the build instead of vanishing from the book.
 */
import { globSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstroError } from 'astro/errors';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import { skippedFiles } from './chapter-files.ts';
import { BookMistake, type EntrySchema, frontmatterMistake, readFrontmatter, shownPath, unclosedMistake } from './frontmatter-mistakes.ts';

type GlobOptions = Parameters<typeof glob>[0];

export function checkedGlob(options: GlobOptions, schema: EntrySchema): Loader {
  const inner = glob(options);
  return {
    name: 'book-checked-glob',
    load: async (context) => {
      const root = fileURLToPath(context.config.root);
      const dir = fileURLToPath(new URL(String(options.base ?? '.'), context.config.root));
      checkNothingSkipped(options, dir, root);
      const parseData: LoaderContext['parseData'] = (props) => {
        // The glob loader has read the YAML, and gives the file's absolute path.
        const file = props.filePath ? resolve(root, props.filePath) : undefined;
        const source = file ? readFileSync(file, 'utf8') : '';
        const mistake = file && (unclosedMistake(root, file, source) ?? frontmatterMistake(root, file, source, props.data, schema));
        if (mistake) {
          // In `astro dev` the entry keeps its last valid data, and the author check shows the mistake in its words
          // (integrations/check/while-editing.ts): thrown, the loader would print it a second time, in its own. A file
          // emptied is most often the first of a save's two writes: kept out, so that pages do not reload before the second.
          const last = context.watcher && source.trim() !== '' && context.store.get(props.id)?.data;
          if (last) return Promise.resolve(last as typeof props.data);
          throw mistake;
        }
        return context.parseData(props);
      };
      // In `astro dev` the author check reports every file the loader cannot read, in its words (a YAML mistake too,
      // which the loader meets before parseData): the loader's own error line would say it a second time.
      const logger = context.watcher ? quietErrors(context.logger) : context.logger;
      await inner.load({ ...context, logger, parseData }).catch((error: unknown) => {
        // The glob loader's own YAML reader names no file and no fix: the first file that cannot be read, read again.
        throw (!(error instanceof BookMistake) && unreadableIn(root, dir, options.pattern)) || error;
      });
    },
  };
}

/** The logger with its errors kept for --verbose. */
function quietErrors(logger: LoaderContext['logger']): LoaderContext['logger'] {
  const quiet: LoaderContext['logger'] = Object.create(logger);
  quiet.error = (message) => logger.debug(message);
  return quiet;
}

/** The first file of the pattern whose frontmatter cannot be read, as a mistake. */
function unreadableIn(root: string, dir: string, pattern: GlobOptions['pattern']) {
  const files = typeof pattern === 'string' ? globSync(pattern, { cwd: dir }) : [];
  for (const file of files.sort()) {
    const { mistake } = readFrontmatter(root, join(dir, file), readFileSync(join(dir, file), 'utf8'));
    if (mistake) return mistake;
  }
  return undefined;
}

/** Stops the build if a file beside the entries looks like one but does not match the pattern (BlockA.md, 04-food.MDX). */
function checkNothingSkipped({ pattern }: GlobOptions, dir: string, root: string) {
  if (typeof pattern !== 'string') return;
  const skipped = skippedFiles(pattern, dir);
  if (skipped.length === 0) return;
  const lines = skipped.map(({ file, message }) => `${shownPath(root, join(dir, file))}: ${message}`);
  throw new AstroError(
    `${skipped.length === 1 ? 'A file has' : `${skipped.length} files have`} the wrong ending:\n${lines.join('\n')}`,
    `Rename the file${skipped.length === 1 ? '' : 's'} as shown above, then build again.`,
  );
}
