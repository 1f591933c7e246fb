/**
 * What every page would otherwise carry again, moved into files a reader's browser keeps (/_astro/ is cached for a
 * year): each inline script the page does not need before its first paint (Astro's island runtime and directives,
 * the book's scripts that run where they stand) becomes the same script from a file, in the same place, and each
 * <style> a stylesheet at the end of <head>. A moved classic script is deferred: it runs once the page is parsed, so
 * that its download never holds the text after it (a module is deferred already); one marked data-in-place
 * (InlineScript.astro) blocks, as it must run before what follows it is laid out. A style smaller than the headers of
 * a request for it stays inline, at the end of <head>. Classic scripts side by side (Astro's directive and its island runtime) become one
 * file: one request, one compressed stream. A file is named by its content's hash, so all pages share one copy. The
 * page's policy then lists the hashes of the scripts and styles it still has inline. Astro cannot be asked to do this
 * (it always inlines its island runtime, and lists every page's script hashes on each page).
 * Scripts marked data-stays-inline (InlineScript.astro: first-paint scripts, and those only one page runs) stay inline,
 * the mark removed; one whose mark names an attribute ([loading=lazy]) stays only on pages with an element that has
 * it, and is dropped from the others.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltSite } from './built-site.ts';
import { applyEdits, type Element, inside, type ParsedPage, parsePage, startTag } from './html.ts';
import { cspHash } from '../../src/lib/csp.ts';

/** The mark InlineScript.astro puts on the scripts that stay inline: before the first paint, or on their one page. */
const staysMark = 'data-stays-inline';
/** The mark on the scripts that may come from a file but must run where they stand, before what follows is laid out. */
const inPlaceMark = 'data-in-place';
/** A style this small stays in the page: a request for it would cost more in headers than it weighs (Resource Timing counts 300 bytes). */
const smallestMovedStyle = 300;

const scriptTypes = new Set(['', 'text/javascript', 'module']);
const isCode = (element: Element) => element.tagName === 'script' && element.attrs.src === undefined && scriptTypes.has(element.attrs.type ?? '');
/** A script or style of an inline SVG, a <template> or a <noscript> belongs to it, and stays. */
const ofTheDocument = (element: Element) => !['svg', 'template', 'noscript'].some((name) => inside(element, name));

/** Whether a script that stays inline matters on this page: always ('' mark), or where an element has the mark's `[name=value]`. */
function neededOn(page: Element[], mark: string): boolean {
  if (mark === '') return true;
  const [, name, value] = /^\[([\w-]+)(?:=([\w-]+))?\]$/.exec(mark) ?? [];
  if (!name) throw new Error(`${staysMark}="${mark}" is not an attribute selector such as [loading=lazy].`);
  return page.some((element) => element.attrs[name] !== undefined && (value === undefined || element.attrs[name] === value));
}

/** One page with its inline scripts and styles moved to files; `write` is given each file's name and contents. */
export function moveInlineToFiles(html: string, assetsPath: string, write: (name: string, text: string) => void): string {
  const page = parsePage('', html);
  moveInline(page, assetsPath, write);
  return applyEdits(page);
}

/** The files a page's moved scripts and styles are now in, which it loads (their addresses). */
export interface MovedFiles {
  scripts: string[];
  stylesheets: string[];
}

