import type { APIRoute } from 'astro';
import { href } from '../lib/routes.ts';

// Every page may be indexed (noindex pages say so themselves); the sitemap lists the canonical ones (built only with a site address).
export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\n${site ? `\nSitemap: ${new URL(href('/sitemap-index.xml'), site).href}\n` : ''}`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
