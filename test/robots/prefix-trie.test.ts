import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { PrefixTrie } from '../../src/robots/prefix-trie.ts';

/** Every key `path` starts with, the slow way. */
const naive = (keys: string[], path: string) =>
  keys.flatMap((k, i) => (path.startsWith(k) ? [i] : [])).sort((a, b) => a - b);

function found(keys: string[], path: string): number[] {
  const trie = new PrefixTrie();
  for (const [i, k] of keys.entries()) trie.add(k, i);
  trie.finish();
  const out: number[] = [];
  trie.candidates(path, (e) => out.push(e));
  return out.sort((a, b) => a - b);
}

describe('PrefixTrie: every key the path starts with is a candidate, and crowded keys few more', () => {
  // Sites with thousands of rules under one long prefix (/catalog/product/view/id/…) must not
  // make a check visit all of them; RFC 9309 §2.2.2 longest match still holds.
  const crowded = Array.from({ length: 300 }, (_, i) => `/catalog/product/view/id/${i}/`);
  const keys = [
    '',
    '/',
    '/catalog/',
    ...crowded,
    '/catalog/product/view/id/12',
    `/${'x'.repeat(40)}`,
  ];
  test.each([
    '/catalog/product/view/id/12/',
    '/catalog/product/view/id/123/',
    '/catalog/product/view/id/1',
    '/catalog/product/view/',
    `/${'x'.repeat(40)}/y`,
    `/${'x'.repeat(39)}`,
    '/other',
    '',
  ])('%s', (path) => {
    const candidates = found(keys, path);
    expect(candidates).toEqual(expect.arrayContaining(naive(keys, path)));
    // Candidates are checked one by one afterwards: a nested level keeps them few.
    expect(candidates.length).toBeLessThanOrEqual(naive(keys, path).length + 8);
  });

  test('a check against 5,000 rules under one prefix picks the longest', () => {
    const lines = ['User-agent: *', 'Disallow: /catalog/'];
    for (let i = 0; i < 5000; i++) lines.push(`Allow: /catalog/product/view/id/${i}/`);
    const robots = parseRobotsTxt(lines.join('\n'));
    expect(checkUrl(robots, 'x', '/catalog/product/view/id/4321/page', 'google')).toMatchObject({
      allowed: true,
      rule: { line: 4321 + 3 },
    });
    expect(checkUrl(robots, 'x', '/catalog/product/view/id/50000/', 'rfc9309').allowed).toBe(false);
  });
});
