/** A published page that still holds the instructions of the template npm run new:chapter and new:subpage start it from. */
import type { Finding } from '../findings.ts';
import type { BookMap } from '../book-map.ts';
import { defineRule, exampleFrontmatter } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

/** The words every instruction of the templates (tools/new/templates/) starts with, wherever a line wraps between them. */
const templateInstruction =
  /\breplace\s+this\b|replace\s+it\s+with\s+the\s+chapter's\s+picture|"a placeholder made by npm run new:|\bwrite\s+three\s+to\s+\w+\s+\w+,\s+one\s+a\s+line\b/gi;

/** The source with what readers never see blanked out, offsets kept: MDX comments and the frontmatter's # comments. */
const shownText = (source: string) =>
  source
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^---\n[\s\S]*?\n---(?=\n)/, (frontmatter) => frontmatter.replace(/^(\s*)#.*$/gm, (line) => line.replace(/[^\n]/g, ' ')));

/** A published page (neither it nor its chapter a draft) with the template's instructions still in it. */
function checkTemplateText(file: SourceFile, { draftOf }: Pick<BookMap, 'draftOf'>): Finding[] {
  if (draftOf(file)) return [];
  // Every instruction left, each at its place: an author fixing them one run at a time would find the next only after.
  return [...shownText(file.source).matchAll(templateInstruction)].map((found) => {
    // The instruction's words, joined where its line wraps, up to the end of its italics or quotes.
    const text = file.source
      .slice(found.index, found.index + 120)
      .replace(/\s+/g, ' ')
      .replace(/^"/, '')
      .replace(/[*"][\s\S]*$/, '');
    return {
      file: file.file,
      ...file.at(found.index),
      kind: 'template' as const,
      message:
        `The page is published but still has the template's instructions ("${text.length > 60 ? `${text.slice(0, 60)}…` : text}"): readers would see them. ` +
        'Write your own text in their place, or keep the page a draft (draft: true) until it is done.',
    };
  });
}

export default defineRule({
  check: checkTemplateText,
  help: {
    templateText: {
      about: ['A published page still holds the instructions, in italics, that `npm run new:chapter` or `new:subpage` wrote.'],
      shows: [{ rule: 'templateText', example: 1 }],
    },
  },
  examples: {
    refused: [
      [
        "*Replace this paragraph with the chapter's opening: why its subject matters for health in cities.*\n",
        'The page is published but still has the template\'s instructions ("Replace this paragraph',
      ],
    ],
    accepted: [
      `${exampleFrontmatter('number: 2\ntitle: "A second chapter"\ndraft: true')}*Replace this paragraph with the chapter's opening.*\n`,
      '{/* Replace this paragraph once the chapter is written. */}\n\nCities grew faster than their sewers.\n',
    ],
  },
});
