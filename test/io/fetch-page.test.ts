// The page as served, fetched once when the user asks: the crawler's request, the body bounded,
// decoded by its charset, and a timeout or network failure said as such; never a throw.
import { describe, expect, test } from 'vitest';
import { fetchServedPage } from '../../io/fetch-page.ts';
import { type EventOrder, PUBLIC, type ScriptedRoute, scriptedBrowser } from './robots-server.ts';

const respond =
  (body: BodyInit, init: ResponseInit = {}) =>
  async (_url: RequestInfo | URL, request?: RequestInit) => {
    seen.push(request ?? {});
    return new Response(body, init);
  };
let seen: RequestInit[] = [];
/** Node's strategy: each hop read from the response (these answers are final). */
const NODE = { kind: 'manual' } as const;

describe('fetchServedPage', () => {
  test('the crawler’s request: no cookies, no cache, no referrer, redirect manual; headers as sent', async () => {
    seen = [];
    const result = await fetchServedPage('https://a.test/p', {
      redirects: NODE,
      fetch: respond('<meta name="robots" content="noindex">', {
        headers: { 'content-type': 'text/html', 'x-robots-tag': 'noarchive' },
      }),
    });
    expect(seen[0]).toMatchObject({
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
    });
    expect(result).toMatchObject({
      ok: true,
      page: {
        status: 200,
        html: '<meta name="robots" content="noindex">',
        xRobotsTag: ['noarchive'],
        cut: false,
      },
    });
  });

  test('a body past the bound is cut there, and said so', async () => {
    const result = await fetchServedPage('https://a.test/p', {
      redirects: NODE,
      fetch: respond('x'.repeat(5000)),
      maxBytes: 1000,
    });
    expect(result.ok && result.page.html.length).toBe(1000);
    expect(result.ok && result.page.cut).toBe(true);
  });

  test('decoded by the charset the Content-Type names; an unknown label falls back to UTF-8', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9]);
    const named = await fetchServedPage('https://a.test/p', {
      redirects: NODE,
      fetch: respond(latin1, { headers: { 'content-type': 'text/html; charset=iso-8859-1' } }),
    });
    expect(named.ok && named.page.html).toBe('café');
    const unknown = await fetchServedPage('https://a.test/p', {
      redirects: NODE,
      fetch: respond('ok', { headers: { 'content-type': 'text/html; charset=klingon' } }),
    });
    expect(unknown.ok && unknown.page.html).toBe('ok');
  });

  test('a network failure and a timeout are said apart, never thrown', async () => {
    expect(
      await fetchServedPage('https://a.test/p', {
        redirects: NODE,
        fetch: () => Promise.reject(new TypeError('x')),
      }),
    ).toEqual({ ok: false, reason: 'network' });
    const never = (_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    expect(
      await fetchServedPage('https://a.test/p', { redirects: NODE, fetch: never, timeoutMs: 10 }),
    ).toEqual({
      ok: false,
      reason: 'timeout',
    });
  });
});

/** A chain of `redirects` 301s from START's site's /r0 to /r<redirects>, the last a page. */
function chain(redirects: number, html: string): Record<string, ScriptedRoute> {
  const routes: Record<string, ScriptedRoute> = {};
  for (let i = 0; i < redirects; i++) {
    routes[`https://public.test/r${i}`] = { status: 301, location: `/r${i + 1}`, ip: PUBLIC };
  }
  routes[`https://public.test/r${redirects}`] = { status: 200, ip: PUBLIC, body: html };
  return routes;
}
const hops = (n: number) => Array.from({ length: n }, (_, i) => `https://public.test/r${i}`);

describe('fetchServedPage: redirects followed one by one, under the one fetch policy (issues 27, 28)', () => {
  const START = 'https://public.test/page';
  const HTML = '<meta name="robots" content="noindex">';
  // [what, where the rule comes from, the scripted internet, the result, the URLs requested]
  const cases: [string, string, Record<string, ScriptedRoute>, object, string[]][] = [
    [
      'a public page redirects into 127.0.0.1: refused, never requested',
      'io/follow-redirects.ts, the rule of every fetch (issue 15, item 9); RFC 6890 loopback',
      { [START]: { status: 302, location: 'http://127.0.0.1:8080/admin', ip: PUBLIC } },
      { ok: false, reason: 'private-address' },
      [START],
    ],
    [
      'a public page redirects to a name that answers from 10.0.0.5: its body not used',
      'io/follow-redirects.ts: a name is checked by the address the browser reports',
      {
        [START]: { status: 301, location: 'https://intranet.example/', ip: PUBLIC },
        'https://intranet.example/': { status: 200, ip: '10.0.0.5', body: HTML },
      },
      { ok: false, reason: 'private-address' },
      [START, 'https://intranet.example/'],
    ],
    [
      'a public page redirects to another public page: followed, the final URL said',
      'Fetch standard: a redirect status with Location is followed',
      {
        [START]: { status: 301, location: '/moved', ip: PUBLIC },
        'https://public.test/moved': { status: 200, ip: PUBLIC, body: HTML },
      },
      { ok: true, page: { url: 'https://public.test/moved', status: 200, html: HTML } },
      [START, 'https://public.test/moved'],
    ],
    [
      'a page on the user’s own network may redirect within it',
      'io/follow-redirects.ts: only a public address is kept from a private network',
      {
        'http://127.0.0.1:8080/': {
          status: 302,
          location: 'http://localhost:8081/',
          ip: '127.0.0.1',
        },
        'http://localhost:8081/': { status: 200, ip: '127.0.0.1', body: HTML },
      },
      { ok: true, page: { url: 'http://localhost:8081/', html: HTML } },
      ['http://127.0.0.1:8080/', 'http://localhost:8081/'],
    ],
    [
      'a chain of 5 redirects is followed: the final URL said',
      'io/fetch-policy.ts: at most 5 redirects (RFC 9309 §2.3.1.2: "at least five")',
      chain(5, HTML),
      { ok: true, page: { url: 'https://public.test/r5', status: 200, html: HTML } },
      hops(6),
    ],
    [
      'a 6th redirect stops the chain with its own reason: its target never requested',
      'io/fetch-policy.ts, issue 28 item 4: fetch’s 20 hops no more',
      chain(6, HTML),
      { ok: false, reason: 'too-many-redirects' },
      hops(6),
    ],
    [
      'a redirect back to a URL of the chain is named a loop',
      'io/follow-redirects.ts RedirectChain: a URL already requested is not asked again',
      {
        [START]: { status: 302, location: '/next', ip: PUBLIC },
        'https://public.test/next': { status: 301, location: START, ip: PUBLIC },
      },
      { ok: false, reason: 'redirect-loop' },
      [START, 'https://public.test/next'],
    ],
  ];
  for (const order of ['chromium', 'firefox'] satisfies EventOrder[]) {
    test.each(cases)(`${order}: %s (%s)`, async (_what, _rule, routes, result, requested) => {
      const { watchers, fetchFn, requested: asked } = scriptedBrowser(routes, order);
      const start = Object.keys(routes)[0] as string;
      const page = await fetchServedPage(start, {
        fetch: fetchFn,
        redirects: { kind: 'observed', observer: watchers },
      });
      expect(page).toMatchObject(result);
      expect(asked).toEqual(requested);
    });
  }
});
