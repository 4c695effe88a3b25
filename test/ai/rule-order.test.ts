// draft-ietf-aipref-attach-05 §3.1: "The ordering of rules in a group carries no semantics." Two
// rules of a group that swap places change no answer: neither a crawl verdict (Google's reading,
// RFC 9309's) nor any AI-usage answer, equal-length matches included. The 1994 text's first-match
// reading is order-dependent by definition ("the first match") and is left out.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { reportAiSignals } from '../../src/ai/report.ts';
import { verdictsFor } from '../../src/crawlers.ts';
import { aiAnswers } from '../../src/explain/ai.ts';
import { checkUrl, parseRobotsTxt } from '../../src/robots/index.ts';
import { numRuns } from '../property-runs.ts';

const ATTACH = 'draft-ietf-aipref-attach-05';
const ROBOTS = ['GPTBot', 'Googlebot', 'ClaudeBot', 'Google-Extended', 'OtherBot'];
const PATHS = ['/', '/a', '/ab', '/abc', '/a~b', '/a~bcd', '/a%7Eb', '/xb', '/ab?x', '/abc$'];
const HEADERS: (string[] | null)[] = [null, ['train-ai=y, search=n']];

/** Every answer the tool gives for the file: each robot's verdicts and AI answers, per path. */
function answersOf(text: string, header: string[] | null): unknown[] {
  const parsed = parseRobotsTxt(text);
  const out: unknown[] = [];
  for (const path of PATHS) {
    const verdicts = verdictsFor(parsed, ROBOTS, `https://a.test${path}`);
    const ai = reportAiSignals(text, parsed, verdicts, header);
    for (const [i, v] of verdicts.entries()) {
      const signals = ai?.[i]?.signals;
      const answers = signals === undefined ? null : aiAnswers(signals);
      out.push([
        path,
        v.robot,
        v.verdict.allowed,
        v.rfc9309,
        checkUrl(parsed, v.robot, path, 'google').allowed,
        answers === null
          ? null
          : [answers.train.answer, answers.answers.answer, answers.search.answer],
      ]);
    }
  }
  return out;
}

const agent = fc.constantFrom('GPTBot', 'Googlebot', '*', 'ClaudeBot', 'Google-Extended');
const path = fc.constantFrom('', '/', '/a', '/a*', '/ab', '/a~', '/a%7E', '/*b', '/ab$', '/a*c');
const statement = fc.constantFrom(
  'train-ai=n',
  'train-ai=y',
  'ai-use=n',
  'ai-use=y',
  'search=y',
  'search=n, ai-use=y',
);
const rule = fc.oneof(
  fc.tuple(fc.constantFrom('Allow', 'Disallow'), path).map(([k, p]) => `${k}: ${p}`),
  fc.tuple(path, statement).map(([p, s]) => `Content-Usage: ${p === '' ? '' : `${p} `}${s}`),
  fc
    .constantFrom('ai-train=no', 'search=yes', 'ai-input=no, search=no', 'ai-train=yes')
    .map((v) => `Content-Signal: ${v}`),
);
const group = fc.record({
  agents: fc.array(agent, { minLength: 1, maxLength: 2 }),
  rules: fc.array(rule, { minLength: 2, maxLength: 6 }),
});

function textOf(groups: { agents: string[]; rules: string[] }[]): string {
  return groups
    .flatMap((g) => [...g.agents.map((a) => `User-agent: ${a}`), ...g.rules, ''])
    .join('\n');
}

describe(`${ATTACH} §3.1: rule order carries no semantics`, () => {
  test('swapping two rules of a group changes no verdict and no AI answer (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(group, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...HEADERS),
        (groups, gi, a, b, header) => {
          const g = groups[gi % groups.length];
          if (g === undefined) return;
          const i = a % g.rules.length;
          const j = b % g.rules.length;
          const swapped = groups.map((x) => ({ ...x, rules: [...x.rules] }));
          const s = swapped[gi % groups.length];
          if (s === undefined) return;
          [s.rules[i], s.rules[j]] = [g.rules[j] ?? '', g.rules[i] ?? ''];
          expect(answersOf(textOf(swapped), header)).toEqual(answersOf(textOf(groups), header));
        },
      ),
      { numRuns: numRuns(300) },
    );
  });

  // The cases fast-check found against the first-in-file tie-break, kept as rows.
  const rows: [string, string, string][] = [
    [
      `${ATTACH} §3.1 + RFC 9309 §2.2.2: /a* and /ab both 3 octets long`,
      'User-agent: *\nContent-Usage: /a* train-ai=n\nContent-Usage: /ab train-ai=y',
      'User-agent: *\nContent-Usage: /ab train-ai=y\nContent-Usage: /a* train-ai=n',
    ],
    [
      `${ATTACH} §3.1 + RFC 9309 §2.2.2: ~ and %7E written otherwise, same length`,
      'User-agent: *\nContent-Usage: /a~bc ai-use=y\nContent-Usage: /a%7e ai-use=n',
      'User-agent: *\nContent-Usage: /a%7e ai-use=n\nContent-Usage: /a~bc ai-use=y',
    ],
  ];
  test.each(rows)('%s', (_source, text, swapped) => {
    expect(answersOf(swapped, null)).toEqual(answersOf(text, null));
  });
});
