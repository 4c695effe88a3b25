// A rule written again never decides (issue 32: check.ts compiles each rule text once): under
// every reading the earlier of two equal rules wins, so repeating rules later in a group changes
// no verdict and no deciding line. The 1994 text: "the first match"; Google and RFC 9309 §2.2.2:
// the longest match, and among equals the first line (robots.cc; this engine's tie rule).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { numRuns } from '../property-runs.ts';

const value = fc.stringMatching(/^\/[ab*$/]{0,5}$/);
const rule = fc.tuple(fc.constantFrom('Allow', 'Disallow'), value);
const path = fc.stringMatching(/^\/[ab/]{0,6}$/);

describe('repeated rules', () => {
  test('repeating some rules later in the group changes no verdict and no deciding line', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(path, { minLength: 1, maxLength: 6 }),
        (rules, repeats, paths) => {
          const lines = rules.map(([type, v]) => `${type}: ${v}`);
          const again = repeats.map((n) => lines[n % lines.length] as string);
          const once = parseRobotsTxt(`User-agent: *\n${lines.join('\n')}\n`);
          const twice = parseRobotsTxt(`User-agent: *\n${[...lines, ...again].join('\n')}\n`);
          for (const semantics of ['google', 'rfc9309', 'original1994'] as const)
            for (const p of paths) {
              const a = checkUrl(once, 'bot', p, semantics);
              const b = checkUrl(twice, 'bot', p, semantics);
              expect([b.allowed, b.rule?.line ?? null]).toEqual([a.allowed, a.rule?.line ?? null]);
            }
        },
      ),
      { numRuns: numRuns(500) },
    );
  });

  test('30,000 copies of one rule (390 KB): the first line decides among them', () => {
    const text = `User-agent: *\n${'Disallow: /x\n'.repeat(30_000)}Allow: /x\n`;
    const robots = parseRobotsTxt(text);
    expect(robots.truncated).toBe(false);
    const decided = (semantics: 'google' | 'rfc9309' | 'original1994', p: string) => {
      const v = checkUrl(robots, 'bot', p, semantics);
      return [v.allowed, v.rule?.line];
    };
    // Equal lengths: Allow wins the tie (Google, RFC 9309 §2.2.2); 1994: the first match.
    expect(decided('google', '/x/1')).toEqual([true, 30_002]);
    expect(decided('rfc9309', '/x/1')).toEqual([true, 30_002]);
    expect(decided('original1994', '/x/1')).toEqual([false, 2]);
  });
});
