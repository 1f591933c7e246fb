/**
 * The glob loader, plus what Astro leaves vague or silent: a frontmatter mistake is reported with
 * the file first and in plain words, every image an entry names must exist, and a file the pattern
 * would skip (BlockA.md among .mdx files) stops the build instead of vanishing from the book.
 */
import { existsSync, globSync } from 'node:fs';
import { basename, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AstroError } from 'astro/errors';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import { describeFieldIssues, issuesInAstroReport } from './frontmatter-errors.ts';
import { imageRefs } from './image-refs.ts';

type GlobOptions = Parameters<typeof glob>[0];

export function checkedGlob(options: GlobOptions): Loader {
  const inner = glob(options);
  return {
    name: 'book-checked-glob',
    load: async (context) => {
      checkNothingSkipped(options, context);
      await inner.load({ ...context, parseData: explainingParse(context) });
      checkImagesExist(context);
    },
  };
}

/** parseData that rethrows Astro's schema report as one line per mistake, starting with the file. */
function explainingParse(context: LoaderContext): LoaderContext['parseData'] {
  return async (props) => {
    try {
      return await context.parseData(props);
    } catch (error) {
      const report = error instanceof Error && error.name === 'InvalidContentEntryDataError' ? error : undefined;
      const issues = report ? issuesInAstroReport(report.message) : [];
      // Any other error, or a report in a shape this does not know, is passed on as Astro wrote it.
      if (!report || issues.length === 0 || !props.filePath) throw error;
      const file = fromRoot(context, props.filePath);
      const explained = new AstroError(
        `The frontmatter of ${file} has ${issues.length === 1 ? 'a mistake' : `${issues.length} mistakes`}:\n${describeFieldIssues(file, issues)}`,
        'The frontmatter is the lines between the two --- at the top of the file. Change them as described above, then build again.',
      );
      // Keep Astro's location (the file and the line of the first field at fault), not this loader's.
      throw Object.assign(explained, { loc: 'loc' in report ? report.loc : { file: props.filePath } });
    }
  };
}

/** A path as the author sees it in the project (chapters/02-second.mdx); the glob loader hands parseData absolute ones. */
function fromRoot(context: LoaderContext, path: string): string {
  return isAbsolute(path) ? relative(fileURLToPath(context.config.root), path).split(sep).join('/') : path;
}

/** Every image an entry names must exist (Astro's own error comes late and names neither entry nor field). */
function checkImagesExist(context: LoaderContext) {
  const root = fileURLToPath(context.config.root);
  const missing = context.store.values().flatMap(({ data, filePath, assetImports = [] }) =>
    filePath
      ? imageRefs(data, filePath, assetImports)
          .filter((ref) => !existsSync(join(root, ref.resolved)))
          .map((ref) => ({ ref, file: filePath }))
      : [],
  );
  if (missing.length === 0) return;
  const lines = missing.map(({ ref, file }) => `${file}: "${ref.field}": the image ${ref.written} does not exist (looked for ${ref.resolved}).`);
  throw new AstroError(
    `${missing.length === 1 ? 'An image is' : `${missing.length} images are`} missing:\n${lines.join('\n')}`,
    'Put the image file at that path, or correct the path; it is relative to the file that names it.',
  );
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
