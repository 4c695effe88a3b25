import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CRAWLER_REQUEST } from '../../io/fetch-policy.ts';
import { fetchRobotsTxt } from '../../io/fetch-robots.ts';
import { fetchRobotsTxtInBrowser } from '../../io/fetch-robots-browser.ts';
import type { HopObserver } from '../../io/follow-redirects.ts';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';
import { observedOutcomeOf } from '../../src/policy.ts';
import {
  browserLike,
  type EventOrder,
  opaqueRedirect,
  PUBLIC,
  ROBOTS_TEXT,
  type ScriptedRoute,
  scriptedBrowser,
  startOtherServer,
  startRobotsServer,
  type TestServer,
} from './robots-server.ts';

// A real HTTP server; only the browser seam is emulated: node's fetch follows redirects by hand
// and reports each hop, as webRequest.onBeforeRedirect does in the extension.
let server: TestServer;
let other: TestServer;
let base = '';

beforeAll(async () => {
  other = await startOtherServer();
  server = await startRobotsServer(other.base);
  base = server.base;
});
afterAll(() => {
  server.close();
  other.close();
});

/** The observed strategy, as the extension runs it, over the emulated browser seam. */
function fetchObserved(url: string, timeoutMs?: number, order: EventOrder = 'firefox') {
  const { watchers, options } = browserLike(timeoutMs === undefined ? {} : { timeoutMs }, order);
  return fetchRobotsTxtInBrowser(url, watchers, options);
}

/** An observer that never hears of a request (what a fetch that is not a redirect needs). */
const NO_REPORTS: HopObserver = {
  watch: () => ({ answered: async () => null, stop: () => {} }),
};

describe('fetchRobotsTxt, redirects observed (the browser)', () => {
  test('200: body, content type, cache control', async () => {
    const facts = await fetchObserved(`${base}/ok`);
    expect(facts).toMatchObject({
      kind: 'response',
      status: 200,
      text: 'User-agent: *\nDisallow: /x\n',
      cacheControl: 'max-age=60',
      truncated: false,
    });
  });

  test.each([
    ['404', 'unavailable'],
    ['503', 'unreachable'],
    ['429', 'unreachable'],
  ])('status %s → %s', async (status, kind) => {
    expect(observedOutcomeOf(await fetchObserved(`${base}/status/${status}`)).kind).toBe(kind);
  });

  test("a 503's Retry-After is kept with the outcome (RFC 9110 §10.2.3)", async () => {
    const outcome = observedOutcomeOf(await fetchObserved(`${base}/status/503`));
    expect(outcome).toMatchObject({ kind: 'unreachable', status: 503, retryAfter: '120' });
    expect(observedOutcomeOf(await fetchObserved(`${base}/status/429`))).toMatchObject({
      retryAfter: null,
    });
  });

  test('a chain of 3 redirects is followed, every hop recorded', async () => {
    const facts = await fetchObserved(`${base}/chain3/0`);
    expect(facts.kind).toBe('response');
    expect(facts.redirects.map((h) => [h.url.replace(base, ''), h.status])).toEqual([
      ['/chain3/0', 301],
      ['/chain3/1', 301],
      ['/chain3/2', 301],
    ]);
  });

  test('a chain of 5 is followed; of 6 is unavailable (RFC 9309 §2.3.1.2)', async () => {
    expect((await fetchObserved(`${base}/chain5/0`)).kind).toBe('response');
    const six = await fetchObserved(`${base}/chain6/0`);
    expect(six.kind).toBe('too-many-redirects');
    expect(observedOutcomeOf(six).kind).toBe('unavailable');
  });

  test('a redirect loop is unavailable', async () => {
    const facts = await fetchObserved(`${base}/loop/a`);
    expect(facts.kind).toBe('redirect-loop');
    expect(observedOutcomeOf(facts).kind).toBe('unavailable');
  });

  test('a 5 MB body is cut at 512,000 bytes and the transfer stops', async () => {
    const facts = await fetchObserved(`${base}/big`);
    expect(facts).toMatchObject({ kind: 'response', bytes: 512_000, truncated: true });
  });

  test('a body that never ends times out, and its bytes are not used', async () => {
    const facts = await fetchObserved(`${base}/endless`, 300);
    expect(facts.kind).toBe('timeout');
    expect(observedOutcomeOf(facts).kind).toBe('unreachable');
  });

  test('a refused connection is a network error', async () => {
    const facts = await fetchObserved('http://127.0.0.1:1/robots.txt');
    expect(facts.kind).toBe('network-error');
    expect(observedOutcomeOf(facts).kind).toBe('unreachable');
  });

  test('UTF-8 with replacement for invalid bytes', async () => {
    const fakeFetch: typeof fetch = async () => new Response(new Uint8Array([0x41, 0xff, 0x42]));
    const facts = await fetchRobotsTxtInBrowser('http://x.test/robots.txt', NO_REPORTS, {
      fetch: fakeFetch,
    });
    expect(facts.kind === 'response' && facts.text).toBe('A\uFFFDB');
  });

  test('the request omits cookies, HTTP cache and Referer; each hop is its own request', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const spy: typeof fetch = async (_input, init) => {
      inits.push(init);
      return new Response('');
    };
    await fetchRobotsTxtInBrowser('http://x.test/robots.txt', NO_REPORTS, { fetch: spy });
    expect(inits).toEqual([
      { ...CRAWLER_REQUEST, redirect: 'manual', signal: expect.any(AbortSignal) },
    ]);
  });

  test('by default it calls the global fetch', async () => {
    const facts = await fetchRobotsTxtInBrowser(`${base}/ok`, new RedirectWatchers());
    expect(facts).toMatchObject({ kind: 'response', status: 200 });
  });
});

