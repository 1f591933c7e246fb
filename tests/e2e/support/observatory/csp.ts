/**
 * Observatory's content security policy test: its policy parser (src/analyzer/cspParser.js) and the test itself
 * (src/analyzer/tests/csp.js), @mdn/mdn-http-observatory 1.4.8, in the same order of checks.
 */
import { pageOf, type Scan, type TestResult } from './scan.ts';

const compare = new Intl.Collator('en').compare;
// cspParser.js: the shortest policy it accepts ('img-src' less one character).
const shortestPolicy = 'img-src'.length - 1;
const forbiddenInMeta = ['frame-ancestors', 'report-uri', 'sandbox'];
const allowedDuplicates = new Set(['report-uri', 'report-to']);
const duplicateWarnings = '_observatory_duplicate_key_warnings';

interface Source {
  source: string;
  index: number;
  keep: boolean;
}

/** cspParser.js pathPartMatch: whether source b lies within source a (same source, or under a's path ending in '/'). */
function pathPartMatch(a: string, b: string): boolean {
  if (a.length === 0) return true;
  if (a === '/' && b.length === 0) return true;
  const exact = !a.endsWith('/');
  const partsA = a.split('/');
  const partsB = b.split('/');
  if (partsA.length > partsB.length) return false;
  if (exact && partsA.length !== partsB.length) return false;
  if (!exact) partsA.pop();
  return partsA.every((part, i) => decodeURIComponent(part) === decodeURIComponent(partsB[i] ?? ''));
}

/**
 * cspParser.js parseCsp: the policies as one map of directive to sources. From a second policy on, a directive keeps
 * only the sources every policy naming it allows; one that only a later policy names is read as 'none'. Throws on
 * an empty or too short policy and on a repeated directive (report-uri and report-to excepted).
 */
export function parseCsp(policies: string[]): Map<string, Set<string>> {
  const clean = policies.map((policy) => policy.replaceAll(/[\r\n]/g, '').trim());
  if (clean.length === 0) return new Map();
  for (const policy of clean) if (!policy || policy.length < shortestPolicy) throw new Error(`Invalid policy: ${policy}`);
  const csp = new Map<string, Source[]>();
  const duplicates = new Set<string>();
  for (const [index, policy] of clean.entries()) {
    const seen = new Set<string>();
    for (const [name, ...values] of policy.split(';').map((entry) => entry.trim().split(/\s+/))) {
      if (!name) continue;
      const directive = name.toLowerCase();
      if (seen.has(directive)) {
        if (!allowedDuplicates.has(directive)) throw new Error(`Duplicate directive ${directive} in policy ${index}`);
        duplicates.add(directive);
      } else seen.add(directive);
      const keep = index === 0;
      const sources: Source[] = values.length > 0 ? values.map((value) => ({ source: value.trim().toLocaleLowerCase(), index, keep })) : [];
      if (values.length === 0 && directive.endsWith('-src')) sources.push({ source: "'none'", index, keep });
      const combined = index === 0 ? [...sources] : [...(csp.get(directive) ?? []), ...sources];
      combined.sort((a, b) => compare(a.source, b.source));
      for (const [i, source] of combined.entries()) {
        const previous = combined[i - 1];
        if (!previous) continue;
        // Within one policy a longer source under a shorter one adds nothing; across policies a source counts when both allow it.
        if (source.index === previous.index && source.source.startsWith(previous.source)) source.keep = false;
        if (source.index !== previous.index && pathPartMatch(previous.source, source.source)) source.keep = true;
      }
      csp.set(directive, combined.filter((source) => source.keep));
      if (index === 0 && policies.length > 1) for (const source of csp.get(directive) ?? []) source.keep = false;
    }
  }
  const parsed = new Map([...csp].map(([directive, sources]) => [directive, new Set(sources.length > 0 ? sources.map((s) => s.source) : ["'none'"])]));
  if (duplicates.size > 0) parsed.set(duplicateWarnings, duplicates);
  return parsed;
}

/** cspParser.js parseCspMeta: a <meta> policy without what only a header may say. */
export function parseCspMeta(policies: string[]): Map<string, Set<string>> {
  const parsed = parseCsp(policies);
  for (const directive of forbiddenInMeta) parsed.delete(directive);
  return parsed;
}

