// One audit record's state and reasons (src/page/audit.ts, issue 30): each row names the rule it
// follows.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { htmlFacts } from '../../io/html-facts.ts';
import {
  AUDIT_STATES,
  type AuditAnswer,
  auditAnswer,
  type Fetched,
  judgeFetched,
} from '../../src/page/audit.ts';
import type { Crawl } from '../../src/page/combined.ts';
import type { Hop, ResponseFacts } from '../../src/page/facts.ts';
import { numRuns } from '../property-runs.ts';

const URL_ASKED = 'https://shop.test/item';
const NOW = Date.parse('2026-11-27T00:00:00Z');

function answer(
  status: number,
  html: string | null,
  headers: Partial<ResponseFacts> = {},
  redirects: Hop[] = [],
): Fetched {
  const url = headers.url ?? URL_ASKED;
  const contentType = html === null ? 'application/pdf' : 'text/html; charset=utf-8';
  return {
    kind: 'answer',
    response: {
      url,
      status,
      redirects,
      contentType,
      xRobotsTag: [],
      link: [],
      cut: false,
      at: NOW,
      ...headers,
    },
    dom: html === null ? null : htmlFacts(html, url, 'text/html'),
  };
}

/** The answer for `robot`, robots.txt saying `crawl` (line 3 when disallowed). */
function audit(
  fetched: Fetched,
  { robot = 'Googlebot', crawl = 'allowed' as Crawl, canonicalCrawl = 'allowed' as Crawl } = {},
): AuditAnswer {
  const judgement = judgeFetched(URL_ASKED, fetched, [robot], NOW);
  return auditAnswer({
    crawl,
    line: crawl === 'disallowed' ? 3 : null,
    rule: crawl === 'disallowed' ? 'Disallow: /item' : null,
    fetched,
    judgement,
    page: judgement?.robots[0] ?? null,
    canonicalCrawl,
  });
}

const codes = (a: AuditAnswer) =>
  a.reasons.map((r) => (r.code === 'conflict' ? `conflict:${r.conflict}` : r.code));

const noindexMeta = '<meta name="robots" content="noindex">';
const canonicalTo = (href: string) => `<link rel="canonical" href="${href}">`;

