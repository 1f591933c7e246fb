/**
 * Observatory's tests other than the content security policy's, each from its file in src/analyzer/tests/ of
 * @mdn/mdn-http-observatory 1.4.8. Where this reading cannot see what a scan sees, it is stricter, never kinder.
 */
import type { CspResult } from './csp.ts';
import { htmlTypes, mediaType, pageOf, type Scan, type TestResult } from './scan.ts';

type Outcome = Omit<TestResult, 'modifier'>;
const outcome = (test: string, result: string, passing: string[]): Outcome => ({ test, result, pass: passing.includes(result) });

/** The worse of two results in a list ordered from least to most bad (src/analyzer/utils.js onlyIfWorse). */
const worse = (order: string[]) => (next: string, current: string | null) => (current === null || order.indexOf(next) > order.indexOf(current) ? next : current);

/**
 * strict-transport-security.js. The scan's certificate is assumed valid, and the host absent from Chromium's
 * preload list (being on it would add 5 points).
 */
export function strictTransportSecurityTest(scan: Scan): Outcome {
  const header = pageOf(scan).headers['strict-transport-security'];
  let result = 'hsts-not-implemented';
  if (header !== undefined) {
    const data = header.slice(0, 1024);
    let maxAge: number | null = null;
    for (const parameter of data.split(';').map((p) => p.trim().toLowerCase())) if (parameter.startsWith('max-age=')) maxAge = parseInt(parameter.slice(8, 128), 10);
    // Six months, less the white lie Observatory allows (15552000 s, not 15768000 s).
    if (data.includes(',') || maxAge === null) result = 'hsts-header-invalid';
    else result = maxAge < 15552000 ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months';
  }
  return outcome('strict-transport-security', result, ['hsts-implemented-max-age-at-least-six-months', 'hsts-preloaded']);
}

/** A Set-Cookie line as the scan's cookie jar (tough-cookie 5) keeps it; undefined for a line without name=value. */
function parseCookie(line: string) {
  const [pair = '', ...attributes] = line.split(';');
  const key = pair.includes('=') ? pair.slice(0, pair.indexOf('=')).trim() : '';
  if (!key) return undefined;
  const named = (name: string) => attributes.map((a) => a.trim()).find((a) => a.split('=')[0]?.trim().toLowerCase() === name);
  const sameSite = named('samesite')?.split('=')[1]?.trim().toLowerCase();
  return { key, secure: !!named('secure'), httpOnly: !!named('httponly'), sameSite: ['strict', 'lax', 'none'].includes(sameSite ?? '') ? sameSite : undefined };
}

/** A SameSite attribute with no value, or one other than Lax, Strict or None (cookies.js containsInvalidSameSiteCookie). */
const invalidSameSite = (line: string) =>
  line.trim().split(';').some((part) => {
    const [key = '', value] = part.trim().split('=');
    return key.trim().toLowerCase() === 'samesite' && (!value || !['lax', 'strict', 'none'].includes(value.trim().toLowerCase()));
  });

