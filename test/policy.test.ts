import { describe, expect, test } from 'vitest';
import {
  CACHE_FLOOR_MS,
  cacheRequestOf,
  expiresAt,
  type FetchFacts,
  hostPattern,
  looksLikeHtml,
  outcomeOf,
  pastCutOf,
  robotsOrigin,
} from '../src/policy.ts';

const response = (
  status: number,
  extra: Partial<Extract<FetchFacts, { kind: 'response' }>> = {},
): FetchFacts => ({
  kind: 'response',
  status,
  url: 'https://a.test/robots.txt',
  redirects: [],
  contentType: 'text/plain',
  cacheControl: null,
  text: 'User-agent: *\nDisallow: /private\n',
  bytes: 33,
  truncated: false,
  ...extra,
});

describe('outcomeOf (RFC 9309 §2.3.1)', () => {
  test.each([
    ['§2.3.1.1 success', 200, 'ok'],
    ['§2.3.1.1 success (204)', 204, 'ok'],
    ['§2.3.1.3 unavailable: 404', 404, 'unavailable'],
    ['§2.3.1.3 unavailable: 401', 401, 'unavailable'],
    ['§2.3.1.3 unavailable: 403', 403, 'unavailable'],
    ['§2.3.1.3 unavailable: 410', 410, 'unavailable'],
    ['Google: 429 is treated as a server error', 429, 'unreachable'],
    ['§2.3.1.4 unreachable: 500', 500, 'unreachable'],
    ['§2.3.1.4 unreachable: 503', 503, 'unreachable'],
    ['a redirect that could not be followed', 302, 'unavailable'],
  ])('%s', (_, status, kind) => {
    expect(outcomeOf(response(status)).kind).toBe(kind);
  });

  const facts: [string, FetchFacts, string][] = [
    [
      '§2.3.1.2 more than five redirects',
      { kind: 'too-many-redirects', redirects: [] },
      'unavailable',
    ],
    ['§2.3.1.2 a redirect loop', { kind: 'redirect-loop', redirects: [] }, 'unavailable'],
    ['§2.3.1.4 timeout', { kind: 'timeout', redirects: [] }, 'unreachable'],
    [
      '§2.3.1.4 network error',
      { kind: 'network-error', message: 'ECONNREFUSED', redirects: [] },
      'unreachable',
    ],
    [
      '§2.3.1.4 unreachable: a redirect into a private network, not followed (issue 15, item 9)',
      { kind: 'private-address', target: 'http://10.0.0.1/robots.txt', redirects: [] },
      'unreachable',
    ],
  ];
  test.each(facts)('%s', (_, f, kind) => {
    expect(outcomeOf(f).kind).toBe(kind);
  });

  test('an HTML page served with 200 is ok, with a soft-404 flag', () => {
    const o = outcomeOf(
      response(200, {
        text: '<!DOCTYPE html><html><body>Not found</body></html>',
        contentType: 'text/html; charset=utf-8',
      }),
    );
    expect(o).toMatchObject({ kind: 'ok', looksLikeHtml: true });
  });
});

describe('looksLikeHtml', () => {
  test.each([
    ['<!doctype html>', 'text/plain', true],
    ['  <html lang=en>', null, true],
    ['User-agent: *', 'text/html', true],
    ['User-agent: *\nDisallow: /<html>', 'text/plain', false],
    ['# <!-- not a comment start -->', 'text/plain', false],
  ])('%j (%s) → %s', (text, type, html) => {
    expect(looksLikeHtml(text, type)).toBe(html);
  });
});

