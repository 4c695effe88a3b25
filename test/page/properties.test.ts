// Everything in PageFacts came from an arbitrary server or page: the readers and the judge never
// throw on it, and what they return keeps its own invariants. Big inputs are judged at once (the
// answer is asserted, not the time: vitest's own timeout is the limit).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  isDirectiveName,
  parseMetaContent,
  parseXRobotsTag,
  suggest,
} from '../../src/page/directives.ts';
import type { PageFacts } from '../../src/page/facts.ts';
import { judgePage } from '../../src/page/judge.ts';
import { DEFAULT_ROBOTS } from '../../src/robot-names.ts';
import { fakePage } from '../../ui/fake-connector.ts';
import { numRuns } from '../property-runs.ts';

const NOW = Date.UTC(2026, 0, 1);

/** Strings made of the pieces directives are made of, so that the parsers' branches are reached. */
const soup = fc
  .array(
    fc.constantFrom(
      'noindex',
      'nofollow',
      'none',
      'max-snippet',
      'max-image-preview',
      'unavailable_after',
      'googlebot',
      'Sunday',
      '25 Jun 2010 15:00:00 PST',
      '2020-09-21',
      ':',
      ',',
      ' ',
      ';',
      '-1',
      '20',
      'large',
      '\t',
      '\u0000',
      '\u00a0',
      'é',
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''));
const text = fc.oneof(fc.string({ unit: 'binary' }), soup);

/** URLs and things that are almost URLs, control characters included. */
const urlish = fc.oneof(
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    '/',
    '//b.test',
    'javascript:alert(1)',
    'http://[::1',
    'https://a.test/\u0000\u0001\n',
    'web+demo:/.//not-a-host/',
    'https://a.test:99999/',
    'data:text/html,x',
    ' https://a.test/ ',
  ),
);

const metaName = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    'robots',
    'ROBOTS',
    'googlebot',
    'googlebot-news',
    'robot',
    'bingbot',
    'AdsBot-Google',
  ),
);

const linkValue = fc.oneof(
  fc.string({ unit: 'binary' }),
  urlish.map((u) => `<${u}>; rel=canonical`),
);

const facts: fc.Arbitrary<PageFacts> = fc.record({
  url: urlish,
  dom: fc.oneof(
    fc.record({
      ok: fc.constant(true as const),
      facts: fc.record({
        contentType: fc.oneof(fc.constantFrom('text/html', 'text/plain', 'image/svg+xml'), text),
        baseUrl: urlish,
        metas: fc.array(
          fc.record({ name: metaName, content: text, inBody: fc.boolean(), cut: fc.boolean() }),
          { maxLength: 6 },
        ),
        canonicals: fc.array(fc.record({ href: urlish, inBody: fc.boolean() }), { maxLength: 4 }),
        cut: fc.boolean(),
        readMs: fc.double(),
      }),
    }),
    fc.record({ ok: fc.constant(false as const), why: fc.constantFrom('refused', 'timeout') }),
  ),
  headers: fc.oneof(
    fc.record({
      ok: fc.constant(true as const),
      facts: fc.record({
        url: urlish,
        status: fc.integer({ min: 100, max: 599 }),
        contentType: fc.option(
          fc.oneof(fc.constantFrom('text/html; charset=utf-8', 'application/pdf'), text),
        ),
        xRobotsTag: fc.array(text, { maxLength: 4 }),
        link: fc.array(linkValue, { maxLength: 3 }),
        cut: fc.boolean(),
        at: fc.integer(),
      }),
    }),
    fc.record({
      ok: fc.constant(false as const),
      why: fc.constantFrom('same-document', 'not-seen'),
    }),
  ),
}) as fc.Arbitrary<PageFacts>;

const robots = fc.array(
  fc.oneof(
    fc.constantFrom(...DEFAULT_ROBOTS, 'AdsBot-Google', 'Googlebot-News', 'msnbot', 'YandexBot'),
    fc.string({ unit: 'binary' }),
  ),
  { maxLength: 5 },
);