const chain = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `https://a.test/r${from + i}`);
/** A chain of redirects along `urls`, the last one a 200. */
const chainRoutes = (urls: string[]): Record<string, ScriptedRoute> =>
  Object.fromEntries(
    urls.map((url, i) => {
      const next = urls[i + 1];
      return [
        url,
        next === undefined
          ? { status: 200, ip: PUBLIC }
          : { status: 301, location: next, ip: PUBLIC },
      ];
    }),
  );

describe('fetchRobotsTxt in the browser: each hop its own request (issue 15, items 2 and 3)', () => {
  for (const order of ['chromium', 'firefox'] as const) {
    test(`${order}: a chain of 6 stops at the 6th redirect: its target is never requested`, async () => {
      // Before: Chromium requested the 6th target, Firefox followed a loop 20 times (e2e counts).
      const { watchers, fetchFn, requested } = scriptedBrowser(chainRoutes(chain(0, 6)), order);
      const facts = await fetchRobotsTxtInBrowser(chain(0, 0)[0] ?? '', watchers, {
        fetch: fetchFn,
      });
      expect(facts).toMatchObject({ kind: 'too-many-redirects' });
      expect(facts.redirects.map((hop) => hop.url)).toEqual(chain(0, 5));
      expect(requested).toEqual(chain(0, 5));
    });

    test(`${order}: a loop stops where it closes, each URL requested once`, async () => {
      const routes: Record<string, ScriptedRoute> = {
        'https://a.test/robots.txt': { status: 302, location: '/b', ip: PUBLIC },
        'https://a.test/b': { status: 302, location: 'https://a.test/robots.txt', ip: PUBLIC },
      };
      const { watchers, fetchFn, requested } = scriptedBrowser(routes, order);
      const facts = await fetchRobotsTxtInBrowser('https://a.test/robots.txt', watchers, {
        fetch: fetchFn,
      });
      expect(facts.kind).toBe('redirect-loop');
      expect(observedOutcomeOf(facts).kind).toBe('unavailable');
      expect(requested).toEqual(['https://a.test/robots.txt', 'https://a.test/b']);
    });
  }

  test('two fetches whose chains share URLs each count only their own hops', async () => {
    // Issue 15, item 2: one origin redirecting 6 times was cached as ok with 0 hops, its events
    // taken by the other fetch, which had reached the same URL.
    const { watchers, fetchFn } = scriptedBrowser(chainRoutes(chain(0, 6)));
    const options = { fetch: fetchFn, timeoutMs: 5000 };
    const [six, three] = await Promise.all([
      fetchRobotsTxtInBrowser(chain(0, 0)[0] ?? '', watchers, options),
      fetchRobotsTxtInBrowser(chain(3, 3)[0] ?? '', watchers, options),
    ]);
    expect(six).toMatchObject({ kind: 'too-many-redirects' });
    expect(six.redirects.map((hop) => hop.url)).toEqual(chain(0, 5));
    expect(three).toMatchObject({ kind: 'response', url: 'https://a.test/r6' });
    expect(three.redirects.map((hop) => hop.url)).toEqual(chain(3, 5));
  });

  // Issue 41: under load Firefox reported a hop more than 2 s after fetch resolved; the fixed 2 s
  // wait made chain3 'unreachable' (every page disallowed) and chain6 stop after /hop2. A report
  // is now waited for within the exchange's deadline (15 s), and a hop never reported is its own
  // outcome, asked once more before it stands. [case, when each hop is reported, facts, requests]
  const LATE: [string, (url: string, attempt: number) => number | null, object, number][] = [
    ['every hop reported 3 s late', () => 3000, { kind: 'response', status: 200 }, 4],
    [
      'a hop reported 14 s late, within the 15 s',
      (u) => (u.endsWith('r1') ? 14_000 : 3),
      { kind: 'response' },
      4,
    ],
    [
      'a hop never reported, then reported on the retry',
      (u, n) => (u.endsWith('r2') && n === 1 ? null : 3),
      { kind: 'response' },
      7,
    ],
    [
      'a hop never reported, twice',
      (u) => (u.endsWith('r2') ? null : 3),
      { kind: 'hop-unreported', url: 'https://a.test/r2' },
      6,
    ],
  ];
  for (const order of ['chromium', 'firefox'] as const) {
    test.each(LATE)(`${order}: %s`, async (_, reportMs, expected, requests) => {
      vi.useFakeTimers();
      try {
        const { watchers, fetchFn, requested } = scriptedBrowser(
          chainRoutes(chain(0, 3)),
          order,
          reportMs,
        );
        const pending = fetchRobotsTxtInBrowser(chain(0, 0)[0] ?? '', watchers, {
          fetch: fetchFn,
          timeoutMs: 15_000,
        });
        await vi.runAllTimersAsync();
        const facts = await pending;
        expect(facts).toMatchObject(expected);
        expect(requested).toHaveLength(requests);
        if (facts.kind === 'response') expect(facts.redirects).toHaveLength(3);
      } finally {
        vi.useRealTimers();
      }
    });
  }

  test('a redirect never reported: no verdict, not unreachable, asked twice (issue 41)', async () => {
    let asked = 0;
    const fetchFn: typeof fetch = async () => {
      asked++;
      return opaqueRedirect();
    };
    const facts = await fetchRobotsTxtInBrowser(
      'https://a.test/robots.txt',
      new RedirectWatchers(),
      { fetch: fetchFn, timeoutMs: 50 },
    );
    expect(facts).toEqual({
      kind: 'hop-unreported',
      url: 'https://a.test/robots.txt',
      redirects: [],
    });
    expect(observedOutcomeOf(facts)).toMatchObject({ kind: 'unknown', reason: 'hop-unreported' });
    expect(asked).toBe(2);
  });

  test('a redirect without Location, as the browser reports it: unavailable (§2.3.1.3)', async () => {
    const routes: Record<string, ScriptedRoute> = {
      'https://a.test/robots.txt': { status: 302, location: '', ip: PUBLIC },
    };
    const { watchers, fetchFn } = scriptedBrowser(routes);
    const facts = await fetchRobotsTxtInBrowser('https://a.test/robots.txt', watchers, {
      fetch: fetchFn,
    });
    expect(facts).toMatchObject({ kind: 'response', status: 302 });
    expect(observedOutcomeOf(facts).kind).toBe('unavailable');
  });
});

