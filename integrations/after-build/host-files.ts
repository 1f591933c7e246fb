import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegrationLogger } from 'astro';
import { headerRules, headersFile, hostFileNames, nginxAddressMap, nginxMapFile, redirectRules, redirectsFile } from '../host-config.ts';

/**
 * The files with which hosts serve the book (see ../host-config.ts): _headers and _redirects (Netlify, Cloudflare Pages),
 * and the map of the pages' addresses that the nginx example includes. `pagePaths` are the pages' addresses, base included.
 */
export async function writeHostFiles(dir: URL, base: string, pagePaths: string[], logger: AstroIntegrationLogger): Promise<void> {
  await writeFile(new URL(hostFileNames.headers, dir), headersFile(headerRules(base)));
  await writeFile(new URL(hostFileNames.redirects, dir), redirectsFile(redirectRules(base, pagePaths)));
  const map = new URL(nginxMapFile, dir);
  await mkdir(new URL('.', map), { recursive: true });
  await writeFile(map, nginxAddressMap(pagePaths));
  logger.info(`_headers and _redirects written (Netlify, Cloudflare Pages; npm start reads _headers), and ${nginxMapFile} (nginx)`);
}
