import { describe, expect, it } from 'vitest';
import { headerRules, headersFor } from '../../src/lib/host-config.ts';
import { parseCsp } from '../e2e/support/observatory/csp.ts';
import type { Scan } from '../e2e/support/observatory/scan.ts';
import { gradeFor, report, scoreScan } from '../e2e/support/observatory/score.ts';

// A chapter's <meta> policy as Astro's security.csp writes it (hashes shortened).
const metaPolicy =
  "default-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-src 'self' https://www.youtube-nocookie.com; script-src 'self' 'wasm-unsafe-eval' 'sha256-AAA=' 'sha256-BBB='; style-src 'self' 'sha256-CCC='; style-src-attr 'unsafe-inline'";
const address = 'https://book.example.org/index/Chapter1';

/** A scan of a chapter served with the headers of src/lib/host-config.ts, changed as a case says. */
function bookScan(change: (scan: Scan) => void = () => {}): Scan {
  const headers = Object.fromEntries(Object.entries(headersFor('/index/Chapter1', headerRules('/'))).map(([name, value]) => [name.toLowerCase(), value]));
  const scan: Scan = {
    https: [{ url: address, status: 200, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, setCookies: [] }],
    html: { csp: [metaPolicy], referrer: null, scripts: [{ src: null, integrity: null }, { src: '/_astro/page.js', integrity: null }] },
    httpRoute: [{ url: address.replace('https:', 'http:'), status: 301 }, { url: address, status: 200 }],
    cors: { origin: 'https://http-observatory.security.mozilla.org', headers: {} },
  };
  change(scan);
  return scan;
}
const page = (scan: Scan) => scan.https[0]!;
const html = (scan: Scan) => scan.html!;
const resultOf = (scan: Scan, test: string) => scoreScan(scan).tests.find((t) => t.test === test);

describe("Observatory's grade of the book's headers", () => {
  it('is A+, 130: every bonus the headers can earn, no penalty', () => {
    const score = scoreScan(bookScan());
    expect(score, report(score)).toMatchObject({ score: 130, grade: 'A+' });
    expect(Object.fromEntries(score.tests.map(({ test, result, modifier }) => [test, `${result} ${modifier}`]))).toEqual({
      // cspParser.js reads a directive only the second (<meta>) policy names as 'none': default-src 'none' earns 10, not 5.
      'content-security-policy': 'csp-implemented-with-no-unsafe-default-src-none 10',
      cookies: 'cookies-not-found 0',
      'cross-origin-resource-sharing': 'cross-origin-resource-sharing-not-implemented 0',
      redirection: 'redirection-to-https 0',
      'referrer-policy': 'referrer-policy-private 5',
      'strict-transport-security': 'hsts-implemented-max-age-at-least-six-months 0',
      'subresource-integrity': 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin 0',
      'x-content-type-options': 'x-content-type-options-nosniff 0',
      'x-frame-options': 'x-frame-options-implemented-via-csp 5',
      'cross-origin-resource-policy': 'corp-implemented-with-same-origin 10',
    });
  });
});

interface Weakening {
  what: string;
  change: (scan: Scan) => void;
  /** The test that notices it, with its result, and the score and grade it leaves. */
  test: string;
  result: string;
  score: number;
  grade: string;
}

