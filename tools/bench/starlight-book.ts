/**
 * The book's own chapters as a Starlight 0.42 site, built for `npm run bench` to read in the same session as this
 * book (tools/bench/reading-session.ts): what the same text costs a reader in the framework the book is held against.
 * The project is made in tests/.output/starlight/ with its own Astro and Starlight from npm (installed once), and built
 * there with Starlight's defaults (its search, sidebar and styles). Each chapter's text is copied as written; the book's
 * components are plain HTML there (a box a <details>, an embed its link, a chart its picture), with no islands, and
 * citations stay as written, and each page carries the book's reference list as built, so both read the same sources.
 * Usage: node tools/bench/starlight-book.ts (prints the built folder)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse } from 'yaml';
import { writeBrotliCopies } from '../../integrations/after-build/precompress.ts';
import { components as bookComponents } from '../../src/components/book/component-rules.ts';
import { propsOf } from '../../src/components/book/define.ts';

const project = join(import.meta.dirname, '../..');
const folder = join(project, 'tests/.output/starlight');
const starlightVersion = '0.42.4';

/** The reading session (reading-session.ts): home, contents, four chapters, a sub-page and a fifth chapter. */
export const sessionPages = [
  '/',
  '/index',
  '/index/Chapter1',
  '/index/Chapter2',
  '/index/Chapter3',
  '/index/Chapter3/BlockA',
  '/index/Chapter4',
  '/index/Chapter5',
];

/** The same pages, in Starlight's addresses (every slug in lower case; /index/ is its home's own name). */
export const starlightSessionPages = [
  '/',
  '/contents/',
  '/index/chapter1/',
  '/index/chapter2/',
  '/index/chapter3/',
  '/index/chapter3/blocka/',
  '/index/chapter4/',
  '/index/chapter5/',
];

/** Plain stand-ins for the book's components: the same words on the page, none of the book's behaviour. */
const drawnPlainly: Record<string, string> = {
  Box: '<details><summary>Box {Astro.props.number}: {Astro.props.title}</summary><slot /></details>',
  Activity: '<details><summary>Activity {Astro.props.number}: {Astro.props.title}</summary><slot /></details>',
  Annex: '<section><h2>Annex {Astro.props.number}: {Astro.props.title}</h2><slot /></section>',
  Tip: '<span><strong>{Astro.props.label}:</strong> <slot /></span>',
  Embed: '<p><a href={Astro.props.src}>{Astro.props.title}</a> ({Astro.props.source})</p>',
  LinkButton: '<p><a href={Astro.props.href}><slot /></a></p>',
  TeachingResources: '<p><a href="/contents/">Teaching resources</a></p>',
  Figure:
    '<figure>{Astro.props.chart ? <img src={`/figures/${Astro.props.chart}.svg`} alt={Astro.props.alt ?? ""} loading="lazy" /> : <slot />}' +
    '<figcaption>{Astro.props.label}. {Astro.props.caption} Source: {Astro.props.source}</figcaption></figure>',
};

/** Each component of the book's registry as plain HTML: drawn as above, or its words over its text. */
export function standIns(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(bookComponents).map(([name, component]) => {
      const words = Object.entries(propsOf(component)).flatMap(([prop, { words }]) => (words ? [prop] : []));
      const plain = `<div><p><strong>{[${words.map((prop) => `Astro.props.${prop}`).join(', ')}].filter(Boolean).join(' ')}</strong></p><slot /></div>`;
      return [name, drawnPlainly[name] ?? plain];
    }),
  );
}

interface Page {
  /** Where the page goes under src/content/docs/. */
  file: string;
  title: string;
  description?: string;
  body: string;
  /** The book's own page at that place, whose reference list the Starlight page shows too. */
  route?: string;
}

/** The reference list of one of the book's built pages, as it reads there (the list of APA entries), if it has one. */
function referenceList(route: string): string | undefined {
  const html = readFileSync(join(project, 'dist', route, 'index.html'), 'utf8');
  const list = /<h2 id="references">[\s\S]*?<\/ul>/.exec(html)?.[0];
  return list;
}

const frontmatter = /^---\n([\s\S]*?)\n---\n/;
const split = (source: string) => ({
  data: parse(frontmatter.exec(source)?.[1] ?? '') as Record<string, unknown>,
  body: source.replace(frontmatter, ''),
});

