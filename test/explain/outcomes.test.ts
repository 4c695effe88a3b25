// What a robots.txt fetch means, in words (RFC 9309 §2.3.1): one summary line and its warnings.
import { describe, expect, test } from 'vitest';
import en from '../../_locales/en/messages.json';
import ru from '../../_locales/ru/messages.json';
import {
  lookupIn,
  noReportText,
  outcomeSource,
  outcomeText,
  pastCutText,
  translator,
} from '../../src/explain/index.ts';
import type { CacheRequest, Hop, ObservedOutcome, Outcome } from '../../src/policy.ts';
import { okOutcome } from '../fixtures/outcomes.ts';

const t = translator(lookupIn(en), 'en');
/** Issue 12, item 10: what the server did, in plain words, before the jargon. */
const SOFT_404 =
  'The server answered with an HTML page, not a robots.txt file (a “soft 404”): crawlers find almost no rules in it.';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
/** Google Search Central, "How HTTP status codes, and network and DNS errors affect Google Search". */
const GOOGLE_5XX = en.warnUnreachableGoogle.message;
const hops = (n: number): Hop[] =>
  Array.from({ length: n }, (_, i) => ({ url: `https://a.test/r${i}`, status: 301 }));
const unavailable = (
  reason: 'status' | 'too-many-redirects' | 'redirect-loop',
  status: number | null,
  redirects: Hop[] = [],
): Outcome => ({ kind: 'unavailable', reason, status, redirects });
const unreachable = (
  reason: 'status' | 'timeout' | 'network-error' | 'private-address',
  status: number | null,
  redirects: Hop[] = [],
  message: string | null = null,
): Outcome => ({ kind: 'unreachable', reason, status, message, redirects });
/** A 5xx or 429 with its Retry-After header. */
const retrying = (status: number, retryAfter: string): Outcome => ({
  kind: 'unreachable',
  reason: 'status',
  status,
  message: null,
  redirects: [],
  retryAfter,
});

