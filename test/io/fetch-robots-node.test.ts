import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { CRAWLER_REQUEST } from '../../io/fetch-policy.ts';
import { fetchRobotsTxtInBrowser } from '../../io/fetch-robots-browser.ts';
import { fetchRobotsTxtInNode, type NodeFetchOptions } from '../../io/fetch-robots-node.ts';
import { type FetchFacts, type Outcome, outcomeOf } from '../../src/policy.ts';
import {
  browserLike,
  ROBOTS_TEXT,
  startOtherServer,
  startRobotsServer,
  type TestServer,
} from './robots-server.ts';

// The manual strategy against real servers on 127.0.0.1 (a second one, on another port, for
// cross-host redirects). Each case also runs the observed strategy over the emulated browser seam:
// both must give the same facts.
let server: TestServer;
let other: TestServer;

beforeAll(async () => {
  other = await startOtherServer();
  server = await startRobotsServer(other.base);
});
afterAll(() => {
  server.close();
  other.close();
});
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

interface Case {
  name: string;
  /** Where the behaviour comes from. */
  rule: string;
  /** A path on the server, or an absolute URL. */
  path: string;
  options?: NodeFetchOptions;
  /** Matched against the facts, URLs written as paths (`other:` for the other server). */
  facts: Record<string, unknown>;
  hops: [string, number][];
  outcome: Outcome['kind'];
  /** Every path the server was asked for, in order (manual strategy). */
  requests?: string[];
}

const chain = (length: number, until = length): [string, number][] =>
  Array.from({ length: until }, (_, step) => [`/chain${length}/${step}`, 301]);

