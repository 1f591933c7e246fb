/**
 * Every program from outside npm that the site, the tests and the tools run is in tools/common/system-tools.txt, which
 * .ci/run installs from, and is found through it (tools/common/system-tools.ts), so that a machine without it says
 * what to install instead of crashing with "spawn … ENOENT".
 */
import { globSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemToolTable } from '../../tools/common/system-tools.ts';

/** Programs every machine that runs npm and .ci/run has: Node itself (process.execPath), npm, git and the shells. */
const everywhere = new Set(['node', 'npm', 'git', 'sh', 'bash']);
/** What package.json's scripts may use besides: the shell's file commands, as on every machine npm runs on. */
const shell = new Set(['rm', 'mv']);
// This file's own examples of what the check finds are left out.
const code = globSync('{src,tests,tools,integrations}/**/*.{ts,mjs,js}', {
  exclude: ['tests/.output/**', 'tests/fixtures/**', 'tests/unit/system-tools.test.ts'],
}).map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));
const table = systemToolTable();
const listed = new Set(table.map((row) => row.program));

/**
 * Each program a file starts by its name: the first argument of spawn, execFile, their kin and the project's own
 * wrappers (spawnGroup, a promisified `run`), written as a string; the first word of a shell's command line (execSync,
 * exec, sh -c). A program started through a variable is out of reach of this reading: start it with systemTool('…').path.
 */
const spawnedByName = (text: string) => [
  ...[...text.matchAll(/\b(?:spawn|spawnSync|execFile|execFileSync|spawnGroup|run)\)?\s*\(\s*['"`]([\w.+-]+)['"`]/g)].map(([, program]) => program!),
  ...[...text.matchAll(/\b(?:execSync|exec)\)?\s*\(\s*['"`]\s*([\w.+-]+)/g)].map(([, program]) => program!),
  ...[...text.matchAll(/['"`](?:sh|bash)['"`]\s*,\s*\[\s*['"`]-c['"`]\s*,\s*['"`]\s*([\w.+-]+)/g)].map(([, program]) => program!),
];
/** Each program a file finds through the table: systemTool('…'), needs(context, '…', …) or pathOf('…'). */
const foundThroughTable = (text: string) => [
  ...[...text.matchAll(/\b(?:systemTool|pathOf)\(\s*'([\w.+-]+)'/g)].map(([, program]) => program!),
  ...[...text.matchAll(/\bneeds\(\s*\w+((?:\s*,\s*'[\w.+-]+')+)/g)].flatMap(([, list]) => [...list!.matchAll(/'([\w.+-]+)'/g)].map(([, p]) => p!)),
];

describe('the programs the project runs', () => {
  it('are each started through tools/common/system-tools.ts, never by a bare name or a fixed path', () => {
    const bare = code.flatMap(({ path, text }) =>
      spawnedByName(text)
        .filter((program) => !everywhere.has(program))
        .map((program) => `${path}: ${program}`),
    );
    expect(bare, "start it with systemTool('…').path, so a missing program is named with its package").toEqual([]);
    const fixedPaths = code
      .filter(({ path }) => path !== 'tools/common/system-tools.ts')
      .flatMap(({ path, text }) => [...text.matchAll(/['"`](\/usr\/s?bin\/[\w.+-]+)/g)].map(([, found]) => `${path}: ${found}`));
    expect(fixedPaths).toEqual([]);
  });

  it("are, in package.json's scripts, the project's own packages' commands, Node, npm and the shell's", () => {
    const scripts = Object.values((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
    const installed = new Set(readdirSync('node_modules/.bin'));
    const commands = scripts.flatMap((script) =>
      script.split(/&&|\|\||;|\|/).map(
        (part) =>
          part
            .trim()
            .replace(/^(\w+=\S*\s+)+/, '')
            .split(/\s+/)[0]!,
      ),
    );
    expect(commands.filter((command) => !everywhere.has(command) && !shell.has(command) && !installed.has(command))).toEqual([]);
  });

  it('are each in tools/common/system-tools.txt, which says the Debian package to install', () => {
    const unknown = code.flatMap(({ path, text }) =>
      foundThroughTable(text).flatMap((program) => (listed.has(program) ? [] : [`${path}: ${program}`])),
    );
    expect(unknown).toEqual([]);
    for (const row of table) expect(row.package, row.program).toMatch(/^[a-z0-9][a-z0-9.+-]+$/);
  });

  it('are installed by .ci/run when a test runs them; one installed by hand is run by no test', () => {
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/done < tools\/common\/system-tools\.txt/);
    const byHand = new Set(table.filter((row) => row.installedBy === 'hand').map((row) => row.program));
    const tested = code
      .filter(({ path }) => path.startsWith('tests/'))
      .flatMap(({ path, text }) => foundThroughTable(text).flatMap((program) => (byHand.has(program) ? [`${path}: ${program}`] : [])));
    expect(tested, 'mark it ci in tools/common/system-tools.txt, so that CI installs it').toEqual([]);
  });

  it('are all used: each row of the table is a program some code runs', () => {
    const used = new Set(code.flatMap(({ text }) => foundThroughTable(text)));
    expect(table.map((row) => row.program).filter((program) => !used.has(program))).toEqual([]);
  });

  it('the check itself finds a program started by name and one missing from the table', () => {
    expect(spawnedByName("await promisify(execFile)('qpdf', ['--json'])")).toEqual(['qpdf']);
    // As the test that started this table ran it, and the other ways a program is started by its name.
    expect(spawnedByName("const run = promisify(execFile);\nawait run('qpdf', ['--json', pdf]);")).toEqual(['qpdf']);
    expect(spawnedByName("execSync('qpdf --json x'); spawnGroup('qpdf', []); execFileSync('sh', ['-c', 'qpdf --json x'])")).toEqual([
      'qpdf',
      'sh',
      'qpdf',
      'qpdf',
    ]);
    expect(spawnedByName("spawn('kiwix-serve', ['--port'])")).toEqual(['kiwix-serve']);
    expect(spawnedByName('spawn(process.execPath, [script])')).toEqual([]);
    expect(foundThroughTable("needs(context, 'zimwriterfs', 'zimdump'); pathOf('pdffonts')")).toEqual(['pdffonts', 'zimwriterfs', 'zimdump']);
  });
});
