import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineScriptKind, inlineScriptsSize, sizeOf } from '../../tools/bench/sizes.ts';
import { chosenImage, largestCandidate, mediaMatches, viewports } from '../../integrations/after-build/image-choice.ts';
import { type BuiltModule, type ModuleGraph, moduleClosure } from '../../integrations/after-build/module-graph.ts';
import { readModuleGraph } from '../../tools/common/built-modules.ts';
import { clientModules } from '../../integrations/vite/client-modules.ts';
import { pageRefs } from '../../integrations/after-build/page-refs.ts';

const page = `<!doctype html><html><head>
<link rel="stylesheet" href="/_astro/a.css"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="modulepreload" href="/_astro/pre.js"><link rel="canonical" href="https://example.org/">
<script type="module" src="/_astro/page.js"></script>
<script>addEventListener('click', () => {})</script>
<script type="application/ld+json">{"@type":"Book"}</script>
<script type="importmap">{"imports":{}}</script>
</head><body>
<img src="/_astro/photo.svg" alt="A street &amp; a market">
<picture><source media="(width >= 1200px)" srcset="/_astro/wide.svg"><img src="/_astro/narrow.svg" alt=""></picture>
<astro-island uid="x" component-url="/_astro/Menu.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>
<astro-island uid="y" component-url="/_astro/Menu.js" renderer-url="/_astro/client.js" client="interaction"></astro-island>
<astro-island uid="z" component-url="/_astro/Clock.js" renderer-url="/_astro/client.js" client="load"></astro-island>
<astro-island uid="w" component-url="/_astro/Copy.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
</body></html>`;

describe('pageRefs()', () => {
  const refs = pageRefs(page);

  it('finds stylesheets and icons', () => {
    expect(refs.stylesheets).toEqual(['/_astro/a.css']);
    expect(refs.icons).toEqual(['/favicon.svg']);
  });

  it('finds each image once, a <picture> with its sources, even when an attribute holds a ">"', () => {
    expect(refs.images).toEqual([
      { src: '/_astro/photo.svg', srcset: undefined, sources: [] },
      { src: '/_astro/narrow.svg', srcset: undefined, sources: [{ srcset: '/_astro/wide.svg', media: '(width >= 1200px)', type: undefined }] },
    ]);
  });

  it('counts external scripts and module preloads as loaded with the page', () => {
    expect(refs.scripts).toEqual(['/_astro/page.js', '/_astro/pre.js']);
  });

  it('keeps inline scripts, but not JSON data blocks or import maps', () => {
    expect(refs.inlineScripts).toEqual(["addEventListener('click', () => {})"]);
  });

  it('lists each island entry once, as loaded on interaction or with the page by its directive', () => {
    expect(refs.islandEntries).toEqual(['/_astro/Menu.js', '/_astro/client.js']);
    expect(refs.eagerIslandEntries).toEqual(['/_astro/Clock.js', '/_astro/client.js']);
    expect(refs.idleIslandEntries).toEqual(['/_astro/Copy.js', '/_astro/client.js']);
  });
});

describe('chosenImage()', () => {
  const poster = {
    src: '/poster.png',
    srcset: undefined,
    sources: [
      { srcset: '/poster.jxl', media: undefined, type: 'image/jxl' },
      { srcset: '/poster.avif', media: undefined, type: 'image/avif' },
    ],
  };
  const card = { src: '/phone.svg', srcset: undefined, sources: [{ srcset: '/wide.svg', media: '(min-width: 75rem)', type: undefined }] };

  it('takes the first source a browser decodes', () => expect(chosenImage(poster, viewports.phone)).toBe('/poster.avif'));

  it('follows art direction: the phone and the desktop fetch different files', () => {
    expect(chosenImage(card, viewports.phone)).toBe('/phone.svg');
    expect(chosenImage(card, viewports.desktop)).toBe('/wide.svg');
  });

  it('counts the largest srcset candidate, and src when there is no srcset', () => {
    expect(chosenImage({ src: '/a-400.jpg', srcset: '/a-400.jpg 400w, /a-800.jpg 800w', sources: [] }, viewports.phone)).toBe('/a-800.jpg');
    expect(chosenImage({ src: '/a.jpg', srcset: undefined, sources: [] }, viewports.phone)).toBe('/a.jpg');
  });
});

describe.each([
  { query: '(width >= 1200px)', phone: false, desktop: true },
  { query: '(min-width: 75rem)', phone: false, desktop: true },
  { query: '(width < 40em)', phone: true, desktop: false },
  { query: '(max-width: 400px), (min-width: 1200px)', phone: true, desktop: true },
  { query: '(min-width: 400px) and (max-width: 1300px)', phone: false, desktop: true },
  { query: '(prefers-color-scheme: dark)', phone: true, desktop: true },
])('mediaMatches("$query")', ({ query, phone, desktop }) => {
  it(`is ${phone} on a phone and ${desktop} on a desktop`, () => {
    expect(mediaMatches(query, viewports.phone)).toBe(phone);
    expect(mediaMatches(query, viewports.desktop)).toBe(desktop);
  });
});

describe.each([
  { srcset: '/a.png 1x, /a@2x.png 2x', largest: '/a@2x.png' },
  { srcset: '/s.jpg 320w,/l.jpg 1280w,/m.jpg 640w', largest: '/l.jpg' },
  { srcset: '/only.png', largest: '/only.png' },
  { srcset: '', largest: undefined },
])('largestCandidate("$srcset")', ({ srcset, largest }) => {
  it(`is ${largest}`, () => expect(largestCandidate(srcset)).toBe(largest));
});

