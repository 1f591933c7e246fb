import { describe, expect, it } from 'vitest';
import { attr, moduleClosure, pageRefs, sizeOf, staticImports } from '../../src/lib/page-weight.ts';

const page = `<!doctype html><html><head>
<link rel="stylesheet" href="/_astro/a.css"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="modulepreload" href="/_astro/pre.js"><link rel="canonical" href="https://example.org/">
<script type="module" src="/_astro/page.js"></script>
<script>addEventListener('click', () => {})</script>
<script type="application/ld+json">{"@type":"Book"}</script>
</head><body>
<img src="/_astro/photo.svg" alt="A street &amp; a market">
<astro-island uid="x" component-url="/_astro/Menu.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>
<astro-island uid="y" component-url="/_astro/Menu.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>
<astro-island uid="z" component-url="/_astro/Clock.js" renderer-url="/_astro/client.js" client="load"></astro-island>
<astro-island uid="w" component-url="/_astro/Copy.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
</body></html>`;

describe('pageRefs()', () => {
  const refs = pageRefs(page);

  it('finds stylesheets, icons and images', () => {
    expect(refs.stylesheets).toEqual(['/_astro/a.css']);
    expect(refs.icons).toEqual(['/favicon.svg']);
    expect(refs.images).toEqual(['/_astro/photo.svg']);
  });

  it('counts external scripts and module preloads as loaded with the page', () => {
    expect(refs.scripts).toEqual(['/_astro/page.js', '/_astro/pre.js']);
  });

  it('keeps inline scripts, but not JSON data blocks', () => {
    expect(refs.inlineScripts).toEqual(["addEventListener('click', () => {})"]);
  });

  it('lists each island entry once, as loaded on interaction or with the page by its directive', () => {
    expect(refs.islandEntries).toEqual(['/_astro/Menu.js', '/_astro/client.js']);
    expect(refs.eagerIslandEntries).toEqual(['/_astro/Clock.js', '/_astro/client.js']);
    expect(refs.idleIslandEntries).toEqual(['/_astro/Copy.js', '/_astro/client.js']);
  });
});

describe('module graph', () => {
  const files: Record<string, string> = {
    '/_astro/Menu.js': 'import{j as e}from"./jsx.js";import"./style.js";export{e as default};',
    '/_astro/jsx.js': 'import{r}from"./react.js";export const j=r;',
    '/_astro/react.js': 'export const r=1;const later=()=>import("./lazy.js");',
    '/_astro/style.js': 'export{}',
  };

  it('reads static imports and re-exports, not dynamic imports', () => {
    expect(staticImports(files['/_astro/Menu.js']!)).toEqual(['./jsx.js', './style.js']);
    expect(staticImports(files['/_astro/react.js']!)).toEqual([]);
  });

  it('follows static imports to every module an entry needs, once each', () => {
    expect(moduleClosure(['/_astro/Menu.js', '/_astro/jsx.js'], (path) => files[path]).sort()).toEqual(
      ['/_astro/Menu.js', '/_astro/jsx.js', '/_astro/react.js', '/_astro/style.js'].sort(),
    );
  });
});

describe('helpers', () => {
  it('decodes attribute values', () => expect(attr('<img alt="A street &amp; a market">', 'alt')).toBe('A street & a market'));

  it('measures raw and gzip bytes', () => {
    const size = sizeOf('a'.repeat(1000));
    expect(size.raw).toBe(1000);
    expect(size.gzip).toBeLessThan(50);
  });
});
