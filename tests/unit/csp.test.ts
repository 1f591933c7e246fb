import { describe, expect, it } from 'vitest';
import { cspHash, sonnerStyleHash } from '../../src/lib/csp.ts';
import { inlineScript, inlineScriptHashes } from '../../src/components/inline-scripts.ts';

describe('cspHash()', () => {
  it('is the SHA-256 of the exact text, as a policy source', () => {
    // The example of the CSP Level 3 specification: alert('Hello, world.');
    expect(cspHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
    expect(cspHash("alert('Hello, world.'); ")).not.toBe(cspHash("alert('Hello, world.');"));
  });
});

describe('the inline scripts', () => {
  it('each run in a function of their own, with their constants, minified, and their hashes are those of that text', () => {
    const code = inlineScript('resume-reading');
    expect(code.startsWith('(()=>{')).toBe(true);
    expect(code).toContain('`book-reading-progress:/`');
    expect(code).not.toContain('\n  ');
    expect(inlineScriptHashes()).toContain(cspHash(code));
    expect(new Set(inlineScriptHashes()).size).toBe(inlineScriptHashes().length);
  });
});

describe('sonnerStyleHash()', () => {
  it('hashes the stylesheet the installed sonner adds', () => expect(sonnerStyleHash()).toMatch(/^sha256-[\w+/]{43}=$/));
});