describe('outcomeText', () => {
  // [case, outcome, fetched how long before NOW, summary, warnings]
  const CASES: [string, ObservedOutcome, number, string, string[]][] = [
    [
      'a hop the browser never reported (issue 41): not known, no crawler warning',
      {
        kind: 'unknown',
        reason: 'hop-unreported',
        url: 'https://a.test/r2',
        status: null,
        redirects: hops(2),
      },
      0,
      'Not known: the browser did not report where robots.txt redirects (asked twice). Kept for a minute only, then asked again · after 2 redirects',
      [],
    ],
    [
      'ok: status, bytes, just now',
      okOutcome('User-agent: *\n', { bytes: 512 }),
      10_000,
      'robots.txt · 200 · 512 bytes · fetched just now',
      [],
    ],
    [
      'ok: KiB with the exact bytes, minutes, one redirect',
      okOutcome('User-agent: *\n', { bytes: 4300, redirects: hops(1) }),
      3 * 60_000,
      'robots.txt · 200 · 4.2 KiB (4,300 bytes) · fetched 3 minutes ago · after 1 redirect',
      [],
    ],
    [
      'ok (203): hours, three redirects',
      okOutcome('User-agent: *\n', { status: 203, bytes: 20_480, redirects: hops(3) }),
      2 * 3_600_000,
      'robots.txt · 203 · 20.0 KiB (20,480 bytes) · fetched 2 hours ago · after 3 redirects',
      [],
    ],
    [
      'ok: a soft 404 (HTML served as robots.txt)',
      okOutcome('<!doctype html>', { bytes: 15, looksLikeHtml: true }),
      60_000,
      'robots.txt · 200 · 15 bytes · fetched 1 minute ago',
      [SOFT_404],
    ],
    [
      'ok: truncated at 500 KiB (RFC 9309 §2.5), and HTML too',
      okOutcome('x', { bytes: 512_000, truncated: true, looksLikeHtml: true }),
      0,
      'robots.txt · 200 · 500.0 KiB (512,000 bytes) · fetched just now',
      [SOFT_404, 'Cut at 500 KiB: the rest is ignored.'],
    ],
    [
      'ok: cut, the whole file seen past the cut (RFC 9309 §2.5): its real size',
      okOutcome('x', {
        bytes: 512_000,
        truncated: true,
        pastCut: { bytes: 812_345, ended: true, agents: [] },
      }),
      0,
      'robots.txt · 200 · 500.0 KiB (512,000 bytes) · fetched just now',
      [
        'The file is 793.3 KiB (812,345 bytes): only its first 500 KiB (512,000 bytes) count; the rest is ignored.',
      ],
    ],
    [
      'ok: cut, and more past what was looked at: a lower bound',
      okOutcome('x', {
        bytes: 512_000,
        truncated: true,
        pastCut: { bytes: 1_024_000, ended: false, agents: [] },
      }),
      0,
      'robots.txt · 200 · 500.0 KiB (512,000 bytes) · fetched just now',
      [
        'The file is more than 1,000.0 KiB (1,024,000 bytes): only its first 500 KiB (512,000 bytes) count; the rest is ignored.',
      ],
    ],
    [
      'unavailable 404 (§2.3.1.3)',
      unavailable('status', 404),
      0,
      'No robots.txt (404): every robot may crawl this site',
      [],
    ],
    [
      'unavailable 410 after two redirects',
      unavailable('status', 410, hops(2)),
      0,
      'No robots.txt (410): every robot may crawl this site · after 2 redirects',
      [],
    ],
    [
      'unavailable: too many redirects (§2.3.1.2); the count is in the sentence',
      unavailable('too-many-redirects', null, hops(6)),
      0,
      'More than 5 redirects: crawlers treat robots.txt as missing, every page may be crawled',
      [],
    ],
    [
      'unavailable: a redirect loop',
      unavailable('redirect-loop', null, hops(2)),
      0,
      'Redirect loop: crawlers treat robots.txt as missing, every page may be crawled',
      [],
    ],
    [
      'unreachable: a redirect into a private network, not followed (issue 15, item 9)',
      unreachable('private-address', null, hops(1), 'http://192.168.1.1/robots.txt'),
      0,
      'Redirect into a private network (http://192.168.1.1/robots.txt): not followed; crawlers cannot reach it and treat every page as disallowed · after 1 redirect',
      [],
    ],
    [
      'unreachable 503 (§2.3.1.4)',
      unreachable('status', 503),
      0,
      'Server error (503): crawlers treat every page as disallowed',
      [GOOGLE_5XX],
    ],
    [
      'unreachable 429 (Google: like a server error)',
      unreachable('status', 429),
      0,
      'Too many requests (429): crawlers treat every page as disallowed',
      [GOOGLE_5XX],
    ],
    [
      'unreachable 500 after a redirect',
      unreachable('status', 500, hops(1)),
      0,
      'Server error (500): crawlers treat every page as disallowed · after 1 redirect',
      [GOOGLE_5XX],
    ],
    [
      'unreachable: timeout',
      unreachable('timeout', null),
      0,
      'No answer within 15 s: crawlers treat every page as disallowed',
      [GOOGLE_5XX],
    ],
    [
      'unreachable: network error (the message is not shown)',
      unreachable('network-error', null, [], 'getaddrinfo ENOTFOUND a.test'),
      0,
      'Network error: crawlers treat every page as disallowed',
      [GOOGLE_5XX],
    ],
    [
      'unreachable 503 with Retry-After in seconds (RFC 9110 §10.2.3): the moment, in UTC',
      retrying(503, '120'),
      0,
      'Server error (503): crawlers treat every page as disallowed',
      [
        GOOGLE_5XX,
        'The server asks to be asked again after Nov 21, 2026, 12:02 PM UTC (Retry-After: 120).',
      ],
    ],
    [
      'unreachable 429 with Retry-After as an HTTP date',
      retrying(429, 'Sun, 22 Nov 2026 08:00:00 GMT'),
      0,
      'Too many requests (429): crawlers treat every page as disallowed',
      [
        GOOGLE_5XX,
        'The server asks to be asked again after Nov 22, 2026, 8:00 AM UTC (Retry-After: Sun, 22 Nov 2026 08:00:00 GMT).',
      ],
    ],
    [
      'unreachable 503 with a Retry-After that is neither: quoted, control characters shown',
      retrying(503, 'soon\u001b[31m'),
      0,
      'Server error (503): crawlers treat every page as disallowed',
      [
        GOOGLE_5XX,
        'The server sent Retry-After: soon\\u001b[31m, which is neither a number of seconds nor a date.',
      ],
    ],
  ];

  test.each(CASES)('%s', (_, outcome, age, summary, warnings) => {
    expect(outcomeText(outcome, NOW - age, NOW, t)).toEqual({ summary, warnings });
  });

  // Issue 29, item 4: the robots of the list whose groups start past the cut are named.
  test('pastCutText: the robots (by token, any case) and * whose groups lie past the cut', () => {
    const cut = okOutcome('x', {
      bytes: 512_000,
      truncated: true,
      pastCut: { bytes: 600_000, ended: true, agents: ['bingbot', 'GPTBot/1.2', '*', 'Other'] },
    });
    expect(pastCutText(cut, ['Googlebot', 'Bingbot', 'GPTBot'], t)).toBe(
      'Groups that start past the cut, whose rules there do not count: Bingbot, GPTBot, and *.',
    );
    expect(pastCutText(okOutcome('x'), ['Bingbot'], t)).toBeNull();
    const none = okOutcome('x', {
      truncated: true,
      pastCut: { bytes: 600_000, ended: true, agents: ['Other'] },
    });
    expect(pastCutText(none, ['Bingbot'], t)).toBeNull();
  });

  // Issue 15, item 4: the cache floor keeps a file the server asked not to cache; the line says so.
  const MIN = 60_000;
  const CACHE_CASES: [string, Outcome, CacheRequest | null | undefined, number, string][] = [
    [
      'no-store (RFC 9111 §5.2.2.5): kept 5 minutes, the floor',
      okOutcome('x', { bytes: 1 }),
      'no-store',
      5 * MIN,
      'robots.txt · 200 · 1 byte · fetched just now · the server asks not to cache it; kept 5 minutes',
    ],
    [
      'no-cache (RFC 9111 §5.2.2.4), a 404: said after the outcome',
      unavailable('status', 404),
      'no-cache',
      5 * MIN,
      'No robots.txt (404): every robot may crawl this site · the server asks not to cache it; kept 5 minutes',
    ],
    [
      'max-age=0 (RFC 9111 §5.2.2.1), after a redirect, the settings’ 1 minute',
      unreachable('status', 503, hops(1)),
      'max-age-0',
      MIN,
      'Server error (503): crawlers treat every page as disallowed · after 1 redirect · the server asks not to cache it; kept 1 minute',
    ],
    [
      'max-age under the floor',
      okOutcome('x', { bytes: 1 }),
      'max-age-short',
      5 * MIN,
      'robots.txt · 200 · 1 byte · fetched just now · the server asks to cache it for less; kept 5 minutes',
    ],
    [
      'no request overridden: nothing said',
      okOutcome('x', { bytes: 1 }),
      null,
      24 * 60 * MIN,
      'robots.txt · 200 · 1 byte · fetched just now',
    ],
    [
      'an entry stored before the field existed: nothing said',
      okOutcome('x', { bytes: 1 }),
      undefined,
      24 * 60 * MIN,
      'robots.txt · 200 · 1 byte · fetched just now',
    ],
  ];
  test.each(CACHE_CASES)('%s', (_, outcome, cacheRequest, keptMs, summary) => {
    const cache = {
      expiresAt: NOW + keptMs,
      ...(cacheRequest === undefined ? {} : { cacheRequest }),
    };
    expect(outcomeText(outcome, NOW, NOW, t, cache).summary).toBe(summary);
  });

  test('in Russian, the minutes take their plural form', () => {
    const tr = translator(lookupIn(ru), 'ru');
    const cache = { expiresAt: NOW + 5 * MIN, cacheRequest: 'no-store' as const };
    expect(outcomeText(unavailable('status', 404), NOW, NOW, tr, cache).summary).toMatch(
      /хранится 5 минут$/,
    );
  });

  test('in Russian: the plural of redirects and of minutes', () => {
    const tr = translator(lookupIn(ru), 'ru');
    expect(
      outcomeText(
        okOutcome('User-agent: *\n', { bytes: 4300, redirects: hops(2) }),
        NOW - 5 * 60_000,
        NOW,
        tr,
      ).summary,
    ).toBe(
      'robots.txt · 200 · 4,2 КиБ (4\u00a0300 байт) · загружен 5 минут назад · после 2 переадресаций',
    );
  });
});

