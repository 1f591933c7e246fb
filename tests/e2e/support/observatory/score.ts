/**
 * Observatory's score and grade for one scan: src/scanner/index.js and src/grader/ (charts.js, grader.js) of
 * @mdn/mdn-http-observatory 1.4.8. Start at 100, add each test's modifier; bonuses count only when the score
 * without them is at least 90.
 */
import { contentSecurityPolicyTest } from './csp.ts';
import { pageOf, type Scan, type TestResult } from './scan.ts';
import {
  cookiesTest, crossOriginResourcePolicyTest, crossOriginResourceSharingTest, redirectionTest, referrerPolicyTest, strictTransportSecurityTest,
  subresourceIntegrityTest, xContentTypeOptionsTest, xFrameOptionsTest,
} from './tests.ts';

/** charts.js SCORE_TABLE: the points each result adds or takes away (results the scan here cannot meet included). */
const modifiers: Record<string, number> = {
  'csp-implemented-with-no-unsafe-default-src-none': 10, 'csp-implemented-with-no-unsafe': 5, 'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10, 'csp-implemented-with-unsafe-eval': -10, 'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20, 'csp-header-invalid': -25, 'csp-not-implemented': -25, 'csp-not-implemented-but-reporting-enabled': -25,
  'csp-implemented-but-duplicate-directives': 0,
  'cookies-secure-with-httponly-sessions-and-samesite': 5, 'cookies-secure-with-httponly-sessions': 0, 'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5, 'cookies-session-without-secure-flag-but-protected-by-hsts': -10, 'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20, 'cookies-anticsrf-without-samesite-flag': -20, 'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0, 'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0, 'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-all-redirects-preloaded': 0, 'redirection-to-https': 0, 'redirection-not-needed-no-http': 0, 'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10, 'redirection-not-to-https': -20, 'redirection-missing': -20, 'redirection-invalid-cert': -20,
  'referrer-policy-private': 5, 'referrer-policy-not-implemented': 0, 'referrer-policy-unsafe': -5, 'referrer-policy-header-invalid': -5,
  'hsts-preloaded': 5, 'hsts-implemented-max-age-at-least-six-months': 0, 'hsts-implemented-max-age-less-than-six-months': -10, 'hsts-not-implemented': -20,
  'hsts-header-invalid': -20, 'hsts-not-implemented-no-https': -20, 'hsts-invalid-cert': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5, 'sri-implemented-and-external-scripts-loaded-securely': 5, 'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0, 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5, 'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0, 'x-content-type-options-not-implemented': -5, 'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5, 'x-frame-options-sameorigin-or-deny': 0, 'x-frame-options-allow-from-origin': 0, 'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'corp-header-invalid': -5, 'corp-implemented-with-cross-origin': 0, 'corp-implemented-with-same-origin': 10, 'corp-implemented-with-same-site': 10,
  'corp-not-implemented': 0,
};

/** charts.js GRADE_CHART, from the top: the least score of each grade. */
const grades: [number, string][] = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];

/** charts.js MINIMUM_SCORE_FOR_EXTRA_CREDIT. */
const minimumForBonus = 90;

/** grader.js getGradeForScore: the score rounded down to a multiple of 5, 100 and over being A+. */
export function gradeFor(score: number): string {
  const key = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  return grades.find(([least]) => key >= least)?.[1] ?? 'F';
}

export interface Score {
  score: number;
  grade: string;
  tests: TestResult[];
}

/** scanner/index.js scan: every test, in Observatory's order, and the score and grade they add up to. */
export function scoreScan(scan: Scan): Score {
  const { status } = pageOf(scan);
  // Observatory refuses to grade a page that answers with an error (401 and 403 excepted).
  if (status < 200 || (status >= 400 && ![401, 403].includes(status))) throw new Error(`Site did respond with an unexpected HTTP status code ${status}.`);
  const csp = contentSecurityPolicyTest(scan);
  const outcomes = [
    csp, cookiesTest(scan), crossOriginResourceSharingTest(scan), redirectionTest(scan), referrerPolicyTest(scan), strictTransportSecurityTest(scan),
    subresourceIntegrityTest(scan), xContentTypeOptionsTest(scan), xFrameOptionsTest(scan, csp), crossOriginResourcePolicyTest(scan),
  ];
  const tests = outcomes.map(({ test, result, pass }) => ({ test, result, pass, modifier: modifiers[result] ?? 0 }));
  const penalties = tests.reduce((sum, { modifier }) => sum + Math.min(modifier, 0), 100);
  const withBonuses = tests.reduce((sum, { modifier }) => sum + modifier, 100);
  const score = penalties >= minimumForBonus ? withBonuses : penalties;
  return { score: Math.max(score, 0), grade: gradeFor(score), tests };
}

/** One line per test, for a failure message: result, points and whether it passed. */
export const report = ({ score, grade, tests }: Score) =>
  [
    `score ${score}, grade ${grade}`,
    ...tests.map(({ test, result, modifier, pass }) => `${pass ? 'pass' : 'FAIL'} ${test}: ${result} (${modifier >= 0 ? '+' : ''}${modifier})`),
  ].join('\n');
