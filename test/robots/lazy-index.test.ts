// CompiledRules answers its first checks by testing every key, then builds its indexes
// (matcher.ts, LINEAR_CHECKS; issue 32: no cliff on the first check of a big file). Both ways must
// give the same answers: the same best allow and disallow (Google, RFC 9309), the same first rule
// (1994), the same ties (aipref), the same cut.
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { canonicalUnits } from '../../src/robots/encoding.ts';
import { CompiledRules } from '../../src/robots/matcher.ts';
import type { Rule, Semantics } from '../../src/robots/types.ts';
import { numRuns } from '../property-runs.ts';

const piece = fc.constantFrom(
  '/',
  'a',
  'b',
  'ab',
  '.pdf',
  '*',
  '$',
  '?',
  'x=1',
  'ü',
  '%41',
  '%c3%bc',
  '%2F',
  '%',
  '%4',
  'A',
  '"',
  '😀',
  '\uD800',
  'index.html',
  'aaaaaaaaaaaaaaaaab',
);
const value = fc.array(piece, { maxLength: 6 }).map((p) => `/${p.join('')}`);
const rules = fc.array(fc.tuple(fc.constantFrom('allow', 'disallow'), value), {
  minLength: 1,
  maxLength: 30,
});
const path = fc
  .array(
    fc.constantFrom(
      '/',
      'a',
      'b',
      'ab',
      '.pdf',
      '?x=1',
      'ü',
      '%C3%BC',
      '%c3%bc',
      '%41',
      'A',
      '%2F',
      '%2f',
      '%',
      '%22',
      '*',
      '$',
      '%F0%9F%98%80',
      'index.html',
      'aaaaaaaaaaaaaaaaab',
    ),
    {
      maxLength: 10,
    },
  )
  .map((p) => `/${p.join('')}`);

/** Answers of a set; `indexed` builds the indexes first (more checks than LINEAR_CHECKS). */
function answers(list: Rule[], semantics: Semantics, path: string, indexed: boolean) {
  const compiled = new CompiledRules(list, semantics);
  // check.ts matches canonical units under every reading but Google's.
  const p = semantics === 'google' ? path : canonicalUnits(path);
  if (indexed) for (let i = 0; i < 20; i++) compiled.best(`/${i}`);
  const best = compiled.best(p);
  const cut = compiled.cut;
  return {
    allow: best.allow && [best.allow.rule.line, best.allow.priority, best.allow.indexHtml],
    disallow: best.disallow && [best.disallow.rule.line, best.disallow.priority],
    first: compiled.first(p)?.line ?? null,
    ties: compiled
      .bestTies(p)
      .map((r) => r.line)
      .sort((a, b) => a - b),
    cut,
  };
}

describe('CompiledRules: scanned keys and built indexes agree', () => {
  test('on any rules and path, in every reading', () => {
    fc.assert(
      fc.property(rules, fc.array(path, { minLength: 1, maxLength: 4 }), (list, paths) => {
        const compiled: Rule[] = list.map(([type, v], i) => ({
          type: type as Rule['type'],
          value: v,
          line: i + 2,
        }));
        for (const semantics of ['google', 'rfc9309', 'original1994'] as const)
          for (const p of paths)
            expect(answers(compiled, semantics, p, false)).toEqual(
              answers(compiled, semantics, p, true),
            );
      }),
      { numRuns: numRuns(1000) },
    );
  });
});

describe('CompiledRules: the first checks read rules as written', () => {
  // Issue 32 (no cliff): the first check of a 40,000-rule set must not compile every rule (compiling
  // splits each pattern at its wildcards). Counted, not timed: String.prototype.split is the one
  // call compiling makes per rule.
  test('a rule that fails on its first units is never compiled', () => {
    const list: Rule[] = Array.from({ length: 10_000 }, (_, i) => ({
      type: i % 2 === 0 ? 'allow' : 'disallow',
      value: `/p${i}/*.pdf$`,
      line: i + 2,
    }));
    for (const semantics of ['google', 'rfc9309'] as const) {
      const split = vi.spyOn(String.prototype, 'split');
      try {
        const compiled = new CompiledRules(list, semantics);
        const best = compiled.best('/p123/a.pdf');
        expect(best.disallow?.rule.line).toBe(125);
        expect(split.mock.calls.length).toBeLessThan(10);
      } finally {
        split.mockRestore();
      }
    }
  });
});

describe('CompiledRules: a first check resumes where a rule shares its head with the one before', () => {
  // Issue 32 (no cliff): readRule marks where it had read to (after a `/`, after every 8th
  // character) and the next rule with the same first characters resumes there. Two marks would
  // be wrong: after a `$` the next rule may end (and be anchored), and two after a `%` the next
  // rule may make an escape of them.
  const cases: [string, string[], string, Semantics, string | null][] = [
    // RFC 9309 §2.2.3, Google's robots.txt spec: a final `$` anchors the pattern at the path's end,
    // so `/abcdefg$` does not match `/abcdefg$` read as a path (it needs `/abcdefg`).
    ['$ ends the next rule', ['/abcdefg$x', '/abcdefg$'], '/abcdefg$', 'google', null],
    ['$ ends the next rule', ['/abcdefg$x', '/abcdefg$'], '/abcdefg$', 'rfc9309', null],
    // robots.cc MaybeEscapePattern upper-cases the hex of an escape: `%4a` matches `%4A`. In the
    // rule before, `%4z` is no escape (a `%` and the characters `4z`).
    [
      '% and two more make an escape',
      ['/abcdef%4z', '/abcdef%4a'],
      '/abcdef%4A',
      'google',
      '/abcdef%4a',
    ],
    // RFC 9309 §2.2.2: `%4a` and `%4A` are the same octet, the letter J (unreserved).
    [
      '% and two more make an escape',
      ['/abcdef%4z', '/abcdef%4a'],
      '/abcdef%4A',
      'rfc9309',
      '/abcdef%4a',
    ],
  ];
  test.each(cases)('%s (%j, %s, %s)', (_name, values, path, semantics, expected) => {
    const list: Rule[] = values.map((value, i) => ({ type: 'disallow', value, line: i + 2 }));
    const p = semantics === 'google' ? path : canonicalUnits(path);
    expect(new CompiledRules(list, semantics).best(p).disallow?.rule.value ?? null).toBe(expected);
  });

  test('property: rules under one long head answer as the indexes do', () => {
    const head = fc.array(piece, { minLength: 4, maxLength: 14 }).map((p) => `/${p.join('')}`);
    const tails = fc.array(
      fc.tuple(fc.constantFrom('allow', 'disallow'), fc.array(piece, { maxLength: 3 })),
      {
        minLength: 2,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(head, tails, fc.array(path, { minLength: 1, maxLength: 3 }), (h, list, paths) => {
        const rules: Rule[] = list.map(([type, tail], i) => ({
          type: type as Rule['type'],
          value: h + tail.join(''),
          line: i + 2,
        }));
        // Paths that start with the head too, so the rules read past it.
        for (const semantics of ['google', 'rfc9309', 'original1994'] as const)
          for (const p of [...paths, ...paths.map((x) => h + x.slice(1))])
            expect(answers(rules, semantics, p, false)).toEqual(answers(rules, semantics, p, true));
      }),
      { numRuns: numRuns(1000) },
    );
  });
});