describe('no redirect from a public address into a private network (issue 15, item 9)', () => {
  const START = 'https://public.test/robots.txt';
  // [what, where the public site redirects, the scripted routes beyond it]
  const refused: [string, string][] = [
    ['loopback IPv4 (RFC 6890)', 'http://127.0.0.1:8080/robots.txt'],
    ['RFC 1918 private', 'http://192.168.1.1/robots.txt'],
    ['the unspecified address, which reaches this machine', 'http://0.0.0.0/robots.txt'],
    ['loopback IPv6 (RFC 4291)', 'http://[::1]/robots.txt'],
    ['localhost (RFC 6761)', 'http://localhost:3000/robots.txt'],
    ['an IPv4 written in hex, as the URL parser reads it', 'http://0x7f.1/robots.txt'],
  ];
  for (const order of ['chromium', 'firefox'] as const) {
    test.each(refused)(`${order}: %s is refused and never requested`, async (_what, target) => {
      const routes: Record<string, ScriptedRoute> = {
        [START]: { status: 302, location: target, ip: PUBLIC },
      };
      const { watchers, fetchFn, requested } = scriptedBrowser(routes, order);
      const facts = await fetchRobotsTxtInBrowser(START, watchers, { fetch: fetchFn });
      const href = new URL(target).href;
      expect(facts).toEqual({
        kind: 'private-address',
        target: href,
        redirects: [{ url: START, status: 302 }],
      });
      expect(observedOutcomeOf(facts)).toMatchObject({
        kind: 'unreachable',
        reason: 'private-address',
        message: href,
      });
      expect(requested).toEqual([START]);
    });
  }

  test('Node: a name the lookup resolves to a private address is refused before it is asked', async () => {
    const requested: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      requested.push(String(input));
      return new Response(null, {
        status: 302,
        headers: { location: 'https://intranet.example/robots.txt' },
      });
    };
    const lookups: string[] = [];
    const facts = await fetchRobotsTxt(START, {
      fetch: fetchFn,
      redirects: {
        kind: 'manual',
        lookup: async (hostname) => {
          lookups.push(hostname);
          // The site answers from a public address; the name it leads to has a private one too.
          return hostname === 'intranet.example' ? ['203.0.113.9', '172.16.4.4'] : [PUBLIC];
        },
      },
    });
    expect(facts).toMatchObject({
      kind: 'private-address',
      target: 'https://intranet.example/robots.txt',
    });
    expect(requested).toEqual([START]);
    // The name that answered is looked up too (Node does not say the address that answered).
    expect(lookups).toEqual([new URL(START).hostname, 'intranet.example']);
  });

  test('a name that answers from a private address: refused, its body not used', async () => {
    const routes: Record<string, ScriptedRoute> = {
      [START]: { status: 301, location: 'https://intranet.example/robots.txt', ip: PUBLIC },
      'https://intranet.example/robots.txt': { status: 200, ip: '10.0.0.5' },
    };
    const { watchers, fetchFn } = scriptedBrowser(routes);
    const facts = await fetchRobotsTxtInBrowser(START, watchers, { fetch: fetchFn });
    expect(facts).toMatchObject({
      kind: 'private-address',
      target: 'https://intranet.example/robots.txt',
    });
  });

  test('a name that answers from a public address is followed', async () => {
    const routes: Record<string, ScriptedRoute> = {
      [START]: { status: 301, location: 'https://www.public.test/robots.txt', ip: PUBLIC },
      'https://www.public.test/robots.txt': { status: 200, ip: '2606:2800:220:1::1' },
    };
    const { watchers, fetchFn } = scriptedBrowser(routes);
    const facts = await fetchRobotsTxtInBrowser(START, watchers, { fetch: fetchFn });
    expect(facts).toMatchObject({ kind: 'response', status: 200, text: ROBOTS_TEXT });
  });

  test('a site on the user own network may redirect within it (by URL or by address)', async () => {
    const routes: Record<string, ScriptedRoute> = {
      'http://127.0.0.1:8080/robots.txt': {
        status: 302,
        location: 'http://localhost:8081/robots.txt',
        ip: '127.0.0.1',
      },
      'http://localhost:8081/robots.txt': {
        status: 302,
        location: 'http://dev.test/robots.txt',
        ip: '127.0.0.1',
      },
      // A name the user's DNS maps to a LAN address: its redirect to a private address is kept.
      'http://dev.test/robots.txt': {
        status: 302,
        location: 'http://10.0.0.7/robots.txt',
        ip: '192.168.0.10',
      },
      'http://10.0.0.7/robots.txt': { status: 200, ip: '10.0.0.7' },
    };
    const { watchers, fetchFn, requested } = scriptedBrowser(routes, 'chromium');
    const facts = await fetchRobotsTxtInBrowser('http://127.0.0.1:8080/robots.txt', watchers, {
      fetch: fetchFn,
    });
    expect(facts).toMatchObject({
      kind: 'response',
      status: 200,
      url: 'http://10.0.0.7/robots.txt',
    });
    expect(requested).toHaveLength(4);
  });
});
