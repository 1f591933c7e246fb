import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The content-security-policy source that allows one inline script or style: the SHA-256 of its exact text. */
export const cspHash = (text: string): `sha256-${string}` => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/**
 * The copy notice's library (sonner) adds its stylesheet to <head> as it loads: the hash of that exact text lets
 * it in without 'unsafe-inline'. Read from the installed package, so an upgrade cannot leave a stale hash.
 */
export function sonnerStyleHash(): `sha256-${string}` {
  return (sonnerHash ??= readSonnerStyleHash());
}

let sonnerHash: `sha256-${string}` | undefined;

function readSonnerStyleHash(): `sha256-${string}` {
  const file = join(dirname(createRequire(import.meta.url).resolve('sonner')), 'index.mjs');
  const css = /__insertCSS\("((?:[^"\\]|\\.)*)"\)/.exec(readFileSync(file, 'utf8'))?.[1];
  if (css === undefined) throw new Error(`${file} no longer adds its styles with __insertCSS("…"): update sonnerStyleHash() in src/lib/csp.ts.`);
  return cspHash(JSON.parse(`"${css}"`) as string);
}
