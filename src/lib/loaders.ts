/**
 * The glob loader, plus what Astro leaves vague or silent: a frontmatter mistake is reported with
 * the file and line first and in plain words, every image an entry names must exist, and a file the pattern
 * would skip (BlockA.md among .mdx files) stops the build instead of vanishing from the book.
 * In `astro dev` a frontmatter mistake does not stop the server: the pages show it until it is fixed.
 */
import { globSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstroError } from 'astro/errors';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext, ParseDataOptions } from 'astro/loaders';
import { type DevMistakes, devMistakes } from './dev-mistakes.ts';
import { describeFieldIssues, issuesInAstroReport, locateIssues, type Mistake, mistakeError } from './frontmatter-errors.ts';
import { imagesMistake, missingImages } from './missing-images.ts';
import { settledWatcher } from './settled-watcher.ts';

type GlobOptions = Parameters<typeof glob>[0];

export function checkedGlob(options: GlobOptions): Loader {
  const inner = glob(options);
  return {
    name: 'book-checked-glob',
    load: async (context) => {
      checkNothingSkipped(options, context);
      // `astro dev` watches the files, and must keep running when one has a mistake.
      const dev = context.watcher ? devMistakes(context) : undefined;
      const watched = context.watcher ? { watcher: settledWatcher(context.watcher) } : {};
      await inner.load({ ...context, ...watched, store: dev?.store ?? context.store, parseData: explainingParse(context, dev) }).catch((error: unknown) => {
        throw unreadableFrontmatter(context, error) ?? error;
      });
      dev?.loaded();
      const root = fileURLToPath(context.config.root);
      const missing = dev ? [] : missingImages(root, context.store.values());
      if (missing.length > 0) throw mistakeError(imagesMistake(root, missing));
    },
  };
}

/** parseData that rethrows Astro's schema report as one line per mistake, starting with the file and the line. */
function explainingParse(context: LoaderContext, dev: DevMistakes | undefined): LoaderContext['parseData'] {
  return async <Data extends Record<string, unknown>>(props: ParseDataOptions<Data>) => {
    try {
      const data = await context.parseData(props);
      if (props.filePath) dev?.fixed(props.filePath);
      return data;
    } catch (error) {
      const report = error instanceof Error && error.name === 'InvalidContentEntryDataError' ? error : undefined;
      const issues = report ? issuesInAstroReport(report.message) : [];
      // Any other error, or a report in a shape this does not know, is passed on as Astro wrote it.
      if (!report || issues.length === 0 || !props.filePath) throw error;
      const file = fromRoot(context, props.filePath);
      const located = locateIssues(readFileSync(props.filePath, 'utf8'), issues);
      // The overlay shows the first line at fault, or the frontmatter's first line when every field at fault is missing.
      const at = located.find((issue) => issue.line) ?? { line: 1, column: 1 };
      const mistake: Mistake = {
        message: `The frontmatter of ${file} has ${issues.length === 1 ? 'a mistake' : `${issues.length} mistakes`}:\n${describeFieldIssues(file, located)}`,
        hint: `The frontmatter is the lines between the two --- at the top of the file. Change them as described above, ${dev ? 'and save the file: the page reloads by itself.' : 'then build again.'}`,
        // Astro's own location has no line; this one is for the dev server's overlay and editors.
        loc: { file: props.filePath, line: at.line, column: at.column },
      };
      if (!dev) throw mistakeError(mistake);
      return dev.mistake(props, mistake);
    }
  };
}

/** A frontmatter the YAML reader cannot read at all (its error names no file and no fix): the file, the line and the usual cause. */
function unreadableFrontmatter(context: LoaderContext, error: unknown): AstroError | undefined {
  const yaml = error as { name?: string; reason?: string; id?: string; mark?: { line: number; column: number } };
  if (yaml?.name !== 'YAMLException' || !yaml.id || !yaml.mark) return undefined;
  const line = yaml.mark.line + 1;
  return mistakeError({
    message: `${fromRoot(context, yaml.id)}:${line}: the frontmatter cannot be read (${yaml.reason ?? 'not valid YAML'}, at column ${yaml.mark.column + 1}).`,
    hint: 'A value with a colon in it must be in double quotes: title: "Water: a human right". Lines under image: are indented by two spaces.',
    loc: { file: yaml.id, line, column: yaml.mark.column + 1 },
  });
}

/** A path as the author sees it in the project (chapters/02-second.mdx); the glob loader hands parseData absolute ones. */
function fromRoot(context: LoaderContext, path: string): string {
  return isAbsolute(path) ? relative(fileURLToPath(context.config.root), path).split(sep).join('/') : path;
}

/** Extensions an author may use for the one a loader reads; such files would otherwise be left out without a word. */
const lookalikes: Record<string, RegExp> = { mdx: /\.(mdx?|markdown)$/i, yaml: /\.ya?ml$/i };
/** Notes for people, not pages of the book. */
const readme = /(^|\/)readme\.[^/]*$/i;

/** Stops the build if a file beside the entries looks like one but does not match the pattern (BlockA.md, 04-food.MDX). */
function checkNothingSkipped({ pattern, base }: GlobOptions, context: LoaderContext) {
  if (typeof pattern !== 'string') return;
  const extension = /\.(\w+)$/.exec(pattern)?.[1] ?? '';
  const lookalike = lookalikes[extension];
  if (!lookalike) return;
  const dir = fileURLToPath(new URL(String(base ?? '.'), context.config.root));
  const skipped = globSync(pattern.replace(/\.\w+$/, '.*'), { cwd: dir }).filter(
    (file) => lookalike.test(file) && !file.endsWith(`.${extension}`) && !readme.test(file),
  );
  if (skipped.length === 0) return;
  const lines = skipped.map((file) => {
    const name = basename(file);
    return `${fromRoot(context, join(dir, file))}: the book only reads files ending in .${extension}, so this one would be left out. Rename it to ${name.replace(/\.\w+$/, `.${extension}`)}.`;
  });
  throw new AstroError(
    `${skipped.length === 1 ? 'A file has' : `${skipped.length} files have`} the wrong ending:\n${lines.join('\n')}`,
    `Rename the file${skipped.length === 1 ? '' : 's'} as shown above, then build again.`,
  );
}