describe('expiresAt and cacheRequestOf (RFC 9309 §2.4, with a floor)', () => {
  const t = 1_000_000;
  const H = 3600_000;
  const M = 60_000;
  // [Cache-Control, settings' lifetime, kept ms, directive overridden, source]
  const CASES: [string | null, number | undefined, number, string | null, string][] = [
    [null, undefined, 24 * H, null, 'RFC 9309 §2.4: at most 24 hours'],
    ['max-age=3600', undefined, H, null, 'RFC 9111 §5.2.2.1 max-age, under the day'],
    ['public, max-age=600', undefined, 10 * M, null, 'RFC 9111 §5.2.2.1'],
    ['max-age=999999999', undefined, 24 * H, null, 'RFC 9309 §2.4: capped at 24 hours'],
    ['max-age=abc', undefined, 24 * H, null, 'RFC 9111 §1.2.2: invalid, ignored'],
    // Issue 15, item 4: the floor (Google caches robots.txt for hours whatever the header says).
    ['no-cache', undefined, 5 * M, 'no-cache', 'issue 15 #4: floor over no-cache'],
    ['private, no-store', undefined, 5 * M, 'no-store', 'issue 15 #4: floor over no-store'],
    ['no-cache, NO-STORE', undefined, 5 * M, 'no-store', 'issue 15 #4: no-store said first'],
    ['max-age=0', undefined, 5 * M, 'max-age-0', 'issue 15 #4: floor over max-age=0'],
    ['max-age=60', undefined, 5 * M, 'max-age-short', 'issue 15 #4: floor over a short max-age'],
    ['max-age=300', undefined, 5 * M, null, 'issue 15 #4: max-age at the floor is kept as asked'],
    ['max-age=0, no-cache', undefined, 5 * M, 'no-cache', 'issue 15 #4: no-cache named'],
    ['no-cache="Set-Cookie"', undefined, 24 * H, null, 'RFC 9111 §5.2.2.4: field-qualified'],
    [null, H, H, null, 'settings: a shorter lifetime wins'],
    ['max-age=7200', H, H, null, 'settings: shorter than max-age'],
    ['no-store', H, 5 * M, 'no-store', 'issue 15 #4: floor under the settings’ lifetime'],
    ['no-store', M, M, 'no-store', 'settings’ 1 minute: the floor never passes it'],
    ['max-age=120', M, M, null, 'settings’ 1 minute, shorter than max-age: as asked'],
  ];
  test.each(CASES)(
    'Cache-Control %j, settings %j → %d ms, overrode %j (%s)',
    (cc, max, ttl, req) => {
      expect(expiresAt(t, cc, max)).toBe(t + ttl);
      expect(cacheRequestOf(cc, max)).toBe(req);
    },
  );
  test('the floor is 5 minutes', () => {
    expect(CACHE_FLOOR_MS).toBe(5 * M);
  });
});

describe('robotsOrigin', () => {
  test.each([
    ['https://Example.com/a/b?c#d', 'https://example.com'],
    ['http://example.com:80/x', 'http://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://127.0.0.1:8080/page', 'http://127.0.0.1:8080'],
    ['https://user:pw@example.com/', 'https://example.com'],
    ['chrome://extensions', null],
    ['about:blank', null],
    ['file:///etc/passwd', null],
    ['moz-extension://abc/popup.html', null],
    ['data:text/html,hi', null],
    ['view-source:https://example.com/', null],
    ['', null],
  ])('%j → %j', (url, origin) => {
    expect(robotsOrigin(url)).toBe(origin);
  });
});

describe('hostPattern', () => {
  test.each([
    ['https://example.com', 'https://example.com/*'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1/*'],
    ['http://[::1]:8080', 'http://[::1]/*'],
    ['http://[::1]', 'http://[::1]/*'],
  ])('%s → %s', (origin, pattern) => {
    expect(hostPattern(origin)).toBe(pattern);
  });
});

// Issue 29, item 4: past the 500 KiB cut (RFC 9309 §2.5) nothing counts; what is there is only
// said: the file's size and the groups that start there.
describe('pastCutOf', () => {
  test('the user-agent values after the cut, once each, comments aside; the cut line skipped', () => {
    const tail = [
      'agent: CutInTwo', // the end of a line cut by the cap: not a line of its own
      'User-agent: Bingbot # Microsoft',
      'Disallow: /x',
      'user-agent:GPTBot',
      'USER-AGENT: bingbot',
      'Useragent: *',
      'User-agent:',
    ].join('\n');
    expect(pastCutOf(512_000, tail, 100, true)).toEqual({
      bytes: 512_100,
      ended: true,
      agents: ['Bingbot', 'GPTBot', 'bingbot', '*'],
    });
  });

  test('bounded: at most 64 values of at most 128 characters each', () => {
    const tail = `\n${Array.from({ length: 200 }, (_, i) => `User-agent: ${i}-${'x'.repeat(300)}`).join('\n')}`;
    const { agents } = pastCutOf(512_000, tail, tail.length, false);
    expect(agents).toHaveLength(64);
    expect(Math.max(...agents.map((a) => a.length))).toBe(128);
  });
});
