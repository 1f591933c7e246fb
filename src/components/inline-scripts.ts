/**
 * Every script of the book that runs where it stands, in one table: the scripts that must run while the page is
 * parsed (before the first paint, or before what follows them is laid out), so not ones Astro bundles. Each is
 * a plain .js file beside its component, given its constants here and minified once per build. Astro hashes
 * only the scripts it bundles, and a page's policy is written in its <head>, before the components in its body
 * render: so BaseLayout adds the hashes of all of them (cspHashes) to every page's content security policy.
 */
import { minifySync } from 'vite';
import contentsLinkCard from './home/contents-link-card.js?raw';
import contentsNotHome from './home/contents-not-home.js?raw';
import homeVideo from './home/home-video.js?raw';
import dataSaverHead from './data-saver/data-saver-head.js?raw';
import copyBeforeAwake from './islands/copy-before-awake.js?raw';
import { copyMarks } from './islands/copy-email.ts';
import dataSaverHold from './data-saver/data-saver-hold.js?raw';
import { dataSaverKey, heldAttribute } from './data-saver/data-saver.ts';
import themeHead from './theme/theme-head.js?raw';
import { themeColors, themeStorageKey } from './theme/theme.ts';
import resumeReading from './wayfinding/resume-reading.js?raw';
import { t } from '../i18n/ui.ts';
import { cspHash } from '../lib/csp.ts';
import { progressKey } from '../lib/reading-progress.ts';
import { href, paths } from '../lib/routes.ts';

/**
 * Each script's source, and the constants it reads (what define:vars would give it). Two kinds stay in the page:
 * `firstPaint` scripts, and `onePage` ones that a single page runs, where they stand (a file would cost that page a
 * request, and cache nothing another page uses). The build moves the others into cached files
 * (integrations/after-build/inline-to-files.ts), run once the page is parsed, or where they stand if `inPlace`
 * (before what follows them is laid out, which they change). A `firstPaint` attribute selector (`[name=value]`)
 * keeps the script only on pages with such an element, and drops it elsewhere.
 */
interface ScriptSpec {
  source: string;
  vars: Record<string, unknown>;
  firstPaint?: true | `[${string}]`;
  onePage?: true;
  inPlace?: true;
}

const scripts = {
  'theme-head': () => ({ source: themeHead, vars: { key: themeStorageKey, colors: themeColors }, firstPaint: true }),
  'data-saver-head': () => ({ source: dataSaverHead, vars: { key: dataSaverKey }, firstPaint: true }),
  'data-saver-hold': () => ({
    source: dataSaverHold,
    vars: { text: { img: t('dataSaver.picture'), iframe: t('dataSaver.frame'), unknown: t('dataSaver.sizeUnknown') }, held: heldAttribute },
    firstPaint: '[loading=lazy]',
  }),
  'resume-reading': () => ({ source: resumeReading, vars: { key: progressKey() }, inPlace: true }),
  'home-video': () => ({ source: homeVideo, vars: {}, onePage: true }),
  'contents-link-card': () => ({ source: contentsLinkCard, vars: {}, onePage: true }),
  'copy-before-awake': () => ({ source: copyBeforeAwake, vars: { copy: copyMarks }, onePage: true }),
  'contents-not-home': () => ({ source: contentsNotHome, vars: { contents: href(paths.contents) }, firstPaint: true }),
} satisfies Record<string, () => ScriptSpec>;

export type InlineScriptName = keyof typeof scripts;

/** Whether the script stays in the page (first-paint or one-page): '' if always, else the selector of where it is needed. */
export function staysInline(name: InlineScriptName): string | undefined {
  const script: ScriptSpec = scripts[name]();
  return script.firstPaint === true || script.onePage ? '' : script.firstPaint;
}

/** Whether the script, moved into a file, must still run where it stands rather than once the page is parsed. */
export function inPlace(name: InlineScriptName): boolean {
  const script: ScriptSpec = scripts[name]();
  return script.inPlace === true;
}

const built = new Map<InlineScriptName, string>();

/** The script as the page carries it: in a function of its own (its names stay out of the global scope), minified. */
export function inlineScript(name: InlineScriptName): string {
  let code = built.get(name);
  if (code === undefined) {
    const { source, vars } = scripts[name]();
    const constants = Object.entries(vars).map(([key, value]) => `const ${key} = ${JSON.stringify(value)};`);
    code = minifySync(`${name}.js`, `(() => {\n${constants.join('\n')}\n${source}\n})();`).code.trim();
    built.set(name, code);
  }
  return code;
}

let hashes: `sha256-${string}`[] | undefined;

/** The content-security-policy hashes of every inline script, worked out once (every page of the book lists them). */
export const inlineScriptHashes = (): `sha256-${string}`[] =>
  (hashes ??= (Object.keys(scripts) as InlineScriptName[]).map((name) => cspHash(inlineScript(name))));
