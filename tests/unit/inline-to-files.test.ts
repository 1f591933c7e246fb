import { describe, expect, it } from 'vitest';
import { moveInlineToFiles } from '../../integrations/after-build/inline-to-files.ts';
import { cspHash } from '../../src/lib/csp.ts';

const island = 'customElements.define("astro-island",class extends HTMLElement{})';
const islandRule = 'astro-island,astro-slot,astro-static-slot{display:contents}';
/** A page's own styles, larger than a request's headers. */
const pageRules = Array.from({ length: 12 }, (_, n) => `.part-${n}{margin-block:${n}px;padding-inline:${n}px}`).join('');
const theme = 'document.documentElement.dataset.theme="dark"';
const policy = (...hashes: string[]) => `script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}`;

function move(page: string) {
  const files = new Map<string, string>();
  const html = moveInlineToFiles(page, '/book/_astro/', (name, text) => files.set(name, text));
  return { html, files: [...files].map(([name, text]) => ({ name, text })) };
}

describe('inline scripts and styles a page does not need before its first paint', () => {
  const page = [
    `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="${policy(cspHash(theme), cspHash(island))}">`,
    `<script data-stays-inline>${theme}</script><script type="application/ld+json">{"a":1}</script></head>`,
    `<body><style>${islandRule}</style><style>${pageRules}</style><script>${island}</script><script type="module">import("/x.js")</script><p>Text</p></body></html>`,
  ].join('');
  const { html, files } = move(page);

  it('become files named by their content, run from the same place once the page is parsed', () => {
    const named = (text: string) => files.find((file) => file.text === text)!.name;
    expect(files.map((file) => file.text).sort()).toEqual(['import("/x.js")', island, pageRules].sort());
    for (const { name } of files) expect(name).toMatch(/^page\.[\w-]{10}\.(js|css)$/);
    // A classic script deferred, so that its download never holds the text after it; a module is deferred already.
    expect(html).toContain(`<script defer src="/book/_astro/${named(island)}"></script>`);
    expect(html).toContain(`<script type="module" src="/book/_astro/${named('import("/x.js")')}"></script><p>Text</p>`);
    expect(html).toContain(`<link rel="stylesheet" href="/book/_astro/${named(pageRules)}"></head>`);
  });

  it('keep a style smaller than the request for it in the page, in its head', () => {
    expect(html).toMatch(new RegExp(`<style>${islandRule}</style>(<link [^>]*>)*</head>`));
    expect(html).toContain('<body><script defer');
  });

  it('run a script marked in place where it stands, blocking what follows, from its file', () => {
    const card = 'document.currentScript.previousElementSibling.classList.add("is-waiting")';
    const { html: marked, files: moved } = move(page.replace('<p>Text</p>', `<p>Text</p><script data-in-place>${card}</script>`));
    const name = moved.find((file) => file.text === card)!.name;
    expect(marked).toContain(`<p>Text</p><script src="/book/_astro/${name}"></script>`);
  });

  it('leave the policy, while the first-paint script stays inline with its hash, unmarked, and data stays as it was', () => {
    expect(html).toContain(`content="${policy(cspHash(theme))}"`);
    expect(html).toContain(`<script>${theme}</script>`);
    expect(html).toContain('<script type="application/ld+json">{"a":1}</script>');
    expect(html).not.toContain('data-stays-inline');
  });

  it("leave an inline SVG's own style where it is", () => {
    const drawing = '<svg viewBox="0 0 1 1"><style>circle{fill:red}</style><circle r="1"/></svg>';
    expect(move(page.replace('<p>Text</p>', drawing)).html).toContain(drawing);
  });

  it('drop a first-paint script from a page without the element its mark names, and keep it where there is one', () => {
    const hold = 'document.documentElement.dataset.held=""';
    const marked = page
      .replace('</head>', `<script data-stays-inline="[loading=lazy]">${hold}</script></head>`)
      .replace(policy(cspHash(theme), cspHash(island)), policy(cspHash(theme), cspHash(hold)));
    expect(move(marked).html).not.toContain(hold);
    expect(move(marked).html).toContain(`content="${policy(cspHash(theme))}"`);
    const withPicture = move(marked.replace('<p>Text</p>', '<img src="a.png" alt="A" loading="lazy">')).html;
    expect(withPicture).toContain(`<script>${hold}</script>`);
    expect(withPicture).toContain(`content="${policy(cspHash(theme), cspHash(hold))}"`);
  });

  it('side by side, as Astro writes a directive and its island runtime, are one file, run in their order', () => {
    const directive = '(()=>{self.Astro={interaction:1}})()';
    const twice = move(page.replace(`<script>${island}</script>`, `<script>${directive}</script><script>${island}</script>`));
    const joined = `${directive};\n${island}`;
    expect(twice.files.map((file) => file.text)).toContain(joined);
    const name = twice.files.find((file) => file.text === joined)!.name;
    expect(twice.html).toContain(`<script defer src="/book/_astro/${name}"></script><script type="module"`);
    // Apart, each keeps its own file.
    const apart = move(page.replace(`<script>${island}</script>`, `<script>${directive}</script><p>Between</p><script>${island}</script>`));
    expect(apart.files.map((file) => file.text)).toEqual(expect.arrayContaining([directive, island]));
  });

  it('are the same file on every page that has them', () => {
    expect(move(page.replace('Text', 'Other text')).files).toEqual(files);
  });
});
