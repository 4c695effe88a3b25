// The tester's input against the page's origin: a path on this site, a URL of this site, a URL of
// another site (its own robots.txt applies, RFC 9309 §2.3), or neither. Origins compare as
// robotsOrigin gives them: scheme and host lower-cased, default port dropped, userinfo ignored.
import { describe, expect, test } from 'vitest';
import { resolveTestUrl } from '../src/policy.ts';

type Resolved = ReturnType<typeof resolveTestUrl>;

describe('resolveTestUrl', () => {
  // [case, input, the page's origin, result]
  const CASES: [string, string, string | null, Resolved][] = [
    ['a path', '/private/x?q=1', 'https://a.test', { url: 'https://a.test/private/x?q=1' }],
    // Issue 12, item 9: not a URL at all is "not a valid URL", never "another site".
    ['an unclosed IPv6 bracket', 'http://[bad', 'https://a.test', { invalid: true }],
    ['a space in the host', 'http://exa mple.com/', 'https://a.test', { invalid: true }],
    ['a port past 65535', 'https://a.test:99999/', 'https://a.test', { invalid: true }],
    ['a path, spaces around it', '  /x  ', 'https://a.test', { url: 'https://a.test/x' }],
    ['a URL of the same origin', 'https://a.test/x', 'https://a.test', { url: 'https://a.test/x' }],
    [
      'https with its default port 443 is the same site',
      'https://a.test:443/x',
      'https://a.test',
      { url: 'https://a.test:443/x' },
    ],
    [
      'https on port 80 is ANOTHER site',
      'https://a.test:80/',
      'https://a.test',
      { otherSite: 'https://a.test:80/' },
    ],
    [
      'http with its default port 80 is the same site',
      'http://a.test:80/x',
      'http://a.test',
      { url: 'http://a.test:80/x' },
    ],
    [
      'http on port 443 is another site',
      'http://a.test:443/x',
      'http://a.test',
      { otherSite: 'http://a.test:443/x' },
    ],
    [
      'another scheme is another site',
      'http://a.test/x',
      'https://a.test',
      { otherSite: 'http://a.test/x' },
    ],
    [
      'a non-default port matches the same port',
      'http://127.0.0.1:8080/x',
      'http://127.0.0.1:8080',
      { url: 'http://127.0.0.1:8080/x' },
    ],
    [
      'scheme and host are case-insensitive',
      'HTTPS://A.Test/Private',
      'https://a.test',
      { url: 'HTTPS://A.Test/Private' },
    ],
    [
      'an origin given in capitals',
      'https://a.test/x',
      'https://A.TEST',
      { url: 'https://a.test/x' },
    ],
    [
      'userinfo is ignored',
      'https://user:secret@a.test/x',
      'https://a.test',
      { url: 'https://user:secret@a.test/x' },
    ],
    [
      'userinfo naming this site does not make another host this site',
      'https://a.test@b.test/x',
      'https://a.test',
      { otherSite: 'https://a.test@b.test/x' },
    ],
    ['another host', 'https://b.test/x', 'https://a.test', { otherSite: 'https://b.test/x' }],
    [
      'a subdomain is another host',
      'https://www.a.test/x',
      'https://a.test',
      { otherSite: 'https://www.a.test/x' },
    ],
    ['garbage', 'not a url', 'https://a.test', { invalid: true }],
    ['a path without its slash', 'private/x', 'https://a.test', { invalid: true }],
    ['another scheme', 'ftp://a.test/x', 'https://a.test', { invalid: true }],
    ['no host', 'https:///x', 'https://a.test', { invalid: true }],
    ['empty', '', 'https://a.test', { invalid: true }],
    ['origin null: a path stays a path', '/x', null, { url: '/x' }],
    [
      'origin null: any http(s) URL is taken',
      'https://b.test/x',
      null,
      { url: 'https://b.test/x' },
    ],
    ['origin null: garbage', 'nothing', null, { invalid: true }],
  ];

  test.each(CASES)('%s: %j against %j', (_, input, origin, resolved) => {
    expect(resolveTestUrl(input, origin)).toEqual(resolved);
  });

  // The same-site decision as WHATWG URL parsing (what the browser navigates to) makes it.
  const sameSite = (input: string, origin: string) =>
    new URL(input).origin === new URL(origin).origin;

  const URLS = CASES.filter(
    ([, input, origin, resolved]) =>
      origin !== null && !input.trim().startsWith('/') && !('invalid' in resolved),
  );
  test.each(URLS)('agrees with the browser: %s', (_, input, origin, resolved) => {
    expect('url' in resolved).toBe(sameSite(input, origin ?? ''));
  });

  // A backslash ends the host for http(s) URLs in every browser (WHATWG URL), so
  // https://b.test\@a.test/ is b.test, not a.test.
  test('a backslash ends the host: https://b.test\\@a.test/x is on b.test', () => {
    const input = 'https://b.test\\@a.test/x';
    expect(new URL(input).host).toBe('b.test');
    expect(resolveTestUrl(input, 'https://a.test')).toEqual({ otherSite: input });
  });

  // Userinfo ends at the LAST '@' (WHATWG URL): https://u@v@a.test/x is on a.test.
  test('userinfo with an @ in it: https://u@v@a.test/x is on a.test', () => {
    const input = 'https://u@v@a.test/x';
    expect(new URL(input).host).toBe('a.test');
    expect(resolveTestUrl(input, 'https://a.test')).toEqual({ url: input });
  });
});