describe.each<Weakening>([
  // Observatory keeps only the sources both policies allow, so a weakness must be in both, or in the only policy.
  {
    what: "'unsafe-inline' for scripts in both policies",
    change: (s) => {
      page(s).headers['content-security-policy'] += "; script-src 'self' 'unsafe-inline'";
      html(s).csp = [metaPolicy.replace(/'sha256-[^']+'/g, "'unsafe-inline'")];
    },
    test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', score: 80, grade: 'B+',
  },
  {
    what: "'unsafe-inline' for scripts in a <meta> policy, and no header policy",
    change: (s) => {
      delete page(s).headers['content-security-policy'];
      html(s).csp = ["default-src 'self'; script-src 'self' 'unsafe-inline'"];
    },
    test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', score: 80, grade: 'B+',
  },
  {
    what: 'no Strict-Transport-Security',
    change: (s) => delete page(s).headers['strict-transport-security'],
    test: 'strict-transport-security', result: 'hsts-not-implemented', score: 80, grade: 'B+',
  },
  {
    what: 'HSTS for a day: at 90 the bonuses still count',
    change: (s) => (page(s).headers['strict-transport-security'] = 'max-age=86400'),
    test: 'strict-transport-security', result: 'hsts-implemented-max-age-less-than-six-months', score: 120, grade: 'A+',
  },
  {
    what: 'HSTS for a day and no nosniff: under 90 the bonuses are lost',
    change: (s) => {
      page(s).headers['strict-transport-security'] = 'max-age=86400';
      delete page(s).headers['x-content-type-options'];
    },
    test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', score: 85, grade: 'A-',
  },
  {
    what: 'neither X-Frame-Options nor frame-ancestors',
    change: (s) => {
      page(s).headers['content-security-policy'] = "object-src 'none'; base-uri 'self'";
      delete page(s).headers['x-frame-options'];
    },
    test: 'x-frame-options', result: 'x-frame-options-not-implemented', score: 80, grade: 'B+',
  },
  {
    what: 'a referrer policy that leaks the address',
    change: (s) => (page(s).headers['referrer-policy'] = 'unsafe-url'),
    test: 'referrer-policy', result: 'referrer-policy-unsafe', score: 120, grade: 'A+',
  },
  {
    what: 'http:// answered without a redirect to https://',
    change: (s) => (s.httpRoute = [{ url: 'http://book.example.org/index/Chapter1', status: 200 }]),
    test: 'redirection', result: 'redirection-missing', score: 80, grade: 'B+',
  },
  {
    what: 'a session cookie without HttpOnly',
    change: (s) => (page(s).setCookies = ['session=1; Secure; SameSite=Lax']),
    test: 'cookies', result: 'cookies-session-without-httponly-flag', score: 70, grade: 'B',
  },
  {
    what: 'a preflight answered with the asking origin and credentials',
    change: (s) => (s.cors = { origin: 'https://a.example', headers: { 'access-control-allow-origin': 'https://a.example', 'access-control-allow-credentials': 'true' } }),
    test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-implemented-with-universal-access', score: 50, grade: 'C',
  },
  {
    what: 'a script from another site without integrity',
    change: (s) => html(s).scripts.push({ src: 'https://cdn.example.com/x.js', integrity: null }),
    test: 'subresource-integrity', result: 'sri-not-implemented-but-external-scripts-loaded-securely', score: 125, grade: 'A+',
  },
])('a weakened header set: $what', ({ change, test, result, score, grade }) => {
  it(`gives ${test} ${result}, and ${score} (${grade})`, () => {
    const scan = bookScan(change);
    expect(resultOf(scan, test)?.result).toBe(result);
    expect(scoreScan(scan), report(scoreScan(scan))).toMatchObject({ score, grade });
  });
});

describe('how Observatory reads policies', () => {
  it("does not see the <meta> policy's script-src when the header policy has none: it reads it as 'none'", () => {
    const scan = bookScan((s) => (html(s).csp = ["default-src 'self'; script-src 'self' 'unsafe-inline'"]));
    expect(resultOf(scan, 'content-security-policy')?.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  it("ignores 'unsafe-inline' beside a hash, as browsers do", () => {
    const scan = bookScan((s) => (page(s).headers['content-security-policy'] += "; script-src 'self' 'unsafe-inline' 'sha256-AAA='"));
    expect(resultOf(scan, 'content-security-policy')?.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  // Cases from Observatory's own test/csp-parser.test.js (1.4.8).
  it.each<[string[], Record<string, string[]>]>([
    [["default-src 'none'; script-src 'self' https://mozilla.org"], { 'default-src': ["'none'"], 'script-src': ["'self'", 'https://mozilla.org'] }],
    [["default-src 'none'; script-src 'self' https://mozilla.org", "default-src 'none'; script-src https://example.com 'self' https://mozilla.org"], { 'default-src': ["'none'"], 'script-src': ["'self'", 'https://mozilla.org'] }],
    [['default-src https://mozilla.org/firefox/', 'default-src https://mozilla.org/firefox/download/'], { 'default-src': ['https://mozilla.org/firefox/download/'] }],
    [['default-src http:', 'default-src https:'], { 'default-src': ["'none'"] }],
  ])('parses %j as the sources every policy allows', (policies, expected) => {
    expect(Object.fromEntries([...parseCsp(policies)].map(([directive, sources]) => [directive, [...sources]]))).toEqual(expected);
  });

  it.each(["default-src 'none'; default-src 'none'", 'defa', ' '])('refuses %j', (policy) => {
    expect(() => parseCsp([policy])).toThrow();
  });
});

describe('the grade table', () => {
  it.each([[130, 'A+'], [100, 'A+'], [99, 'A'], [90, 'A'], [89, 'A-'], [80, 'B+'], [70, 'B'], [64, 'C+'], [25, 'D-'], [24, 'F'], [-40, 'F']])('grades %i %s', (score, grade) => {
    expect(gradeFor(score)).toBe(grade);
  });

  it('refuses to grade a page that answers with an error', () => {
    expect(() => scoreScan(bookScan((s) => (page(s).status = 404)))).toThrow('unexpected HTTP status code 404');
  });
});
