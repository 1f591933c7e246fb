/**
 * The programs from outside npm that the tests and the tools run (EPUBCheck, zim-tools, nginx …), as listed in
 * system-tools.txt beside this file: bash .ci/run installs their packages, and code that runs one finds it here, so
 * that a machine without it gets a sentence naming the package to install, never a crash.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface SystemTool {
  /** The program's name, as it is run. */
  program: string;
  /** The Debian package that brings it. */
  package: string;
  /** Whether bash .ci/run installs it ('ci') or a maintainer installs it by hand ('hand'). */
  installedBy: 'ci' | 'hand';
  /** Where it is installed, or undefined when it is not. */
  path: string | undefined;
  /** The sentence to print when it is missing. */
  missing: string;
}

/** The table of system-tools.txt: one row per program. */
export function systemToolTable(): Omit<SystemTool, 'path' | 'missing'>[] {
  return readFileSync(join(import.meta.dirname, 'system-tools.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [program = '', name = '', installedBy] = line.trim().split(/\s+/);
      return { program, package: name, installedBy: installedBy === 'hand' ? 'hand' : 'ci' };
    });
}

/** The first executable file of that name on the PATH (and in /usr/sbin, where Debian puts nginx). */
function find(program: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, program), constants.X_OK);
      return join(folder, program);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/**
 * Debian's Python where it imports `module` (a row python3.MODULE): Debian installs its Python modules for its own
 * Python, which another one first on the PATH (pyenv's) does not see.
 */
function pythonWith(module: string): string | undefined {
  const pythons = [find('python3'), '/usr/bin/python3'].filter((python): python is string => python !== undefined);
  return pythons.find((python) => {
    try {
      execFileSync(python, ['-c', `import ${module}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

const found = new Map<string, SystemTool>();

/** A program of system-tools.txt, with where it is installed; throws for a program the table does not list. */
export function systemTool(program: string): SystemTool {
  const known = found.get(program);
  if (known) return known;
  const row = systemToolTable().find((entry) => entry.program === program);
  if (!row) throw new Error(`${program} is not in tools/common/system-tools.txt: add its row (the program, its Debian package, who installs it).`);
  const installer = row.installedBy === 'ci' ? '; bash .ci/run installs it' : '';
  const path = program.startsWith('python3.') ? pythonWith(program.slice('python3.'.length)) : find(program);
  const tool = { ...row, path, missing: `${program} is not installed here (Debian: apt-get install ${row.package}${installer})` };
  found.set(program, tool);
  return tool;
}
