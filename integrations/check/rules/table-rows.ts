/**
 * Tables a reader would not get whole: a row longer than the first (its last cells are not shown), a line typed straight
 * under a table (it joins it as a row), and an empty first row (the column names screen readers say with every cell).
 */
import noHiddenTableCell from 'remark-lint-no-hidden-table-cell';
import type { Finding } from '../findings.ts';
import { lint } from '../lint.ts';
import { type Node, startOf, textOf, walk } from '../mdast.ts';
import { defineRule } from '../rule.ts';
import type { SourceFile } from '../source-files.ts';

function checkTables(file: SourceFile): Finding[] {
  const findings: Finding[] = [];
  if (file.tree)
    walk(file.tree, (node) => {
      if (node.type !== 'table') return;
      findings.push(...longRows(file, node));
      if ((node.children?.[0]?.children ?? []).every((cell) => textOf(cell).trim() === ''))
        findings.push({
          file: file.file,
          ...file.at(startOf(node)),
          kind: 'page',
          help: 'tableRow',
          message:
            "The table's first row is empty: it is the row of column names, which screen readers say with every cell. Write each column's name in it.",
        });
    });
  return findings;
}

/** Rows with more cells than the table's first row: Markdown leaves the extra cells out of the page. */
function longRows(file: SourceFile, table: Node): Finding[] {
  const [header, ...rows] = table.children ?? [];
  const columns = header?.children?.length ?? 0;
  // A line typed straight under a table (its source, a note) joins it as a row: one with no | where the table has them.
  const lineAt = (node: Node) => file.source.slice(startOf(node)).split('\n')[0]!;
  const joined = header && lineAt(header).trimStart().startsWith('|') ? rows.find((row) => !lineAt(row).trimStart().startsWith('|')) : undefined;
  if (joined)
    return [
      {
        file: file.file,
        ...file.at(startOf(joined)),
        kind: 'page',
        help: 'tableRow',
        message: `"${lineAt(joined).trim()}" has no empty line above it, so it joins the table as a row, in its first column. Leave an empty line between the table and this line.`,
      },
    ];
  // remark-lint's: cells past the first row's, which Markdown leaves out of the page.
  const hidden = lint(table, noHiddenTableCell).map(({ parents }) => parents.at(-1)!);
  return [...new Set(hidden)].map((row) => {
    const cells = row.children?.length ?? 0;
    return {
      file: file.file,
      ...file.at(startOf(row)),
      kind: 'page' as const,
      help: 'tableRow' as const,
      message: `This row of the table has ${cells} cells and the table's first row ${columns}: readers would not see the last ${cells - columns === 1 ? 'cell' : `${cells - columns} cells`}. Add a column to the first row, or join the cells.`,
    };
  });
}

export default defineRule({
  check: checkTables,
  help: {
    tableRow: { shows: [{ rule: 'tableRows', example: 1 }] },
  },
  examples: {
    refused: [
      ['| City | Year |\n| --- | --- |\n| Lagos | 2018 | 14.4 |\n', "This row of the table has 3 cells and the table's first row 2"],
      [
        '| City | Year |\n| --- | --- |\n| Lagos | 2018 |\nSource: UN DESA.\n',
        '"Source: UN DESA." has no empty line above it, so it joins the table as a row',
      ],
      ['|  |  |\n| --- | --- |\n| Lagos | 2018 |\n', "The table's first row is empty"],
    ],
    accepted: ['| City | Year |\n| --- | --- |\n| Lagos | 2018 |\n\nSource: UN DESA.\n'],
  },
});