const CASES: Case[] = [
  {
    name: '200',
    rule: 'RFC 9309 §2.3.1.1: the rules apply',
    path: '/ok',
    facts: {
      kind: 'response',
      status: 200,
      url: '/ok',
      text: ROBOTS_TEXT,
      contentType: 'text/plain',
      cacheControl: 'max-age=60',
      bytes: ROBOTS_TEXT.length,
      truncated: false,
    },
    hops: [],
    outcome: 'ok',
    requests: ['/ok'],
  },
  ...[404, 403].map(
    (status): Case => ({
      name: String(status),
      rule: 'RFC 9309 §2.3.1.3: 4xx is unavailable, every URL allowed',
      path: `/status/${status}`,
      facts: { kind: 'response', status },
      hops: [],
      outcome: 'unavailable',
    }),
  ),
  {
    name: '503',
    rule: 'RFC 9309 §2.3.1.4: 5xx is unreachable, every URL disallowed',
    path: '/status/503',
    facts: { kind: 'response', status: 503 },
    hops: [],
    outcome: 'unreachable',
  },
  {
    name: '429',
    rule: 'Google: 429 is read as a server error (src/policy.ts)',
    path: '/status/429',
    facts: { kind: 'response', status: 429 },
    hops: [],
    outcome: 'unreachable',
  },
  ...[301, 302, 303, 307, 308].map(
    (status): Case => ({
      name: `${status} is followed`,
      rule: 'Fetch standard: the redirect statuses; RFC 9309 §2.3.1.2',
      path: `/redirect/${status}`,
      facts: { kind: 'response', status: 200, url: '/ok', text: ROBOTS_TEXT },
      hops: [[`/redirect/${status}`, status]],
      outcome: 'ok',
      requests: [`/redirect/${status}`, '/ok'],
    }),
  ),
  {
    name: '300 is not followed',
    rule: 'Fetch standard: 300 is no redirect status; an unfollowed 3xx is unavailable',
    path: '/redirect/300',
    facts: { kind: 'response', status: 300, url: '/redirect/300' },
    hops: [],
    outcome: 'unavailable',
    requests: ['/redirect/300'],
  },
  {
    name: 'a chain of 3',
    rule: 'RFC 9309 §2.3.1.2: redirects are followed',
    path: '/chain3/0',
    facts: { kind: 'response', status: 200, url: '/chain3/3' },
    hops: chain(3),
    outcome: 'ok',
    requests: ['/chain3/0', '/chain3/1', '/chain3/2', '/chain3/3'],
  },
  {
    name: 'a chain of 5',
    rule: 'RFC 9309 §2.3.1.2: at least five consecutive redirects',
    path: '/chain5/0',
    facts: { kind: 'response', status: 200, url: '/chain5/5' },
    hops: chain(5),
    outcome: 'ok',
  },
  {
    name: 'a chain of 6, its target never requested',
    rule: 'RFC 9309 §2.3.1.2: past five, unavailable',
    path: '/chain6/0',
    facts: { kind: 'too-many-redirects' },
    hops: chain(6),
    outcome: 'unavailable',
    requests: ['/chain6/0', '/chain6/1', '/chain6/2', '/chain6/3', '/chain6/4', '/chain6/5'],
  },
  {
    name: 'a loop, nothing requested twice',
    rule: 'RFC 9309 §2.3.1.2: a loop is unavailable',
    path: '/loop/a',
    facts: { kind: 'redirect-loop' },
    hops: [
      ['/loop/a', 302],
      ['/loop/b', 302],
    ],
    outcome: 'unavailable',
    requests: ['/loop/a', '/loop/b'],
  },
  {
    name: 'relative Locations',
    rule: 'RFC 9110 §10.2.2: resolved against the URL that answered',
    path: '/rel/robots.txt',
    facts: { kind: 'response', status: 200, url: '/rel/b/robots.txt' },
    hops: [
      ['/rel/robots.txt', 302],
      ['/rel/a/robots.txt', 302],
    ],
    outcome: 'ok',
    requests: ['/rel/robots.txt', '/rel/a/robots.txt', '/rel/b/robots.txt'],
  },
  {
    name: 'a cross-host redirect',
    rule: 'RFC 9309 §2.3.1.2: redirects may lead to another host',
    path: '/cross',
    facts: {
      kind: 'response',
      status: 200,
      url: 'other:/robots.txt',
      text: 'User-agent: *\nDisallow: /other\n',
    },
    hops: [['/cross', 307]],
    outcome: 'ok',
    requests: ['/cross'],
  },
  {
    name: 'a 3xx without Location',
    rule: 'src/policy.ts: a redirect that cannot be followed is unavailable',
    path: '/no-location',
    facts: {
      kind: 'response',
      status: 302,
      url: '/no-location',
      text: 'moved, but not saying where',
    },
    hops: [],
    outcome: 'unavailable',
    requests: ['/no-location'],
  },
  {
    name: 'a 5 MB body',
    rule: 'RFC 9309 §2.5: at least 500 KiB parsed; MAX_BODY_BYTES read, no more',
    path: '/big',
    facts: { kind: 'response', status: 200, bytes: 512_000, truncated: true },
    hops: [],
    outcome: 'ok',
  },
  {
    name: 'a body that never ends',
    rule: 'FETCH_TIMEOUT_MS covers the body; bytes before a timeout are not used',
    path: '/endless',
    options: { timeoutMs: 300 },
    facts: { kind: 'timeout' },
    hops: [],
    outcome: 'unreachable',
  },
  {
    name: 'a refused connection',
    rule: 'RFC 9309 §2.3.1.4: a network error is unreachable',
    path: 'http://127.0.0.1:1/robots.txt',
    facts: { kind: 'network-error' },
    hops: [],
    outcome: 'unreachable',
  },
  {
    name: 'maxRedirects override',
    rule: 'FetchLimits: tests may lower MAX_REDIRECTS',
    path: '/chain3/0',
    options: { maxRedirects: 2 },
    facts: { kind: 'too-many-redirects' },
    hops: chain(3),
    outcome: 'unavailable',
    requests: ['/chain3/0', '/chain3/1', '/chain3/2'],
  },
  {
    name: 'maxBytes override',
    rule: 'FetchLimits: tests may lower MAX_BODY_BYTES',
    path: '/big',
    options: { maxBytes: 1000 },
    facts: { kind: 'response', bytes: 1000, truncated: true },
    hops: [],
    outcome: 'ok',
  },
];

/** The facts with URLs written as in the cases. */
function shorten(facts: FetchFacts) {
  const short = (url: string) => url.replace(server.base, '').replace(other.base, 'other:');
  return {
    ...facts,
    ...(facts.kind === 'response' ? { url: short(facts.url) } : {}),
    redirects: facts.redirects.map((hop): [string, number] => [short(hop.url), hop.status]),
  };
}

