import { globSync, readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the codebase', () => {
  it('has no two modules with one name, so a name in an import or a stack trace says which file it is', () => {
    // A page's file name is its address (index.astro and index/index.astro are / and /index): pages are left out.
    const modules = globSync('{src,integrations,tools}/**/*.{ts,tsx,astro,mjs,js}', { exclude: ['src/pages/**'] });
    const byName = Map.groupBy(modules, (path) => basename(path, extname(path)));
    const shared = [...byName].filter(([, paths]) => paths.length > 1).map(([, paths]) => paths.sort());
    expect(shared).toEqual([]);
  });

  it('styles components by their own class names, so no page carries a scoping attribute on each element', () => {
    // Astro's scoped <style> marks every element of a component with data-astro-cid-…: 0.2 KB gzip on each page read.
    const scoped = globSync('src/**/*.astro').filter((path) => /<style(?![^>]*\bis:global\b)[^>]*>/.test(readFileSync(path, 'utf8')));
    expect(scoped).toEqual([]);
  });
});