describe('the state of a record', () => {
  test('a crawlable 200 page with no signals is indexable (Google: index and follow are the default)', () => {
    const a = audit(answer(200, '<title>Item</title>'));
    expect(a).toMatchObject({ state: 'indexable', index: 'index', follow: 'follow', reasons: [] });
  });
  test('robots.txt disallows it: blocked, with the line (RFC 9309 §2.2.2)', () => {
    const a = audit(answer(200, '<p>x</p>'), { crawl: 'disallowed' });
    expect(a.state).toBe('blocked');
    expect(a.reasons[0]).toEqual({ code: 'blocked', line: 3, rule: 'Disallow: /item' });
  });
  test('blocked and noindex: blocked, the noindex never seen (Google, robots meta tag: "if the page is blocked by robots.txt… the crawler will never see the noindex rule")', () => {
    const a = audit(answer(200, noindexMeta), { crawl: 'disallowed' });
    expect(a.state).toBe('blocked');
    expect(codes(a)).toEqual(['blocked', 'conflict:blocked-noindex']);
  });
  test('the auditor may not fetch it, the robot may crawl it: not-fetched, index and follow unknown (issue 30)', () => {
    const a = audit({ kind: 'not-fetched' });
    expect(a).toMatchObject({ state: 'not-fetched', index: 'unknown', follow: 'unknown' });
  });
  test('not fetched and blocked for the robot: blocked comes first', () => {
    expect(audit({ kind: 'not-fetched' }, { crawl: 'disallowed' }).state).toBe('blocked');
  });
  test('no answer (a timeout, a redirect into a private network): unreachable, with why', () => {
    for (const why of ['timeout', 'network', 'private-address', 'too-many-redirects'] as const) {
      const a = audit({ kind: 'unreachable', why });
      expect(a.state).toBe('unreachable');
      expect(a.reasons).toEqual([{ code: 'unreachable', why }]);
    }
  });
  test('5xx and 429 are server errors (Google, HTTP status codes: 429 is read as a server error)', () => {
    for (const status of [500, 503, 429])
      expect(audit(answer(status, '')).state).toBe('server-error');
  });
  test('404, 410 and every other 4xx are not found (Google: "all 4xx errors, except 429, are treated the same")', () => {
    for (const status of [404, 410, 403, 401]) {
      const a = audit(answer(status, '<p>gone</p>'));
      expect(a.state).toBe('not-found');
      expect(a.reasons).toEqual([{ code: 'status', status }]);
    }
  });
  test('redirected, even to a 200 page: redirect, each hop said (Google indexes the target instead)', () => {
    const hops = [
      { url: URL_ASKED, status: 301 },
      { url: 'https://shop.test/item/', status: 302 },
    ];
    const a = audit(answer(200, '<p>x</p>', { url: 'https://shop.test/item/new' }, hops));
    expect(a.state).toBe('redirect');
    expect(a.reasons).toEqual([
      { code: 'redirected', hops, finalUrl: 'https://shop.test/item/new' },
    ]);
  });
  test('meta robots noindex: noindex', () => {
    const a = audit(answer(200, noindexMeta));
    expect(a).toMatchObject({ state: 'noindex', index: 'noindex' });
    expect(codes(a)).toEqual(['noindex']);
  });
  test('a PDF judged by its headers alone: X-Robots-Tag noindex (Google: the header for non-HTML)', () => {
    const a = audit(answer(200, null, { xRobotsTag: ['noindex'] }));
    expect(a).toMatchObject({ state: 'noindex', index: 'noindex' });
  });
  test('a scoped header for another robot does not apply (Google: "googlebot: noindex")', () => {
    const fetched = answer(200, '<p>x</p>', { xRobotsTag: ['bingbot: noindex'] });
    expect(audit(fetched).state).toBe('indexable');
    expect(audit(fetched, { robot: 'Bingbot' }).state).toBe('noindex');
  });
  test('a canonical to another URL: canonicalised, with its absolute URL', () => {
    const a = audit(answer(200, canonicalTo('/item?colour=red')));
    expect(a).toMatchObject({
      state: 'canonicalised',
      canonical: 'https://shop.test/item?colour=red',
    });
    expect(a.reasons).toEqual([{ code: 'canonical', url: 'https://shop.test/item?colour=red' }]);
  });
  test('a canonical to itself is indexable', () => {
    expect(audit(answer(200, canonicalTo(URL_ASKED))).state).toBe('indexable');
  });
  test('a canonical by Link header counts as the tag does (Google: rel="canonical" HTTP header)', () => {
    const a = audit(
      answer(200, '<p>x</p>', { link: ['<https://shop.test/main>; rel="canonical"'] }),
    );
    expect(a).toMatchObject({ state: 'canonicalised', canonical: 'https://shop.test/main' });
  });
  test('noindex with a canonical elsewhere: noindex, and the mix is a reason (Google: do not mix them)', () => {
    const a = audit(answer(200, noindexMeta + canonicalTo('/main')));
    expect(a.state).toBe('noindex');
    expect(codes(a)).toContain('conflict:noindex-canonical');
  });
  test('a canonical robots.txt disallows, or on another host, is a reason', () => {
    const blocked = audit(answer(200, canonicalTo('/private/main')), {
      canonicalCrawl: 'disallowed',
    });
    expect(codes(blocked)).toEqual(['canonical', 'conflict:canonical-disallowed']);
    const away = audit(answer(200, canonicalTo('https://other.test/main')), {
      canonicalCrawl: 'unknown',
    });
    expect(codes(away)).toEqual(['canonical', 'conflict:canonical-other-host']);
  });
  test('the order of states when several hold: a status before a noindex, a redirect before a noindex', () => {
    expect(audit(answer(404, noindexMeta)).state).toBe('not-found');
    const hops = [{ url: URL_ASKED, status: 301 }];
    expect(audit(answer(200, noindexMeta, { url: 'https://shop.test/b' }, hops)).state).toBe(
      'redirect',
    );
    expect(audit(answer(503, noindexMeta), { crawl: 'disallowed' }).state).toBe('blocked');
  });
  test('per robot: meta googlebot noindex is for Googlebot only', () => {
    const fetched = answer(200, '<meta name="googlebot" content="noindex">');
    expect(audit(fetched).state).toBe('noindex');
    expect(audit(fetched, { robot: 'Bingbot' }).state).toBe('indexable');
  });
  test('a meta robots in the body counts for Google (Google reads it anywhere in the page)', () => {
    const a = audit(answer(200, `<p>text</p>${noindexMeta}`));
    expect(a.state).toBe('noindex');
  });
});

describe('whatever a server answers', () => {
  test('never throws, and gives one of the states', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.string({ maxLength: 200 }),
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 3 }),
        fc.array(fc.string({ maxLength: 80 }), { maxLength: 3 }),
        fc.constantFrom<Crawl>('allowed', 'disallowed', 'unknown'),
        fc.option(fc.string({ maxLength: 40 }), { nil: null }),
        (status, html, xRobotsTag, link, crawl, contentType) => {
          const fetched = answer(status, html, { xRobotsTag, link, contentType });
          expect(AUDIT_STATES).toContain(audit(fetched, { crawl }).state);
        },
      ),
      { numRuns: numRuns(1000) },
    );
  });
});
