// src/digest.ts: the fingerprint by which the popup tells whether its last screen of a tab was
// drawn from the snapshot the background keeps now (issue 12, speed).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, digest } from '../src/digest.ts';

describe('canonicalJson', () => {
  test.each([
    // Chromium's storage.session gives objects back with their keys sorted; messages keep them
    // in the order written: both must give the same text.
    [
      'keys in another order',
      { b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } },
      { a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 },
    ],
    // Storage leaves undefined properties out, as JSON.stringify does.
    ['an undefined property', { a: 1, b: undefined }, { a: 1 }],
  ])('%s: the same text', (_name, one, other) => {
    expect(canonicalJson(one)).toBe(canonicalJson(other));
  });
  test('array order counts, values count', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson(undefined)).toBe('');
  });
  test('properties left out, at any depth; the others still count', () => {
    const leaveOut = new Set(['readMs']);
    const one = { readMs: 1, dom: { readMs: 2, robots: 'noindex' }, list: [{ readMs: 3 }] };
    const other = { readMs: 9, dom: { readMs: 8, robots: 'noindex' }, list: [{ readMs: 7 }] };
    expect(canonicalJson(one, leaveOut)).toBe(canonicalJson(other, leaveOut));
    expect(canonicalJson(one, leaveOut)).toBe('{"dom":{"robots":"noindex"},"list":[{}]}');
    expect(canonicalJson(one)).not.toBe(canonicalJson(other));
  });
});

describe('digest', () => {
  test('equal texts, equal fingerprints; a one-character change, another', () => {
    const text = canonicalJson({ reply: { url: 'https://a.test/', verdicts: [1, 2, 3] } });
    expect(digest(text)).toBe(digest(`${text}`));
    expect(digest(text)).not.toBe(digest(text.replace('1', '4')));
    expect(digest('')).toMatch(/^0-[0-9a-f]{14}$/);
  });
  test('no collision among 20,000 distinct short texts', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(digest(`{"verdicts":[${i}]}`));
    expect(seen.size).toBe(20_000);
  });
  test('any string: a fingerprint, never a throw', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => typeof digest(s) === 'string'));
  });
});
