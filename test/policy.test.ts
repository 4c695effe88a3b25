import { describe, expect, test } from 'vitest';
import {
  expiresAt,
  type FetchFacts,
  hostPattern,
  looksLikeHtml,
  outcomeOf,
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

describe('expiresAt (RFC 9309 §2.4)', () => {
  const t = 1_000_000;
  const H = 3600_000;
  test.each([
    [null, 24 * H],
    ['max-age=3600', H],
    ['public, max-age=600', 600_000],
    ['max-age=999999999', 24 * H],
    ['no-cache', 0],
    ['private, no-store', 0],
    ['max-age=abc', 24 * H],
  ])('Cache-Control %j → %d ms', (cc, ttl) => {
    expect(expiresAt(t, cc)).toBe(t + ttl);
  });
  test('a shorter lifetime from the settings wins', () => {
    expect(expiresAt(t, null, H)).toBe(t + H);
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