/** cookies.js: every cookie the https chain set (expired ones too: stricter than a jar, which drops them). */
export function cookiesTest(scan: Scan): Outcome {
  const order = worse([
    'cookies-without-secure-flag-but-protected-by-hsts',
    'cookies-without-secure-flag',
    'cookies-session-without-secure-flag-but-protected-by-hsts',
    'cookies-samesite-flag-invalid',
    'cookies-anticsrf-without-samesite-flag',
    'cookies-session-without-httponly-flag',
    'cookies-session-without-secure-flag',
  ]);
  const hsts = strictTransportSecurityTest(scan).pass;
  let result: string | null = null;
  for (const line of pageOf(scan).setCookies) if (invalidSameSite(line)) result = order('cookies-samesite-flag-invalid', result);
  // Like a jar: a cookie set again replaces the earlier one; heroku-session-affinity is not counted.
  const jar = new Map(scan.https.flatMap((answer) => answer.setCookies.map(parseCookie)).flatMap((cookie) => (cookie ? [[cookie.key, cookie] as const] : [])));
  jar.delete('heroku-session-affinity');
  if (jar.size === 0) return outcome('cookies', 'cookies-not-found', ['cookies-not-found']);
  let sameSiteMissing = false;
  for (const cookie of jar.values()) {
    const name = cookie.key.toLowerCase();
    const session = ['login', 'sess'].some((word) => name.includes(word));
    if (!cookie.secure && cookie.sameSite === 'none') result = order('cookies-samesite-flag-invalid', result);
    if (!cookie.secure) result = order(hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag', result);
    if (name.includes('csrf') && !cookie.sameSite) result = order('cookies-anticsrf-without-samesite-flag', result);
    if (session && !cookie.secure) result = order(hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag', result);
    if (session && !cookie.httpOnly) result = order('cookies-session-without-httponly-flag', result);
    if (!cookie.sameSite) sameSiteMissing = true;
  }
  result ??= sameSiteMissing ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite';
  return outcome('cookies', result, ['cookies-not-found', 'cookies-secure-with-httponly-sessions-and-samesite', 'cookies-secure-with-httponly-sessions']);
}

/** cors.js: the preflight's Access-Control-Allow-Origin; echoing the asking origin with credentials is universal access. */
export function crossOriginResourceSharingTest(scan: Scan): Outcome {
  const allowed = scan.cors?.headers['access-control-allow-origin'];
  let result = 'cross-origin-resource-sharing-not-implemented';
  if (scan.cors && allowed) {
    const credentials = scan.cors.headers['access-control-allow-credentials']?.toLowerCase().trim() === 'true';
    if (allowed.slice(0, 256).trim().toLowerCase() === '*') result = 'cross-origin-resource-sharing-implemented-with-public-access';
    else if (allowed === scan.cors.origin && credentials) result = 'cross-origin-resource-sharing-implemented-with-universal-access';
    else result = 'cross-origin-resource-sharing-implemented-with-restricted-access';
  }
  return outcome('cross-origin-resource-sharing', result, [
    'cross-origin-resource-sharing-implemented-with-public-access',
    'cross-origin-resource-sharing-implemented-with-restricted-access',
    'cross-origin-resource-sharing-not-implemented',
  ]);
}

/** redirection.js: http:// must go to https:// on its first redirect, on the same host (no host assumed preloaded). */
export function redirectionTest(scan: Scan): Outcome {
  const route = scan.httpRoute.map(({ url }) => new URL(url));
  const [from, next, last] = [route[0], route[1], route.at(-1)];
  let result: string;
  if (!from || !last) result = 'redirection-not-needed-no-http';
  else if (!next) result = 'redirection-missing';
  else if (last.protocol !== 'https:') result = 'redirection-not-to-https';
  else if (next.protocol === 'http:') result = 'redirection-not-to-https-on-initial-redirection';
  else if (from.protocol === 'http:' && next.protocol === 'https:' && from.hostname !== next.hostname) result = 'redirection-off-host-from-http';
  else result = 'redirection-to-https';
  return outcome('redirection', result, ['redirection-not-needed-no-http', 'redirection-all-redirects-preloaded', 'redirection-to-https']);
}

/** referrer-policy.js: the header and <meta name="referrer"> together, the last valid value winning. */
export function referrerPolicyTest(scan: Scan): Outcome {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = [pageOf(scan).headers['referrer-policy'], scan.html?.referrer].filter((value) => value !== undefined && value !== null);
  if (values.length === 0) return outcome('referrer-policy', 'referrer-policy-not-implemented', ['referrer-policy-not-implemented']);
  const policy = values.join(', ').split(',').map((value) => value.toLowerCase().trim()).filter((value) => [...good, ...bad].includes(value)).at(-1) ?? '';
  const result = good.includes(policy) ? 'referrer-policy-private' : bad.includes(policy) ? 'referrer-policy-unsafe' : 'referrer-policy-header-invalid';
  return outcome('referrer-policy', result, ['referrer-policy-private', 'referrer-policy-not-implemented']);
}

/**
 * subresource-integrity.js: scripts from other sites need integrity and https. A script's address is read as
 * jsdom reads it (absolute addresses normalised, others as written); "another site" is another host name here,
 * where Observatory compares registrable domains (tldts): stricter for a script on a sibling subdomain.
 */
export function subresourceIntegrityTest(scan: Scan): Outcome {
  const order = worse([
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
    'sri-not-implemented-response-not-html',
  ]);
  const page = pageOf(scan);
  const scanned = new URL(scan.https[0]?.url ?? page.url);
  let result: string | null = null;
  const scripts = scan.html?.scripts ?? [];
  if (!htmlTypes.has(mediaType(page))) result = 'sri-not-implemented-response-not-html';
  else if (scripts.length === 0) result = 'sri-not-implemented-but-no-scripts-loaded';
  else {
    let foreign = false;
    for (const { src: raw, integrity } of scripts) {
      const src = raw && URL.canParse(raw, 'about:blank') ? new URL(raw, 'about:blank').href : raw;
      if (!src) continue;
      const relativeProtocol = /^(\/\/)[^/]/.test(src);
      const absolute = !relativeProtocol && /^https?:\/\//.test(src);
      const relative = !relativeProtocol && !absolute;
      const sameSite = relativeProtocol || relative || new URL(src).hostname === scanned.hostname;
      const secureScheme = absolute ? new URL(src).protocol === 'https:' : relative && scanned.protocol === 'https:';
      if (relative || (sameSite && !relativeProtocol)) {
        // Observatory grants the bonus for integrity on its own scripts too.
        if (integrity && secureScheme && !result) result = 'sri-implemented-and-all-scripts-loaded-securely';
        continue;
      }
      foreign = true;
      if (integrity && !secureScheme) result = order('sri-implemented-but-external-scripts-not-loaded-securely', result);
      else if (!integrity && secureScheme) result = order('sri-not-implemented-but-external-scripts-loaded-securely', result);
      else if (!integrity) result = order('sri-not-implemented-and-external-scripts-not-loaded-securely', result);
    }
    result ??= foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
  }
  return outcome('subresource-integrity', result, [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-not-implemented-response-not-html',
    'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    'sri-not-implemented-but-no-scripts-loaded',
  ]);
}

/** x-content-type-options.js: nosniff, nothing else. */
export function xContentTypeOptionsTest(scan: Scan): Outcome {
  const header = pageOf(scan).headers['x-content-type-options'];
  let result = 'x-content-type-options-not-implemented';
  if (header) result = header.slice(0, 256).trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid';
  return outcome('x-content-type-options', result, ['x-content-type-options-nosniff']);
}

/** x-frame-options.js: DENY or SAMEORIGIN, or any frame-ancestors in the merged policy, which wins. */
export function xFrameOptionsTest(scan: Scan, csp: CspResult): Outcome {
  const header = pageOf(scan).headers['x-frame-options'];
  const value = header?.slice(0, 1024).trim().toLowerCase() ?? '';
  let result = 'x-frame-options-not-implemented';
  if (header && ['deny', 'sameorigin'].includes(value)) result = 'x-frame-options-sameorigin-or-deny';
  else if (header) result = value.startsWith('allow-from') ? 'x-frame-options-allow-from-origin' : 'x-frame-options-header-invalid';
  if (csp.directives?.has('frame-ancestors')) result = 'x-frame-options-implemented-via-csp';
  return outcome('x-frame-options', result, ['x-frame-options-allow-from-origin', 'x-frame-options-sameorigin-or-deny', 'x-frame-options-implemented-via-csp']);
}

/** cross-origin-resource-policy.js (the scan reads no <meta> for it). */
export function crossOriginResourcePolicyTest(scan: Scan): Outcome {
  const header = pageOf(scan).headers['cross-origin-resource-policy']?.slice(0, 256).trim().toLowerCase();
  const known: Record<string, string> = {
    'same-site': 'corp-implemented-with-same-site',
    'same-origin': 'corp-implemented-with-same-origin',
    'cross-origin': 'corp-implemented-with-cross-origin',
  };
  const result = header ? (known[header] ?? 'corp-header-invalid') : 'corp-not-implemented';
  return outcome('cross-origin-resource-policy', result, [...Object.values(known), 'corp-not-implemented']);
}
