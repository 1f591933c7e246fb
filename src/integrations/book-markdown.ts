import { satteri } from '@astrojs/markdown-satteri';
import { mdxComponentCheck } from './mdx-component-check.ts';

/** The book's Markdown and MDX processor, as astro.config.mjs sets it and each compile thread builds it again (compile-threads.ts). */
export const bookMarkdown = () => satteri({ mdastPlugins: [mdxComponentCheck] });