/** moveInlineToFiles() as edits of a parsed page; the files the page now loads. */
function moveInline({ html, all, edits }: ParsedPage, assetsPath: string, write: (name: string, text: string) => void): MovedFiles {
  const loads: MovedFiles = { scripts: [], stylesheets: [] };
  const moved = new Set<string>();
  const kept = new Set<string>();
  const stylesheets: string[] = [];
  const file = (text: string, extension: string) => {
    const name = `page.${createHash('sha256').update(text).digest('base64url').slice(0, 10)}.${extension}`;
    write(name, text);
    moved.add(cspHash(text));
    return `${assetsPath}${name}`;
  };
  /** Moved scripts, those that follow each other without attributes (classic) in one run. */
  const runs: { start: number; end: number; attrs: Record<string, string>; texts: string[] }[] = [];
  for (const element of all.filter(ofTheDocument)) {
    const end = () => html.indexOf(`</${element.tagName}>`, element.end) + element.tagName.length + 3;
    const mark = element.attrs[staysMark];
    if (isCode(element) && mark !== undefined && !neededOn(all, mark)) {
      edits.push({ start: element.start, end: end(), text: '' });
    } else if (isCode(element) && mark !== undefined) {
      const { [staysMark]: _, ...attrs } = element.attrs;
      kept.add(cspHash(element.text));
      edits.push({ start: element.start, end: element.end, text: startTag('script', attrs) });
    } else if (isCode(element) && element.text.trim() !== '') {
      const last = runs.at(-1);
      const { [inPlaceMark]: inPlace, ...written } = element.attrs;
      const attrs = written.type === 'module' ? written : inPlace === undefined ? { ...written, defer: '' } : written;
      const sameAs = (other: Record<string, string>) => JSON.stringify(other) === JSON.stringify(attrs);
      if (written.type !== 'module' && last?.end === element.start && sameAs(last.attrs)) last.texts.push(element.text);
      else runs.push({ start: element.start, end: 0, attrs, texts: [element.text] });
      runs.at(-1)!.end = end();
    } else if (element.tagName === 'style' && Buffer.byteLength(element.text) < smallestMovedStyle) {
      // Into <head>, where a style belongs (Astro writes its islands' rule in the body).
      if (!inside(element, 'head')) {
        stylesheets.push(`<style>${element.text}</style>`);
        edits.push({ start: element.start, end: end(), text: '' });
      }
    } else if (element.tagName === 'style') {
      const href = file(element.text, 'css');
      loads.stylesheets.push(href);
      stylesheets.push(startTag('link', { rel: 'stylesheet', href }));
      edits.push({ start: element.start, end: end(), text: '' });
    }
  }
  // Joined with ';': a script that starts with '(' would otherwise call the one before it.
  for (const { start, end, attrs, texts } of runs) {
    const src = file(texts.join(';\n'), 'js');
    loads.scripts.push(src);
    edits.push({ start, end, text: `${startTag('script', { ...attrs, src })}</script>` });
  }
  const headEnd = html.indexOf('</head>');
  if (stylesheets.length > 0 && headEnd >= 0) edits.push({ start: headEnd, end: headEnd, text: stylesheets.join('') });
  const policy = all.find((element) => element.tagName === 'meta' && element.attrs['http-equiv']?.toLowerCase() === 'content-security-policy');
  if (policy) {
    const content = (policy.attrs.content ?? '')
      .split(';')
      .map((directive) => {
        // A style's hash may be for one a library adds as it runs (the copy notice's): only moved ones go.
        const stays = /^\s*script-src\b/.test(directive) ? (hash: string) => kept.has(hash) : (hash: string) => !moved.has(hash);
        return directive.replace(/\s*'(sha256-[^']+)'/g, (source, hash: string) => (stays(hash) ? source : ''));
      })
      .join(';');
    edits.push({ start: policy.start, end: policy.end, text: startTag('meta', { ...policy.attrs, content }) });
  }
  return loads;
}

/** moveInline() on every page of the build, the files written once into <outDir>/_astro/; what each page now loads. */
export function writeInlineToFiles(site: BuiltSite, pages: Iterable<ParsedPage>): Map<ParsedPage, MovedFiles> {
  const folder = join(site.dist, '_astro');
  const written = new Set<string>();
  mkdirSync(folder, { recursive: true });
  const write = (name: string, text: string) => {
    if (!written.has(name)) writeFileSync(join(folder, name), text);
    written.add(name);
  };
  return new Map([...pages].map((page) => [page, moveInline(page, `${site.base}_astro/`, write)]));
}
