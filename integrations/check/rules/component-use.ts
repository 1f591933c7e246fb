/**
 * What a file writes in MDX that readers would not get: text read as code ({…}), a file imported that is not there or
 * another page's text, a tip on a line of its own, a link button holding a link or no words, Markdown, a footnote mark
 * or a citation in a component's words, and every wrong use of a book component (its props, as the build checks them).
 */
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { componentOf, wordPropsOf } from '../../../src/components/book/component-rules.ts';
import { componentProblems } from '../../mdx-component-check.ts';
import type { Finding } from '../findings.ts';
import { attributeValue, type Node, startOf, textOf, walk } from '../mdast.ts';
import { markupIn, writtenAsCitation } from '../prose.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

function checkComponentUse(file: SourceFile): Finding[] {
  if (file.syntaxError) return [];
  const findings: Finding[] = [];
  if (file.tree) {
    walk(file.tree, (node, ancestors) => {
      const at = { file: file.file, ...file.at(startOf(node)) };
      // The code inside a <style> or <script> is that element's, which is refused on its own.
      const inRefused = ancestors.some((ancestor) => ancestor.name === 'style' || ancestor.name === 'script');
      if (
        (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') &&
        !inRefused &&
        !/^\s*(\/\*[\s\S]*\*\/)?\s*$/.test(node.value ?? '')
      ) {
        const written = `{${node.value ?? ''}}`;
        findings.push({
          ...at,
          kind: 'mdx',
          help: 'textMistakes',
          message: `${written} is read as a piece of code, which the page cannot show, and the build stops on it. To show the brackets, write \\${written.slice(0, -1)}\\}; for a note to yourself, {/* the note */}.`,
        });
      }
      if (node.type === 'mdxjsEsm') findings.push(...missingImports(file, node));
      if (componentOf(node.name)?.popup && node.type === 'mdxJsxFlowElement')
        findings.push({
          ...at,
          kind: 'component',
          help: 'textMistakes',
          message:
            `A <${node.name}> goes at the end of the sentence it belongs to, on the same line: ...thinnest. <${node.name} …>…</${node.name}>. ` +
            'On a line of its own it is a button with no sentence; for paragraphs or a list, use a <Box>.',
        });
      if (node.name === 'LinkButton') {
        let inner = false;
        walk(node, (child) => (inner ||= child !== node && child.type === 'link'));
        if (inner)
          findings.push({
            ...at,
            kind: 'component',
            help: 'linkText',
            message:
              '<LinkButton> is a link already: a link inside it cannot be followed. Write only its words between <LinkButton href="…"> and </LinkButton>.',
          });
        else if (textOf(node).trim() === '')
          findings.push({
            ...at,
            kind: 'component',
            help: 'linkText',
            message:
              '<LinkButton> has no words, so a screen reader announces a link with no name. Write where it leads between the tags: <LinkButton href="…">Continue to Chapter 2</LinkButton>.',
          });
      }
      for (const prop of wordPropsOf(node.name)) {
        const value = node.name ? attributeValue(node, prop) : undefined;
        const markup = value ? markupIn(value) : undefined;
        if (markup)
          findings.push({
            ...at,
            kind: 'component',
            help: 'unreadMarkdown',
            message: `The prop "${prop}" of <${node.name}> holds ${markup}, which a prop shows as it is written. Write it as plain words${prop === 'caption' || prop === 'source' ? ', and put a link in the text beside it' : ''}.`,
          });
        else if (value && /\[\^[^\]\s]+\]/.test(value))
          findings.push({
            ...at,
            kind: 'component',
            help: 'footnote',
            message: `A footnote mark in the prop "${prop}" of <${node.name}> is shown as it is written: marks work in the text, not in props. Put it in the text after the ${node.name === 'Figure' ? 'figure' : 'component'}.`,
          });
        else if (value && writtenAsCitation.test(value))
          findings.push({
            ...at,
            kind: 'citation',
            help: 'unreadMarkdown',
            message: `A citation in the prop "${prop}" of <${node.name}> is shown as it is written: citations work in the text, not in props. Move it into the text after the ${node.name === 'Figure' ? 'figure' : 'component'}, or write the source out in words.`,
          });
      }
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      // The mdast node is the one the build's check reads; its loose type here is the same object.
      const problems = componentProblems(node as Parameters<typeof componentProblems>[0], file.imported);
      for (const message of problems) findings.push({ file: file.file, ...file.at(startOf(node)), kind: 'component', message });
    });
  }
  return findings;
}

/** An import of a file that is not there: the build would stop, naming a file the author never wrote. */
function missingImports(file: SourceFile, esm: Node): Finding[] {
  return [...(esm.value ?? '').matchAll(/\bfrom\s+(["'])(\.{1,2}\/[^"']+)\1/g)].flatMap((match) => {
    const target = resolve(dirname(file.path), match[2]!);
    const at = file.at(startOf(esm) + (esm.value ?? '').lastIndexOf('\n', match.index) + 1);
    // Another page's text, shown in this one, would render without the components its own page gives it.
    if (/\.mdx?$/i.test(match[2]!))
      return [
        {
          file: file.file,
          ...at,
          kind: 'mdx' as const,
          help: 'notComponent' as const,
          message: `This line imports ${match[2]}, another page of the book, to show it inside this one, which the book cannot render. Link to it instead: [its title](/index/ChapterN), and remove this line.`,
        },
      ];
    if (existsSync(target)) return [];
    return [
      {
        file: file.file,
        ...at,
        kind: 'mdx' as const,
        help: 'notComponent' as const,
        message: `This line imports ${match[2]}, which does not exist. The book's components need no import: remove the line, or correct the path (it is relative to this file).`,
      },
    ];
  });
}

export default defineRule({
  check: checkComponentUse,
  examples: {
    refused: [
      ['The cost is {price} a month.\n', '{price} is read as a piece of code'],
      ['<Tip label="Suggested reading">A book.</Tip>\n', 'A <Tip> goes at the end of the sentence it belongs to'],
      ['<LinkButton href="/index/Chapter2"></LinkButton>\n', '<LinkButton> has no words'],
      ['<Box number={1} title="Maya **cities**">\n\nText.\n\n</Box>\n', 'The prop "title" of <Box> holds'],
      ['<Box number={1}>\n\nText.\n\n</Box>\n', '<Box> needs the prop "title"'],
      ["import Chart from './chart.astro';\n\nText.\n", 'This line imports ./chart.astro, which does not exist'],
    ],
    accepted: ['Cities grew. <Tip label="Suggested reading">A book.</Tip>\n\n<Box number={1} title="Maya cities">\n\nText.\n\n</Box>\n'],
  },
});
