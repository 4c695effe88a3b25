import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt, productToken } from '../../src/robots/index.ts';

// Untrusted input gives a result and never throws, in time linear in its size. Time is measured
// by `npm run bench`; a quadratic or exponential path would exceed vitest's 5 s timeout here.
describe('hostile input', () => {
  test('10 MB of rules: only the first 500 KiB count', () => {
    const text = `User-agent: *\n${'Disallow: /a\n'.repeat(800_000)}`;
    const r = parseRobotsTxt(text);
    expect(r.truncated).toBe(true);
    expect(r.bytesRead).toBe(512_000);
    expect(checkUrl(r, 'x', '/a').allowed).toBe(false);
  });

  test('a 100,000-character *a*a*… rule against a long path', () => {
    const path = `/${'a'.repeat(100_000)}`;
    // Cut at 16,663 bytes like Google, the rule loses its final "b" and matches.
    const long = parseRobotsTxt(`User-agent: *\nDisallow: /${'*a'.repeat(50_000)}b\n`);
    expect(checkUrl(long, 'x', path, 'google').allowed).toBe(false);
    expect(checkUrl(long, 'x', path, 'rfc9309').allowed).toBe(false);
    expect(checkUrl(long, 'x', path, 'original1994').allowed).toBe(true);
    const fits = parseRobotsTxt(`User-agent: *\nDisallow: /${'*a'.repeat(8_000)}b\n`);
    for (const s of ['google', 'rfc9309', 'original1994'] as const) {
      expect(checkUrl(fits, 'x', path, s).allowed).toBe(true);
    }
  });

  test('thousands of wildcard rules against a path of wildcards', () => {
    const rules = Array.from(
      { length: 5000 },
      (_, i) => `Disallow: /*${'a*'.repeat(i % 40)}x${i}$`,
    ).join('\n');
    const r = parseRobotsTxt(`User-agent: *\n${rules}\n`);
    expect(checkUrl(r, 'x', `/${'a'.repeat(20_000)}`, 'google').allowed).toBe(true);
    expect(checkUrl(r, 'x', `/${'a'.repeat(50)}x4999`, 'google').allowed).toBe(false);
  });

  test('lone surrogates, NULs and controls', () => {
    const r = parseRobotsTxt(
      'User-agent: *\nDisallow: /\uD800x\nDisallow: /b\0/c\nDisallow: /\u0007z\n',
    );
    expect(checkUrl(r, 'x', '/%EF%BF%BDx', 'google').allowed).toBe(false);
    expect(checkUrl(r, '\uDC00', '/\uD800', 'rfc9309').allowed).toBe(true);
    expect(r.groups[0]?.rules.map((x) => x.value)).toEqual(['/\uD800x', '/b', '/\u0007z']);
  });

  test('values that are not strings', () => {
    const bad = null as unknown as string;
    const r = parseRobotsTxt(bad);
    expect(checkUrl(r, bad, bad).allowed).toBe(true);
    expect(
      parseRobotsTxt({
        toString: () => {
          throw new Error('x');
        },
      } as unknown as string).groups,
    ).toEqual([]);
  });

  test('a 100,000-character User-Agent header', () => {
    expect(productToken(`Mozilla/5.0 (${'a'.repeat(100_000)}`)).toBe('Mozilla');
    expect(productToken(`${'a '.repeat(50_000)}`)).toBe('a '.repeat(50_000).trim());
  });

  test('HTML and script text is plain data', () => {
    const r = parseRobotsTxt(
      '<script>alert(1)</script>\nUser-agent: <img src=x onerror=alert(1)>\nDisallow: /<b>\n',
    );
    expect(r.groups[0]?.agents).toEqual(['<img src=x onerror=alert(1)>']);
    expect(r.groups[0]?.rules[0]?.value).toBe('/<b>');
  });
});

describe('a bounded check (issue 15, item 1: a hostile site must not stall the browser)', () => {
  // A 511 KB file of distinct `*a…` wildcard rules and a page that moves itself to a
  // 100,000-character path: every rule is a candidate and each may scan the whole path. The check
  // stops at MATCH_BUDGET units scanned, says so (decision.approximate), and never does otherwise.
  // (Distinct: a rule written again is compiled once, so copies would not reach the budget.)
  const lines = ['User-agent: *'];
  for (let i = 0, size = 0; size < 511_000; i++) {
    const line = `Disallow:*a${'*b'.repeat(i % 400)}*${String.fromCharCode(99 + (Math.floor(i / 400) % 20))}`;
    lines.push(line);
    size += line.length + 1;
  }
  const text = lines.join('\n');
  const hostile = parseRobotsTxt(text);
  const long = `/${'a'.repeat(100_000)}`;

  test.each(['google', 'rfc9309', 'original1994'] as const)('%s: marked approximate', (s) => {
    const v = checkUrl(hostile, 'x', long, s);
    if (s === 'original1994') expect(v.reason.decision.approximate).toBeUndefined();
    else expect(v.reason.decision.approximate).toBe(true);
  });

  test('a short path against the same file is exact', () => {
    expect(checkUrl(hostile, 'x', '/abc', 'google').reason.decision.approximate).toBeUndefined();
  });

  test('the benchmark pathological cases on 8,190-character paths stay exact', () => {
    const a = (n: number) => `/${'a'.repeat(n - 1)}`;
    const cases: [string, string][] = [
      [`/${'*a'.repeat(50_000)}b`, a(8_190)],
      [`/${'*a'.repeat(8_000)}b`, a(8_190)],
      [`/${'a*'.repeat(8_000)}$`, `${a(8_190)}b`],
      [`/*${'a'.repeat(16_000)}b`, a(8_190)],
    ];
    for (const [rule, path] of cases) {
      const robots = parseRobotsTxt(`User-agent: *\nDisallow: ${rule}\n`);
      for (const s of ['google', 'rfc9309'] as const)
        expect(checkUrl(robots, 'x', path, s).reason.decision.approximate).toBeUndefined();
    }
  });
});