describe('noReportText', () => {
  test.each([
    [
      { kind: 'not-applicable' } as const,
      'This page has no robots.txt: robots.txt applies to http and https pages only.',
    ],
    [
      { kind: 'no-permission', origin: 'https://a.test' } as const,
      'Robots Lens may not read https://a.test/robots.txt yet.',
    ],
    [
      { kind: 'no-permission', origin: null } as const,
      'Robots Lens may not read robots.txt on the sites you visit: access to websites was withheld.',
    ],
  ])('%j', (reason, text) => {
    expect(noReportText(reason, t)).toBe(text);
  });
});

describe('outcomeSource', () => {
  const ORIGIN = 'https://a.test';
  // [case, outcome, finalUrl, isFinalUrlHttp, bytes, size, limit]
  const CASES: [
    string,
    Outcome,
    string | null,
    boolean,
    number | null,
    string | null,
    string | null,
  ][] = [
    [
      'served where asked: no final URL shown',
      okOutcome('x', { bytes: 4300 }),
      null,
      false,
      4300,
      '4.2 KiB (4,300 bytes)',
      null,
    ],
    [
      'the same URL written otherwise (default port, case): no final URL',
      okOutcome('x', { url: 'HTTPS://A.test:443/robots.txt', bytes: 12 }),
      null,
      false,
      12,
      '12 bytes',
      null,
    ],
    [
      'redirected to another host: the final URL, a link',
      okOutcome('x', { url: 'https://www.a.test/robots.txt', redirects: hops(1), bytes: 900 }),
      'https://www.a.test/robots.txt',
      true,
      900,
      '900 bytes',
      null,
    ],
    [
      'redirected to a path with a query: the final URL as served',
      okOutcome('x', { url: 'https://a.test/seo/robots.txt?v=2', redirects: hops(2), bytes: 1 }),
      'https://a.test/seo/robots.txt?v=2',
      true,
      1,
      '1 byte',
      null,
    ],
    [
      'a final URL that is not http(s): text, not a link',
      okOutcome('x', { url: 'data:text/plain,User-agent', bytes: 10 }),
      'data:text/plain,User-agent',
      false,
      10,
      '10 bytes',
      null,
    ],
    [
      'just under 80% of 512,000 bytes: nothing said',
      okOutcome('x', { bytes: 409_599 }),
      null,
      false,
      409_599,
      '400.0 KiB (409,599 bytes)',
      null,
    ],
    [
      '80% of the limit: said',
      okOutcome('x', { bytes: 409_600 }),
      null,
      false,
      409_600,
      '400.0 KiB (409,600 bytes)',
      '80% of the 500 KiB (512,000 bytes) limit: crawlers ignore whatever comes after it.',
    ],
    [
      '493 KiB: 98%, rounded down',
      okOutcome('x', { bytes: 504_832 }),
      null,
      false,
      504_832,
      '493.0 KiB (504,832 bytes)',
      '98% of the 500 KiB (512,000 bytes) limit: crawlers ignore whatever comes after it.',
    ],
    [
      'cut at the limit: the truncation warning says it, not this',
      okOutcome('x', { bytes: 512_000, truncated: true }),
      null,
      false,
      512_000,
      '500.0 KiB (512,000 bytes)',
      null,
    ],
    [
      'no file (404 after a redirect): no size, no final URL (the hops do not say where they led)',
      unavailable('status', 404, hops(1)),
      null,
      false,
      null,
      null,
      null,
    ],
    ['unreachable: no size', unreachable('timeout', null), null, false, null, null, null],
  ];

  test.each(CASES)('%s', (_, outcome, finalUrl, isFinalUrlHttp, bytes, size, limit) => {
    expect(outcomeSource(outcome, ORIGIN, t)).toEqual({
      robotsUrl: 'https://a.test/robots.txt',
      finalUrl,
      fileUrl: finalUrl ?? 'https://a.test/robots.txt',
      isFinalUrlHttp,
      bytes,
      size,
      limit,
    });
  });

  test('the size is the one the summary says', () => {
    const outcome = okOutcome('x', { bytes: 4300 });
    const { size } = outcomeSource(outcome, ORIGIN, t);
    expect(outcomeText(outcome, NOW, NOW, t).summary).toContain(size);
  });

  test('in Russian: the limit in КиБ, the percent as Russian writes it', () => {
    const tr = translator(lookupIn(ru), 'ru');
    expect(outcomeSource(okOutcome('x', { bytes: 460_800 }), ORIGIN, tr).limit).toBe(
      '90 % от предела в 500 КиБ (512\u00a0000 байт): всё, что идёт дальше, поисковые роботы игнорируют.',
    );
  });
});
