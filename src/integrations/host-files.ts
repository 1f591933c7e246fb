import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { normalBase } from '../lib/built-site.ts';
import { headerRules, headersFile, hostFileNames, redirectRules, redirectsFile } from '../lib/host-config.ts';

/** The files with which Netlify and Cloudflare Pages serve the book: _headers and _redirects (see src/lib/host-config.ts). */
export default function hostFiles(): AstroIntegration {
  let base = '/';
  return {
    name: 'book:host-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        base = normalBase(config.base);
      },
      'astro:build:done': async ({ dir, logger }) => {
        await writeFile(fileURLToPath(new URL(hostFileNames.headers, dir)), headersFile(headerRules(base)));
        await writeFile(fileURLToPath(new URL(hostFileNames.redirects, dir)), redirectsFile(redirectRules(base)));
        logger.info('_headers and _redirects written (Netlify, Cloudflare Pages; npm start reads _headers)');
      },
    },
  };
}
