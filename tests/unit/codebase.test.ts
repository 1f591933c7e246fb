import { execFileSync } from 'node:child_process';
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowTierSpecFiles } from '../support/tiers.ts';

describe('the codebase', () => {
  it('has no two modules with one name, so a name in an import or a stack trace says which file it is', () => {
    // A page's file name is its address (index.astro and index/index.astro are / and /index): pages are left out.
    const modules = globSync('{src,integrations,tools}/**/*.{ts,tsx,astro,mjs,js}', { exclude: ['src/pages/**'] });
    const byName = Map.groupBy(modules, (path) => basename(path, extname(path)));
    const shared = [...byName].filter(([, paths]) => paths.length > 1).map(([, paths]) => paths.sort());
    expect(shared).toEqual([]);
  });

  // Another project's bug a workaround waits on is listed in docs/architecture.md, where a maintainer looks for them.
  it('has comments about the code as it is: no issue numbers and no size changes, which belong in commit messages', () => {
    const code = globSync('{src,integrations,tools,tests/support,tests/unit,tests/build,tests/e2e}/**/*.{ts,tsx,astro,mjs,js,css}');
    const history =
      /\bissues? #?\d+\b|[\w-]+\/[\w.-]+#\d+|\/(issues|pull)\/\d+|\b\d+(\.\d+)? ?(KB|kB|bytes) (smaller|lighter|less|fewer|heavier|more)\b/i;
    const found = code.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/(\/\/|\/\*|^\s*\*)/.test(line) && history.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  // CI trusts the slow tier's last pass until one of its inputs changes: a test of its own left out of them would go unrun.
  it("fingerprints every test of the slow tier among the slow tier's inputs (.ci/slow-tier)", () => {
    const inputs = execFileSync('bash', ['.ci/slow-tier', 'inputs'], { encoding: 'utf8' }).trim().split('\n');
    const slowTests = [
      ...slowTierSpecFiles.map((file) => `tests/e2e/${file}`),
      ...globSync('tests/{unit,build,built}/**/*.test.ts').filter((path) => /\bslowTier\(/.test(readFileSync(path, 'utf8'))),
    ];
    expect(slowTests.length).toBeGreaterThan(slowTierSpecFiles.length);
    for (const test of slowTests) expect(existsSync(test), test).toBe(true);
    expect(slowTests.filter((test) => !inputs.some((input) => test === input || test.startsWith(`${input}/`)))).toEqual([]);
  });

  it('keeps tools/ by job: a folder per job and no loose script beside them, only the README naming each', () => {
    const loose = readdirSync('tools', { withFileTypes: true }).filter((entry) => entry.isFile() && entry.name !== 'README.md');
    expect(loose.map((entry) => entry.name)).toEqual([]);
    const readme = readFileSync('tools/README.md', 'utf8');
    const folders = readdirSync('tools', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of folders) expect(readme, folder.name).toContain(`\`${folder.name}/\``);
  });

  it('has a README a newcomer reads in minutes (at most 1,500 words), pointing to docs/ for the rest', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1500);
    for (const doc of readme.matchAll(/\]\((docs\/[^)#]+)/g)) expect(existsSync(doc[1]!), doc[1]).toBe(true);
    expect(readme).toContain('](docs/architecture.md)');
  });

  it('lists every package its code imports in package.json (not only those another package brings along)', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>;
    const listed = new Set([...Object.keys(manifest['dependencies'] ?? {}), ...Object.keys(manifest['devDependencies'] ?? {})]);
    const code = globSync('{src,integrations,tools,tests/support,tests/unit,tests/build,tests/e2e}/**/*.{ts,tsx,astro,mjs}');
    const packages = new Set(
      code.flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"./][^'"]*)['"]/gm)].map(([, spec]) => spec!),
      ),
    );
    const names = [...packages]
      .filter((spec) => !/^(node|astro|virtual):/.test(spec))
      .map((spec) =>
        spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    // A package of types alone (topojson-specification) is listed as its @types package.
    const typesOf = (name: string) => `@types/${name.replace(/^@([^/]+)\//, '$1__')}`;
    expect([...new Set(names)].filter((name) => !listed.has(name) && !listed.has(typesOf(name))).sort()).toEqual([]);
  });

  it("has documents whose links to the project's files all lead somewhere", () => {
    const dead = globSync('{README.md,docs/*.md,tools/README.md}').flatMap((doc) =>
      [...readFileSync(doc, 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map(([, target]) => target!)
        .filter((target) => !/^[a-z]+:/i.test(target) && !existsSync(join(dirname(doc), decodeURI(target))))
        .map((target) => `${doc}: ${target}`),
    );
    expect(dead).toEqual([]);
  });

  it('styles components by their own class names, so no page carries a scoping attribute on each element', () => {
    // Astro's scoped <style> marks every element of a component with data-astro-cid-…: 0.2 KB gzip on each page read.
    const scoped = globSync('src/**/*.astro').filter((path) => /<style(?![^>]*\bis:global\b)[^>]*>/.test(readFileSync(path, 'utf8')));
    expect(scoped).toEqual([]);
  });

  it('gives each test file that starts a server a port of its own, so files running at once never meet', () => {
    // Each file takes TEST_PORT + its own offset (and the few ports after it, for a second server of its own).
    const offsets = globSync('tests/{e2e,build,built,unit}/*.ts').flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(/TEST_PORT \?\? 4322\) \+ (\d+)/g)].map(([, offset]) => ({ path, offset: Number(offset) })),
    );
    const byOffset = Map.groupBy(offsets, ({ offset }) => offset);
    expect(
      [...byOffset]
        .filter(([, users]) => new Set(users.map(({ path }) => path)).size > 1)
        .map(([offset, users]) => `${offset}: ${users.map(({ path }) => path).join(', ')}`),
    ).toEqual([]);
  });
});