/** The chapters, their sub-pages, the contents and the home page (the preface), as Starlight pages. */
function bookPages(): Page[] {
  const chapters = join(project, 'chapters');
  const pages: Page[] = [];
  for (const name of readdirSync(chapters).filter((file) => /^\d+-.*\.mdx$/.test(file))) {
    const { data, body } = split(readFileSync(join(chapters, name), 'utf8'));
    const number = Number(data.number);
    // The chapter's picture first, as the book shows it under the title.
    const image = data.image as { src: string; alt: string } | undefined;
    const picture = image ? `![${image.alt}](${image.src})\n\n` : '';
    pages.push({
      file: `index/chapter${number}.mdx`,
      title: `Chapter ${number}: ${String(data.title)}`,
      description: String(data.description ?? ''),
      body: picture + body,
      route: `index/Chapter${number}`,
    });
    const subFolder = join(chapters, name.replace(/\.mdx$/, ''));
    for (const sub of existsSync(subFolder) ? readdirSync(subFolder).filter((file) => file.endsWith('.mdx')) : []) {
      const { data: subData, body: subBody } = split(readFileSync(join(subFolder, sub), 'utf8'));
      const page = basename(sub, '.mdx');
      pages.push({
        file: `index/chapter${number}/${page.toLowerCase()}.mdx`,
        title: String(subData.title),
        body: subBody,
        route: `index/Chapter${number}/${page}`,
      });
    }
  }
  // The contents: each chapter's title, picture and description, as the book's contents shows them.
  const listed = pages
    .filter((page) => /^index\/chapter\d+\.mdx$/.test(page.file))
    .sort((a, b) => Number(/\d+/.exec(a.file)![0]) - Number(/\d+/.exec(b.file)![0]))
    .map((page) => {
      const picture = /^!\[[^\]]*\]\(\.\/images\/[^)]+\)/.exec(page.body)?.[0].replace('](./images/', '](./index/images/') ?? '';
      return `## [${page.title}](/${page.file.replace(/\.mdx$/, '/')})\n\n${picture}\n\n${page.description}\n`;
    });
  pages.push({ file: 'contents.mdx', title: 'Chapters', body: listed.join('\n') });
  const { data: preface, body: prefaceBody } = split(readFileSync(join(project, 'book/preface.mdx'), 'utf8'));
  pages.push({
    file: 'index.mdx',
    title: 'Public health in mega-cities; the environmental dimension.',
    body: `## Preface\n\n${prefaceBody}\n\n${String(preface.signature ?? '')}\n`,
  });
  return pages;
}

function writeProject(): void {
  const docs = join(folder, 'src/content/docs');
  rmSync(join(folder, 'src'), { recursive: true, force: true });
  mkdirSync(join(folder, 'src/components'), { recursive: true });
  mkdirSync(docs, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'starlight-book', private: true, type: 'module', dependencies: { astro: astroVersion(), '@astrojs/starlight': starlightVersion } }, null, 2)}\n`,
  );
  writeFileSync(
    join(folder, 'astro.config.mjs'),
    `import starlight from '@astrojs/starlight';\nimport { defineConfig } from 'astro/config';\n\nexport default defineConfig({ integrations: [starlight({ title: 'Public health in mega-cities' })] });\n`,
  );
  writeFileSync(
    join(folder, 'src/content.config.ts'),
    `import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\n\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`,
  );
  const components = standIns();
  for (const [name, markup] of Object.entries(components)) writeFileSync(join(folder, `src/components/${name}.astro`), `${markup}\n`);
  const imports = Object.keys(components).map((name) => `import ${name} from '~/components/${name}.astro';`);
  writeFileSync(join(folder, 'tsconfig.json'), '{ "extends": "astro/tsconfigs/base", "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }\n');
  mkdirSync(join(folder, 'src/references'), { recursive: true });
  for (const page of bookPages()) {
    const file = join(docs, page.file);
    mkdirSync(dirname(file), { recursive: true });
    const head = [`title: ${JSON.stringify(page.title)}`, ...(page.description ? [`description: ${JSON.stringify(page.description)}`] : [])];
    const references = page.route && referenceList(page.route);
    const listName = page.file.replace(/\W+/g, '-');
    if (references) writeFileSync(join(folder, 'src/references', `${listName}.html`), references);
    const list = references ? `\n\nimport references from '~/references/${listName}.html?raw';\n\n<Fragment set:html={references} />\n` : '';
    writeFileSync(file, `---\n${head.join('\n')}\n---\n\n${imports.join('\n')}\n\n${page.body}${list}`);
  }
  // The chapters' pictures beside them, as the book keeps them; the charts as the book draws them.
  cpSync(join(project, 'chapters/images'), join(docs, 'index/images'), { recursive: true });
  cpSync(join(project, 'chapters/images'), join(docs, 'index/chapter3/images'), { recursive: true });
  cpSync(join(project, 'dist/figures'), join(folder, 'public/figures'), { recursive: true });
}

function astroVersion(): string {
  return (JSON.parse(readFileSync(join(project, 'node_modules/astro/package.json'), 'utf8')) as { version: string }).version;
}

/** Makes, installs (once per version) and builds the Starlight site; gives its dist/ folder, served like the book's. */
export async function buildStarlightBook(): Promise<string> {
  mkdirSync(folder, { recursive: true });
  writeProject();
  const installed = join(folder, 'node_modules/@astrojs/starlight/package.json');
  const version = existsSync(installed) ? (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version : undefined;
  if (version !== starlightVersion)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: folder, stdio: 'inherit' });
  execFileSync(join(folder, 'node_modules/.bin/astro'), ['build'], {
    cwd: folder,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  const dist = join(folder, 'dist');
  // The book's host rules (/_astro/ kept a year, pages revalidated) apply to Starlight's files alike.
  cpSync(join(project, 'dist/_headers'), join(dist, '_headers'));
  await writeBrotliCopies(dist, { info: () => undefined });
  return dist;
}

if (import.meta.main) console.log(await buildStarlightBook());