describe('fetchRobotsTxtInNode (manual redirects)', () => {
  test.each(CASES)('$name ($rule)', async (c) => {
    const url = c.path.startsWith('http') ? c.path : server.base + c.path;
    const manual = await fetchRobotsTxtInNode(url, c.options);
    const { redirects, ...rest } = shorten(manual);
    expect(rest).toMatchObject(c.facts);
    expect(redirects).toEqual(c.hops);
    expect(outcomeOf(manual).kind).toBe(c.outcome);
    if (c.requests !== undefined) expect(server.requests.map((r) => r.path)).toEqual(c.requests);

    // The observed strategy (the browser's) gives the same facts for the same exchange, whether
    // the browser reports a request before fetch resolves (Chromium) or after (Firefox).
    for (const order of ['chromium', 'firefox'] as const) {
      const { watchers, options } = browserLike({ timeoutMs: 15_000, ...c.options }, order);
      expect(await fetchRobotsTxtInBrowser(url, watchers, options)).toEqual(manual);
    }
  });
});

describe('the request Node sends', () => {
  test('no Cookie, no Referer; Cache-Control: no-cache as browsers send for no-store', async () => {
    // /cookie sets a cookie and redirects to /ok: a cookie jar would send it back.
    const facts = await fetchRobotsTxtInNode(`${server.base}/cookie`);
    expect(facts).toMatchObject({ kind: 'response', status: 200 });
    expect(server.requests.map((r) => r.path)).toEqual(['/cookie', '/ok']);
    for (const { headers } of server.requests) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(headers['cache-control']).toBe('no-cache');
      expect(headers.pragma).toBe('no-cache');
      // No User-Agent given: Node's fetch sends its own.
      expect(headers['user-agent']).toBe('node');
    }
  });

  test('the User-Agent given is sent on every hop, across hosts', async () => {
    const userAgent = 'RobotsLens/0.1 (+https://example.test/bot)';
    const facts = await fetchRobotsTxtInNode(`${server.base}/cross`, { userAgent });
    expect(facts).toMatchObject({ kind: 'response', status: 200 });
    const seen = [...server.requests, ...other.requests].map((r) => r.headers['user-agent']);
    expect(seen).toEqual([userAgent, userAgent]);
  });

  test('every hop is the one policy’s request (fetch-policy.ts); no call for a 6th target', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    try {
      await fetchRobotsTxtInNode(`${server.base}/chain6/0`);
      expect(spy).toHaveBeenCalledTimes(6);
      for (const [, init] of spy.mock.calls) {
        // credentials and referrerPolicy change nothing undici sends; cache adds no-cache headers.
        // The dispatcher is the tool's own (io/node-fetch.ts): it sends nothing of its own.
        expect(init).toEqual({
          ...CRAWLER_REQUEST,
          redirect: 'manual',
          signal: expect.any(AbortSignal),
          dispatcher: expect.anything(),
        });
      }
    } finally {
      spy.mockRestore();
    }
  });
});

describe('ledFrom: a robots.txt that a sitemap leads to (issue 28, item 1)', () => {
  // io/follow-redirects.ts, the private-network rule: a URL a public address leads to is never
  // requested in a private network; the user's own URL is requested wherever it is.
  test('led from a public sitemap, a robots.txt on 127.0.0.1 is never asked', async () => {
    const facts = await fetchRobotsTxtInNode(`${server.base}/ok`, {
      ledFrom: 'https://public.test/sitemap.xml',
    });
    expect(facts).toEqual({ kind: 'private-address', target: `${server.base}/ok`, redirects: [] });
    expect(outcomeOf(facts)).toMatchObject({ kind: 'unreachable', reason: 'private-address' });
    expect(server.requests).toEqual([]);
  });

  test("led from a sitemap in the user's own network: asked", async () => {
    const facts = await fetchRobotsTxtInNode(`${server.base}/ok`, {
      ledFrom: `${other.base}/sitemap.xml`,
    });
    expect(facts).toMatchObject({ kind: 'response', status: 200 });
    expect(server.requests.map((r) => r.path)).toEqual(['/ok']);
  });
});
