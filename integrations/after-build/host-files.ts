import { writeFile } from 'node:fs/promises';
import type { AstroIntegrationLogger } from 'astro';
import { headerRules, headersFile, hostFileNames, redirectRules, redirectsFile } from '../host-config.ts';

/** The files with which Netlify and Cloudflare Pages serve the book: _headers and _redirects (see ../host-config.ts). */
export async function writeHostFiles(dir: URL, base: string, logger: AstroIntegrationLogger): Promise<void> {
  await writeFile(new URL(hostFileNames.headers, dir), headersFile(headerRules(base)));
  await writeFile(new URL(hostFileNames.redirects, dir), redirectsFile(redirectRules(base)));
  logger.info('_headers and _redirects written (Netlify, Cloudflare Pages; npm start reads _headers)');
}