describe('never throws', () => {
  test('parseMetaContent: every directive is a known one, every problem has a text', () => {
    fc.assert(
      fc.property(text, (content) => {
        const scope = parseMetaContent(content);
        expect(scope.agent).toBeNull();
        for (const d of scope.directives) expect(isDirectiveName(d.name)).toBe(true);
        for (const p of scope.problems) expect(p.text).not.toBe('');
      }),
      { numRuns: numRuns(2000) },
    );
  });

  test('parseXRobotsTag: every scope says something or names an agent', () => {
    fc.assert(
      fc.property(text, (value) => {
        for (const scope of parseXRobotsTag(value)) {
          const says = scope.directives.length + scope.problems.length > 0;
          expect(scope.agent !== null || says).toBe(true);
        }
      }),
      { numRuns: numRuns(2000) },
    );
  });

  test('suggest: null or a known directive', () => {
    fc.assert(
      fc.property(text, (piece) => {
        const s = suggest(piece);
        expect(s === null || isDirectiveName(s)).toBe(true);
      }),
      { numRuns: numRuns(1000) },
    );
  });

  test('judgePage: one row per robot, noindex exactly when something says so', () => {
    fc.assert(
      fc.property(facts, robots, fc.integer(), (page, names, now) => {
        const judgement = judgePage(page, names, now);
        expect(judgement.robots.map((r) => r.robot)).toEqual(names);
        for (const row of judgement.robots) {
          expect(row.index === 'noindex').toBe(row.noindexBy !== null);
          expect(row.follow === 'nofollow').toBe(row.nofollowBy !== null);
          if (row.expiresAt !== null) expect(row.index).not.toBe('noindex');
        }
        const counted = judgement.canonicals.filter((c) => !c.inBody);
        expect(judgement.canonical).toEqual(counted[0] ?? null);
      }),
      { numRuns: numRuns(1000) },
    );
  });
});

describe('big inputs', () => {
  test('a 1 MB meta content of noindex, repeated', () => {
    const content = 'noindex,'.repeat(131_072);
    expect(content.length).toBe(1_048_576);
    const judgement = judgePage(
      fakePage('https://a.test/', { metas: [{ name: 'robots', content }] }),
      DEFAULT_ROBOTS,
      NOW,
    );
    expect(judgement.robots.map((r) => r.index)).toEqual(DEFAULT_ROBOTS.map(() => 'noindex'));
    expect(judgement.robots[0]?.applied).toHaveLength(131_072);
  });

  test('500 repeated X-Robots-Tag values', () => {
    const xRobotsTag = Array.from({ length: 500 }, () => 'googlebot: nofollow, bingbot: noindex');
    const [google, bing, apple] = judgePage(
      fakePage('https://a.test/', { xRobotsTag }),
      DEFAULT_ROBOTS,
      NOW,
    ).robots;
    expect([google?.index, google?.follow]).toEqual(['index', 'nofollow']);
    expect([bing?.index, bing?.follow]).toEqual(['noindex', 'follow']);
    expect([apple?.index, apple?.follow]).toEqual(['index', 'follow']);
  });

  test('1 MB pieces that are no directive: one problem each, no suggestion', () => {
    for (const content of [
      'x'.repeat(1 << 20),
      `unavailable_after: ${'a'.repeat(1 << 20)}`,
      `unavailable_after:${' '.repeat(1 << 20)}x`,
      'noindex nofollow '.repeat(65_536),
    ]) {
      const scope = parseMetaContent(content);
      expect(scope.directives).toEqual([]);
      expect(scope.problems).toHaveLength(1);
      expect(scope.problems[0]?.suggestion ?? null).toBeNull();
    }
  });

  test('1 MB of joined scopes in one header', () => {
    const value = 'otherbot: noindex, '.repeat(55_000);
    const scopes = parseXRobotsTag(value);
    expect(scopes).toHaveLength(55_000);
    expect(scopes.every((s) => s.agent === 'otherbot')).toBe(true);
  });
});
