// CompiledRules answers its first checks by testing every key, then builds its indexes
// (matcher.ts, LINEAR_CHECKS; issue 32: no cliff on the first check of a big file). Both ways must
// give the same answers: the same best allow and disallow (Google, RFC 9309), the same first rule
// (1994), the same ties (aipref), the same cut.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
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
  'aaaaaaaaaaaaaaaaab',
);
const value = fc.array(piece, { maxLength: 6 }).map((p) => `/${p.join('')}`);
const rules = fc.array(fc.tuple(fc.constantFrom('allow', 'disallow'), value), {
  minLength: 1,
  maxLength: 30,
});
const path = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', '.pdf', '?x=1', 'ü', 'aaaaaaaaaaaaaaaaab'), {
    maxLength: 10,
  })
  .map((p) => `/${p.join('')}`);

/** Answers of a set; `indexed` builds the indexes first (more checks than LINEAR_CHECKS). */
function answers(list: Rule[], semantics: Semantics, p: string, indexed: boolean) {
  const compiled = new CompiledRules(list, semantics);
  if (indexed) for (let i = 0; i < 20; i++) compiled.best('/');
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