const dangerouslyBroad = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const broadOrInline = new Set([...dangerouslyBroad, "'unsafe-inline'", 'data:']);
const passiveDirectives = new Set(['img-src', 'media-src']);
const hasNonceOrHash = (sources: Set<string>) => [...sources].some((s) => ["'sha256-", "'sha384-", "'sha512-", "'nonce-"].some((prefix) => s.startsWith(prefix)));
const insecureScheme = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

/** The CSP test's answer, and the merged policy (csp.js output.data) that the X-Frame-Options test reads. */
export interface CspResult extends Omit<TestResult, 'modifier'> {
  directives: Map<string, Set<string>> | null;
}

/** csp.js contentSecurityPolicyTest: the header policies and the <meta> policies, read together. */
export function contentSecurityPolicyTest(scan: Scan): CspResult {
  const page = pageOf(scan);
  const answer = (result: string, pass = false, directives: CspResult['directives'] = null): CspResult => ({ test: 'content-security-policy', result, pass, directives });
  const header = page.headers['content-security-policy'];
  const httpPolicies = header === undefined ? [] : [header];
  const metaPolicies = scan.html?.csp ?? [];
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp([...httpPolicies, ...metaPolicies]);
  } catch {
    return answer('csp-header-invalid');
  }
  const read = (parse: () => Map<string, Set<string>>) => {
    try {
      return parse();
    } catch {
      return new Map<string, Set<string>>();
    }
  };
  const headerOnly = read(() => parseCsp(httpPolicies));
  const metaOnly = read(() => parseCspMeta(metaPolicies));
  if (headerOnly.size + metaOnly.size === 0) {
    return answer(page.headers['content-security-policy-report-only'] ? 'csp-not-implemented-but-reporting-enabled' : 'csp-not-implemented');
  }

  // The first weakness found names the result (csp.js sets output.result only while it is null).
  const found: string[] = [];
  const first = (result: string) => found.push(result);
  const all = new Set(['*']);
  const objectSrc = csp.get('object-src') ?? csp.get('default-src') ?? new Set(all);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? new Set(all);
  const styleSrc = csp.get('style-src') ?? csp.get('default-src') ?? new Set(all);
  // A hash or nonce makes browsers ignore 'unsafe-inline' (CSP level 2).
  for (const sources of [scriptSrc, styleSrc]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of scriptSrc) {
      if ([...dangerouslyBroad].some((broad) => source.startsWith(broad)) || source === "'self'" || source === "'unsafe-inline'") scriptSrc.delete(source);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) first('csp-header-invalid');

  const active = [...csp].filter(([directive]) => !passiveDirectives.has(directive) && directive !== 'script-src').flatMap(([, sources]) => [...sources]);
  active.push(...scriptSrc);
  const passive = [...passiveDirectives].flatMap((directive) => [...(csp.get(directive) ?? csp.get('default-src') ?? [])]);
  const https = new URL(scan.https[0]?.url ?? '').protocol === 'https:';

  if ([...scriptSrc].some((s) => broadOrInline.has(s)) || [...objectSrc].some((s) => dangerouslyBroad.has(s))) first('csp-implemented-with-unsafe-inline');
  if (https && active.some(insecureScheme)) first('csp-implemented-with-insecure-scheme');
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) first('csp-implemented-with-unsafe-eval');
  if (https && passive.some(insecureScheme)) first('csp-implemented-with-insecure-scheme-in-passive-content-only');
  if ([...styleSrc].some((s) => broadOrInline.has(s))) first('csp-implemented-with-unsafe-inline-in-style-src-only');
  const defaultSrc = csp.get('default-src');
  first(defaultSrc?.has("'none'") && defaultSrc.size === 1 ? 'csp-implemented-with-no-unsafe-default-src-none' : 'csp-implemented-with-no-unsafe');

  const passing = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ];
  const result = found[0] ?? '';
  const pass = passing.includes(result);
  const duplicated = csp.delete(duplicateWarnings);
  return answer(pass && duplicated ? 'csp-implemented-but-duplicate-directives' : result, pass, csp);
}
