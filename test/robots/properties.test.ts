import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  checkUrl,
  parseRobotsTxt,
  type Semantics,
  summarizeRobotsTxt,
} from '../../src/robots/index.ts';
import { numRuns } from '../property-runs.ts';
import { referenceGoogle } from './reference-google.ts';

const SEMANTICS: Semantics[] = ['google', 'rfc9309', 'original1994'];
const AGENTS = ['FooBot', 'foobot', 'BarBot', 'Foo', 'Googlebot', 'Googlebot-News', ''];

const pathChar = fc.constantFrom('/', 'a', 'b', 'A', '.', '-', '?', '=', '&', 'x', '1', ';');
const pathArb = fc.array(pathChar, { maxLength: 12 }).map((cs) => `/${cs.join('')}`);
const patternArb = fc
  .array(fc.constantFrom('/', 'a', 'b', 'A', '.', '?', '*', '$', 'x', '1', '%41', 'ü', '%2f'), {
    maxLength: 8,
  })
  .map((cs) => cs.join(''));

/** robots.txt lines from a vocabulary that reaches every branch of the parser. */
const lineArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('user-agent', 'User-Agent', 'useragent', 'user agent', 'User-agents'),
      fc.constantFrom(...AGENTS, '*', '* x', 'FooBot/1.2', 'Foo Bar', 'foobot;x'),
    )
    .map(([k, v]) => `${k}: ${v}`),
  fc
    .tuple(
      fc.constantFrom('allow', 'Disallow', 'disalow', 'Disallowed', 'ALLOW', 'disallow'),
      fc.constantFrom(':', ': ', ' :', ' ', '\t'),
      patternArb.map((p) => (p.startsWith('/') || p.startsWith('*') ? p : `/${p}`)),
    )
    .map(([k, sep, v]) => `${k}${sep}${v}`),
  fc.constantFrom(
    '',
    '# comment',
    'sitemap: https://a.b/s.xml',
    'crawl-delay: 5',
    'garbage line here',
    '  ',
    'Allow: /index.html',
    'Allow: /a/index.htm',
  ),
);
const eolArb = fc.constantFrom('\n', '\r\n', '\r');
const fileArb = fc
  .array(fc.tuple(lineArb, eolArb, fc.constantFrom('', '', '', ' # note')), { maxLength: 14 })
  .map((lines) => lines.map(([l, e, c]) => l + c + e).join(''));

describe('properties', () => {
  test("'google' equals a naive model of Google's parser on random files", () => {
    fc.assert(
      fc.property(fileArb, fc.constantFrom(...AGENTS), pathArb, (file, agent, path) => {
        const robots = parseRobotsTxt(file);
        expect(checkUrl(robots, agent, `http://h.test${path}`, 'google').allowed).toBe(
          referenceGoogle(file, agent, `http://h.test${path}`),
        );
      }),
      { numRuns: numRuns(3000) },
    );
  });

  test('never throws, on any string, agent and URL, in every semantics', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 60 }),
        (text, agent, url) => {
          const robots = parseRobotsTxt(text);
          for (const s of SEMANTICS) {
            expect(typeof checkUrl(robots, agent, url, s).allowed).toBe('boolean');
            summarizeRobotsTxt(robots, s);
          }
        },
      ),
      { numRuns: numRuns(2000) },
    );
  });

  test("'google' and 'rfc9309' agree on ASCII files without misspellings and URLs without escapes", () => {
    const rule = fc
      .tuple(
        fc.constantFrom('allow', 'disallow', 'Allow', 'DISALLOW'),
        fc.array(fc.constantFrom('/', 'a', 'b', '.', '?', '*', '$', 'x', ' ', '"', '<'), {
          maxLength: 8,
        }),
      )
      .map(([k, cs]) => `${k}: /${cs.join('')}`);
    const agentLine = fc.constantFrom(
      'user-agent: FooBot',
      'User-agent: *',
      'user-agent: BarBot/2',
    );
    const file = fc
      .array(fc.oneof(rule, agentLine, fc.constantFrom('', '# c', 'sitemap: https://a/s')), {
        maxLength: 12,
      })
      .map((ls) => ls.join('\n'));
    const urlPath = fc
      .array(fc.constantFrom('/', 'a', 'b', '.', '?', 'x', '*', '$', ' '), { maxLength: 10 })
      .map((cs) => `/${cs.join('')}`)
      .filter((p) => !p.startsWith('/robots.txt'));
    fc.assert(
      fc.property(file, fc.constantFrom('FooBot', 'BarBot', 'Other'), urlPath, (f, agent, path) => {
        const robots = parseRobotsTxt(f);
        const g = checkUrl(robots, agent, path, 'google');
        const r = checkUrl(robots, agent, path, 'rfc9309');
        expect(r.allowed).toBe(g.allowed);
        expect(r.rule?.line).toBe(g.rule?.line);
      }),
      { numRuns: numRuns(3000) },
    );
  });

  test('a longer matching rule always beats a shorter one', () => {
    fc.assert(
      fc.property(fileArb, fc.constantFrom(...AGENTS), pathArb, (file, agent, path) => {
        for (const s of ['google', 'rfc9309'] as const) {
          const before = checkUrl(parseRobotsTxt(file), agent, `http://h.test${path}`, s);
          const length = before.reason.decision.matchLength;
          if (path.length <= length) continue;
          // Groups that name the same token (or `*`) are combined, so a group appended at the end
          // joins the rules that decided.
          if (before.reason.groups.code === 'no-group' || before.reason.token === '') continue;
          const agentLine = `user-agent: ${before.reason.groups.agent}`;
          const extra = `${before.allowed ? 'disallow' : 'allow'}: ${path}$`;
          const lines = [file, agentLine, extra];
          const after = checkUrl(
            parseRobotsTxt(lines.join('\n')),
            agent,
            `http://h.test${path}`,
            s,
          );
          expect(after.allowed).toBe(!before.allowed);
          expect(after.rule?.value).toBe(`${path}$`);
        }
      }),
      { numRuns: numRuns(1500) },
    );
  });
});
