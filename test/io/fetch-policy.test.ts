// The one fetch policy (io/fetch-policy.ts, issue 28): every kind of request the tool makes
// (robots.txt, a page as served, a sitemap) follows at most 5 redirects, names a loop, never jumps
// from a public address into a private network, and is the crawler's request; each kind sets only
// its bytes, its time and its Accept. The terms are a table with their sources; the behaviour is
// one table run through every fetcher over the same scripted internet, so no kind can drift.
import { describe, expect, test } from 'vitest';
import { fetchServedPage, type ServedPageResult } from '../../io/fetch-page.ts';
import {
  CRAWLER_REQUEST,
  FETCH_POLICY,
  type FetchKind,
  requestFor,
} from '../../io/fetch-policy.ts';
import { fetchRobotsTxtInBrowser } from '../../io/fetch-robots-browser.ts';
import { RedirectChain } from '../../io/follow-redirects.ts';
import { openSitemap } from '../../io/open-sitemap.ts';
import { MAX_BODY_BYTES, MAX_REDIRECTS } from '../../src/policy.ts';
import { PUBLIC, type ScriptedRoute, scriptedBrowser } from './robots-server.ts';

// [term, where it comes from, the policy's value, the expected value]
const TERMS: [string, string, unknown, unknown][] = [
  [
    'redirects followed at most, every kind',
    'RFC 9309 §2.3.1.2: "at least five consecutive redirects", then MAY give up; Google (robots.txt spec): "follows at least five redirect hops … and then stops"; issue 28: one limit for every request',
    FETCH_POLICY.maxRedirects,
    5,
  ],
  [
    'the same number the robots.txt outcome is read by',
    'src/policy.ts MAX_REDIRECTS: "more than 5 redirects" is unavailable (RFC 9309 §2.3.1.2)',
    FETCH_POLICY.maxRedirects,
    MAX_REDIRECTS,
  ],
  [
    'robots.txt: bytes read',
    'RFC 9309 §2.5: "a parsing limit that MUST be at least 500 kibibytes"',
    FETCH_POLICY.kinds.robots.maxBytes,
    MAX_BODY_BYTES,
  ],
  [
    'robots.txt: time for every hop and the body',
    'this tool’s reading: the RFC names no time; src/policy.ts FETCH_TIMEOUT_MS',
    FETCH_POLICY.kinds.robots.timeoutMs,
    15_000,
  ],
  [
    'robots.txt: Accept',
    'RFC 9309 §2.3: a plain GET; fetch’s own Accept (*/*)',
    FETCH_POLICY.kinds.robots.accept,
    null,
  ],
  [
    'page: bytes read',
    'this tool’s cap: the head, where the tags that matter live, comes well before it',
    FETCH_POLICY.kinds.page.maxBytes,
    2_000_000,
  ],
  [
    'page: time for every hop and the body',
    'this tool’s reading, as robots.txt (README: "at most 15 s")',
    FETCH_POLICY.kinds.page.timeoutMs,
    15_000,
  ],
  [
    'page: Accept',
    'RFC 9110 §12.5.1: the crawler asks for HTML first',
    FETCH_POLICY.kinds.page.accept,
    'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
  ],
  [
    'sitemap: bytes read, after gunzip',
    'sitemaps.org: "no larger than 50MB (52,428,800 bytes)", uncompressed',
    FETCH_POLICY.kinds.sitemap.maxBytes,
    52_428_800,
  ],
  [
    'sitemap: time for every hop and the body',
    'this tool’s reading: a big file’s time (paused while the caller holds URLs)',
    FETCH_POLICY.kinds.sitemap.timeoutMs,
    30_000,
  ],
  [
    'the crawler’s request: no cookies, no HTTP cache, no referrer',
    'Fetch standard: credentials mode "omit", cache mode "no-store", referrer policy "no-referrer"',
    CRAWLER_REQUEST,
    { credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer' },
  ],
];

describe('the policy’s terms', () => {
  test.each(TERMS)('%s (%s)', (_term, _source, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  test.each(['robots', 'page', 'sitemap'] satisfies FetchKind[])(
    '%s: the crawler’s request, with the kind’s Accept and nothing else',
    (kind) => {
      const { accept } = FETCH_POLICY.kinds[kind];
      expect(requestFor(kind)).toEqual(
        accept === null ? CRAWLER_REQUEST : { ...CRAWLER_REQUEST, headers: { accept } },
      );
    },
  );

  test.each([
    [6, 'issue 28: no kind follows more than the policy'],
    [20, 'the Fetch standard’s 20 is not the policy'],
    [-1, 'a count'],
    [2.5, 'a count'],
  ])('a chain allowed %s redirects is a programmer’s error (%s)', (max) => {
    expect(() => new RedirectChain('https://a.test/', max)).toThrow(RangeError);
  });
});

/** What a fetcher made of a chain, said alike for every kind. */
type Ending = 'answer' | 'too-many-redirects' | 'redirect-loop' | 'private-address';

/** The requests a fetcher made, with their options. */
type Requests = { url: string; init: RequestInit }[];

/**
 * Node's side of the scripted internet (redirect: 'manual' hands each 3xx over with its Location)
 * and its resolver: intranet.example is in the LAN, any other name public.
 */
function nodeInternet(routes: Record<string, ScriptedRoute>) {
  const requests: Requests = [];
  const fetchFn: typeof fetch = async (input, init = {}) => {
    const url = String(input);
    requests.push({ url, init });
    const route = routes[url];
    if (route === undefined) throw new TypeError(`NetworkError: ${url} unscripted`);
    if (route.location !== undefined) {
      return new Response(null, { status: route.status, headers: { location: route.location } });
    }
    return new Response(route.body ?? '', { status: route.status });
  };
  const lookup = async (hostname: string) =>
    hostname === 'intranet.example' ? ['10.0.0.5'] : [PUBLIC];
  return { fetchFn, lookup, requests };
}

/** The browser's side: redirects opaque, each hop reported to the watchers (robots-server.ts). */
function browserInternet(routes: Record<string, ScriptedRoute>) {
  const { watchers, fetchFn: scripted } = scriptedBrowser(routes, 'firefox');
  const requests: Requests = [];
  const fetchFn: typeof fetch = (input, init = {}) => {
    requests.push({ url: String(input), init });
    return scripted(input, init);
  };
  return { watchers, fetchFn, requests };
}

/** One fetcher of the tool: its kind, where it runs, and how it ended over a scripted internet. */
interface Fetcher {
  kind: FetchKind;
  strategy: 'observed' | 'manual';
  run(url: string, routes: Record<string, ScriptedRoute>): Promise<[Ending, Requests]>;
}

/** How a page fetch ended; a failure that is not the chain's is the test's error. */
function pageEnding(result: ServedPageResult): Ending {
  if (result.ok) return 'answer';
  if (
    result.reason === 'timeout' ||
    result.reason === 'network' ||
    result.reason === 'hop-unreported'
  )
    throw new Error(result.reason);
  return result.reason;
}

const FETCHERS: Record<string, Fetcher> = {
  'robots.txt, the extension': {
    kind: 'robots',
    strategy: 'observed',
    async run(url, routes) {
      const { watchers, fetchFn, requests } = browserInternet(routes);
      const facts = await fetchRobotsTxtInBrowser(url, watchers, { fetch: fetchFn });
      if (
        facts.kind === 'timeout' ||
        facts.kind === 'network-error' ||
        facts.kind === 'hop-unreported'
      )
        throw new Error(facts.kind);
      return [facts.kind === 'response' ? 'answer' : facts.kind, requests];
    },
  },
  'page as served, the extension': {
    kind: 'page',
    strategy: 'observed',
    async run(url, routes) {
      const { watchers, fetchFn, requests } = browserInternet(routes);
      const result = await fetchServedPage(url, {
        fetch: fetchFn,
        redirects: { kind: 'observed', observer: watchers },
      });
      return [pageEnding(result), requests];
    },
  },
  'page as served, Node': {
    kind: 'page',
    strategy: 'manual',
    async run(url, routes) {
      const { fetchFn, lookup, requests } = nodeInternet(routes);
      const result = await fetchServedPage(url, {
        fetch: fetchFn,
        redirects: { kind: 'manual', lookup },
      });
      return [pageEnding(result), requests];
    },
  },
  'sitemap, the command line': {
    kind: 'sitemap',
    strategy: 'manual',
    async run(url, routes) {
      const { fetchFn, lookup, requests } = nodeInternet(routes);
      const { timeoutMs, maxBytes } = FETCH_POLICY.kinds.sitemap;
      const opened = await openSitemap(url, { fetch: fetchFn, lookup, timeoutMs, maxBytes });
      if (!('failure' in opened)) {
        opened.close();
        return ['answer', requests];
      }
      const { code } = opened.failure;
      if (code === 'redirect-cycle') return ['redirect-loop', requests];
      if (code === 'too-many-redirects' || code === 'private-address') return [code, requests];
      throw new Error(code);
    },
  },
};

/** A chain of `redirects` 301s from https://site.test/r0 to https://site.test/r<redirects>. */
function chain(redirects: number): Record<string, ScriptedRoute> {
  const routes: Record<string, ScriptedRoute> = {};
  for (let i = 0; i < redirects; i++) {
    routes[`https://site.test/r${i}`] = { status: 301, location: `/r${i + 1}`, ip: PUBLIC };
  }
  routes[`https://site.test/r${redirects}`] = { status: 200, ip: PUBLIC, body: 'User-agent: *' };
  return routes;
}

const hops = (n: number) => Array.from({ length: n }, (_, i) => `https://site.test/r${i}`);

/** A chain's scripted internet, how it ends, and the URLs requested (by strategy where they differ). */
interface ChainCase {
  routes: Record<string, ScriptedRoute>;
  ending: Ending;
  requested: string[];
  /** A browser cannot resolve a name before asking: it asks, then drops a private answer unread. */
  observedRequested?: string[];
}

// [what, where the rule comes from, the case]
const CHAINS: [string, string, ChainCase][] = [
  [
    'a chain of 5 redirects is followed to its answer',
    'RFC 9309 §2.3.1.2: follow "at least five consecutive redirects"',
    { routes: chain(5), ending: 'answer', requested: hops(6) },
  ],
  [
    'a 6th redirect ends the chain: its target is never requested',
    'RFC 9309 §2.3.1.2: "more than five consecutive redirects" MAY be given up; issue 28: at most 5 for every request (fetch’s own limit, Fetch standard HTTP-redirect fetch, is 20)',
    { routes: chain(6), ending: 'too-many-redirects', requested: hops(6) },
  ],
  [
    'a loop ends at the first URL that comes back, not asked again',
    'io/follow-redirects.ts RedirectChain; Search Console’s "Redirect error" names a redirect loop',
    {
      routes: {
        'https://site.test/a': { status: 302, location: '/b', ip: PUBLIC },
        'https://site.test/b': { status: 307, location: 'https://site.test/a', ip: PUBLIC },
      },
      ending: 'redirect-loop',
      requested: ['https://site.test/a', 'https://site.test/b'],
    },
  ],
  [
    'a public URL that redirects to 127.0.0.1 is refused, its target not asked',
    'issue 15 item 9, issue 28 item 1: no public → private jump; RFC 6890: 127.0.0.0/8 is loopback',
    {
      routes: {
        'https://site.test/a': { status: 302, location: 'http://127.0.0.1:8080/admin', ip: PUBLIC },
      },
      ending: 'private-address',
      requested: ['https://site.test/a'],
    },
  ],
  [
    'a public URL that redirects to a name in 10/8 is refused: unasked, or its answer unread',
    'issue 28 item 1: Node resolves the name before asking, a browser checks the address that answered; RFC 1918: 10.0.0.0/8',
    {
      routes: {
        'https://site.test/a': { status: 301, location: 'https://intranet.example/', ip: PUBLIC },
        'https://intranet.example/': { status: 200, ip: '10.0.0.5', body: 'secret' },
      },
      ending: 'private-address',
      requested: ['https://site.test/a'],
      observedRequested: ['https://site.test/a', 'https://intranet.example/'],
    },
  ],
  [
    'a URL the user gave in a private network is requested, and may redirect within it',
    'issue 28 item 1: "a target given as private by the user is fine"',
    {
      routes: {
        'http://127.0.0.1:8080/a': {
          status: 302,
          location: 'http://localhost:8081/b',
          ip: '127.0.0.1',
        },
        'http://localhost:8081/b': { status: 200, ip: '127.0.0.1', body: 'User-agent: *' },
      },
      ending: 'answer',
      requested: ['http://127.0.0.1:8080/a', 'http://localhost:8081/b'],
    },
  ],
  [
    'a URL the user gave on an intranet name may redirect to another name of that network',
    'issue 28 item 1: the user’s own private URL may lead within its network; RFC 1918: 10.0.0.0/8 (in Node the name that answered is looked up, as its target is)',
    {
      routes: {
        'https://intranet.example/a': {
          status: 301,
          location: 'https://intranet.example/robots.txt',
          ip: '10.0.0.5',
        },
        'https://intranet.example/robots.txt': {
          status: 200,
          ip: '10.0.0.5',
          body: 'User-agent: *',
        },
      },
      ending: 'answer',
      requested: ['https://intranet.example/a', 'https://intranet.example/robots.txt'],
    },
  ],
];

describe('every request of the tool follows the one policy', () => {
  for (const [name, fetcher] of Object.entries(FETCHERS)) {
    test.each(CHAINS)(`${name}: %s (%s)`, async (_what, _rule, expected) => {
      const start = Object.keys(expected.routes)[0] as string;
      const [ending, requests] = await fetcher.run(start, expected.routes);
      expect(ending).toBe(expected.ending);
      const requested =
        fetcher.strategy === 'observed'
          ? (expected.observedRequested ?? expected.requested)
          : expected.requested;
      expect(requests.map((r) => r.url)).toEqual(requested);
    });

    test(`${name}: every hop is the crawler’s request, redirect: 'manual', the kind’s Accept (Fetch standard request options)`, async () => {
      const [ending, requests] = await fetcher.run('https://site.test/r0', chain(2));
      expect(ending).toBe('answer');
      expect(requests).toHaveLength(3);
      const { accept } = FETCH_POLICY.kinds[fetcher.kind];
      for (const { init } of requests) {
        expect(init).toMatchObject({ ...CRAWLER_REQUEST, redirect: 'manual' });
        expect(init.signal).toBeInstanceOf(AbortSignal);
        expect(new Headers(init.headers).get('accept')).toBe(accept);
      }
    });
  }
});