describe('inline scripts', () => {
  const runtime = 'class f extends HTMLElement{};customElements.define("astro-island",f)';
  const directive = '(()=>{var r=()=>{};(self.Astro||(self.Astro={})).interaction=r;})();';
  const kebab = '(()=>{var a=()=>{};(self.Astro||(self.Astro={}))["idle-after-load"]=a;})();';

  it('names where the bytes come from', () => {
    expect(inlineScriptKind(runtime)).toBe('Astro island runtime');
    expect(inlineScriptKind(directive)).toBe('client:interaction directive');
    expect(inlineScriptKind(kebab)).toBe('client:idle-after-load directive');
    expect(inlineScriptKind('  addEventListener("pageshow", () => {})')).toBe('page script "addEventListener("pageshow", () => {})"');
  });

  it('are weighed together, as they travel in one compressed page', () => {
    const together = inlineScriptsSize([runtime, directive, kebab]);
    expect(together.raw).toBe(runtime.length + directive.length + kebab.length);
    expect(together.gzip).toBeLessThan(sizeOf(runtime).gzip + sizeOf(directive).gzip + sizeOf(kebab).gzip);
  });
});

describe('module graph', () => {
  const module = (imports: string[], more: Partial<BuiltModule> = {}): BuiltModule => ({ imports, dynamicImports: [], css: [], ...more });
  const graph: ModuleGraph = {
    '_astro/Menu.js': module(['_astro/jsx.js', '_astro/style.js']),
    '_astro/jsx.js': module(['_astro/react.js']),
    '_astro/react.js': module([], { dynamicImports: ['_astro/lazy.js'] }),
    '_astro/lazy.js': module([], { css: ['_astro/lazy.css'] }),
    '_astro/style.js': module([]),
  };

  it('follows static imports to every module an entry loads with it, once each', () => {
    expect(moduleClosure(['/_astro/Menu.js', '/_astro/jsx.js'], graph).sort()).toEqual(
      ['/_astro/Menu.js', '/_astro/jsx.js', '/_astro/react.js', '/_astro/style.js'].sort(),
    );
  });

  it('with everything, follows import() too, with the styles of what it loads', () => {
    expect(moduleClosure(['/book/_astro/jsx.js'], graph, '/book/', { everything: true })).toEqual([
      '/book/_astro/jsx.js',
      '/book/_astro/react.js',
      '/book/_astro/lazy.js',
      '/book/_astro/lazy.css',
    ]);
  });

  it('counts a file the bundler did not write (a page script moved to a file) as itself', () => {
    expect(moduleClosure(['/_astro/inline.js'], graph)).toEqual(['/_astro/inline.js']);
  });

  it('is recorded from the bundle Vite writes (static and dynamic imports, styles), and read again from its files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'graph-'));
    writeFileSync(join(root, 'entry.js'), 'import { b } from "./b.js"; document.body.onclick = () => import("./lazy.js").then(b);');
    writeFileSync(join(root, 'b.js'), 'export const b = (m) => console.log(m);');
    writeFileSync(join(root, 'lazy.js'), 'import "./lazy.css"; export const x = 1;');
    writeFileSync(join(root, 'other.js'), 'import { b } from "./b.js"; b(2);');
    writeFileSync(join(root, 'lazy.css'), 'body { color: red }');
    const recorded: ModuleGraph = {};
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [clientModules(recorded)],
      build: { outDir: join(root, 'dist'), rolldownOptions: { input: [join(root, 'entry.js'), join(root, 'other.js')] } },
    });
    // b.js, shared by two entries, is a chunk of its own.
    const [entry, shared, lazy] = ['entry', 'b', 'lazy'].map((name) => Object.keys(recorded).find((file) => file.startsWith(`assets/${name}`)) ?? '');
    expect(recorded[entry!]).toMatchObject({ imports: [shared], dynamicImports: [lazy] });
    expect(recorded[lazy!]?.css).toEqual([expect.stringMatching(/^assets\/lazy.*\.css$/)]);
    expect(moduleClosure([`/${entry}`], recorded)).toEqual([`/${entry}`, `/${shared}`]);
    // The built files, minified, say the same imports (their styles are Vite's to know), beside a home page.
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html><title>Home</title>');
    const read = readModuleGraph(join(root, 'dist'));
    expect(Object.keys(read).sort()).toEqual(Object.keys(recorded).sort());
    for (const [file, { imports, dynamicImports }] of Object.entries(recorded)) expect(read[file]).toEqual({ imports, dynamicImports, css: [] });
  });

  it('is not read from a folder that holds no built book, so the budget never passes an empty build', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dist-'));
    expect(() => readModuleGraph(empty)).toThrow(/No built book in .*build it first \(npm run build\)/);
    expect(() => readModuleGraph(join(empty, 'missing'))).toThrow(/No built book in .*build it first/);
  });
});

describe('helpers', () => {
  it('decodes attribute values', () => expect(pageRefs('<img src="/a.svg?x=1&amp;y=2" alt="">').images[0]?.src).toBe('/a.svg?x=1&y=2'));

  it('measures raw and gzip bytes', () => {
    const size = sizeOf('a'.repeat(1000));
    expect(size.raw).toBe(1000);
    expect(size.gzip).toBeLessThan(50);
  });
});
