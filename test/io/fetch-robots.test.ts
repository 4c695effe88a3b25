import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BROWSER_REQUEST, fetchRobotsTxtInBrowser } from '../../io/fetch-robots-browser.ts';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';
import { outcomeOf } from '../../src/policy.ts';
import {
  browserLike,
  ROBOTS_TEXT,
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
function fetchObserved(url: string, timeoutMs?: number) {
  const { watchers, options } = browserLike(timeoutMs === undefined ? {} : { timeoutMs });
  return fetchRobotsTxtInBrowser(url, watchers, options);
}

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
    expect(outcomeOf(await fetchObserved(`${base}/status/${status}`)).kind).toBe(kind);
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
    expect(outcomeOf(six).kind).toBe('unavailable');
  });

  test('a redirect loop is unavailable', async () => {
    const facts = await fetchObserved(`${base}/loop/a`);
    expect(facts.kind).toBe('redirect-loop');
    expect(outcomeOf(facts).kind).toBe('unavailable');
  });

  test('a 5 MB body is cut at 512,000 bytes and the transfer stops', async () => {
    const facts = await fetchObserved(`${base}/big`);
    expect(facts).toMatchObject({ kind: 'response', bytes: 512_000, truncated: true });
  });

  test('a body that never ends times out, and its bytes are not used', async () => {
    const facts = await fetchObserved(`${base}/endless`, 300);
    expect(facts.kind).toBe('timeout');
    expect(outcomeOf(facts).kind).toBe('unreachable');
  });

  test('a refused connection is a network error', async () => {
    const facts = await fetchObserved('http://127.0.0.1:1/robots.txt');
    expect(facts.kind).toBe('network-error');
    expect(outcomeOf(facts).kind).toBe('unreachable');
  });

  test('UTF-8 with replacement for invalid bytes', async () => {
    const fakeFetch: typeof fetch = async () => new Response(new Uint8Array([0x41, 0xff, 0x42]));
    const facts = await fetchRobotsTxtInBrowser(
      'http://x.test/robots.txt',
      { watch: () => () => {} },
      { fetch: fakeFetch },
    );
    expect(facts.kind === 'response' && facts.text).toBe('A\uFFFDB');
  });

  test('Firefox: hops reported after the response are still counted', async () => {
    const watchers = new RedirectWatchers();
    // Node's fetch follows the chain itself (redirected, url at the end); the events come later,
    // and the start of the request was not seen: the first hop binds it, the fixed wait holds.
    const lateFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      setTimeout(() => {
        for (let step = 0; step < 3; step++) {
          const url = `${base}/chain3/${step}`;
          const redirectUrl = `${base}/chain3/${step + 1}`;
          watchers.redirected({ requestId: '7', url, redirectUrl, statusCode: 301 });
        }
      }, 50);
      return response;
    };
    const facts = await fetchRobotsTxtInBrowser(`${base}/chain3/0`, watchers, {
      fetch: lateFetch,
    });
    expect(facts).toMatchObject({ kind: 'response', status: 200, url: `${base}/chain3/3` });
    expect(facts.redirects).toHaveLength(3);
  });

  test('the request omits cookies, HTTP cache and Referer; fetch follows redirects', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const spy: typeof fetch = async (_input, init) => {
      inits.push(init);
      return new Response('');
    };
    await fetchRobotsTxtInBrowser(
      'http://x.test/robots.txt',
      { watch: () => () => {} },
      { fetch: spy },
    );
    expect(inits).toEqual([
      { ...BROWSER_REQUEST, redirect: 'follow', signal: expect.any(AbortSignal) },
    ]);
  });

  test('by default it calls the global fetch', async () => {
    const facts = await fetchRobotsTxtInBrowser(`${base}/ok`, new RedirectWatchers());
    expect(facts).toMatchObject({ kind: 'response', status: 200 });
  });
});

/** One request of the fake browser below: its id, the URLs it goes through, its final status. */
interface FakeRequest {
  requestId: string;
  urls: string[];
}

/**
 * Firefox's order of things, scripted: each fetch starts its request (onBeforeRequest) and
 * resolves at once with the final URL; the hops and ends come later, in the order of `script`
 * (request id and step, or 'end'), one every 5 ms.
 */
function scriptedBrowser(requests: FakeRequest[], script: [string, number | 'end'][]) {
  const watchers = new RedirectWatchers('moz-extension://us');
  const byUrl = new Map(requests.map((r) => [r.urls[0], r]));
  const fetchFn: typeof fetch = async (input) => {
    const request = byUrl.get(String(input));
    if (request === undefined) throw new TypeError(`unscripted ${String(input)}`);
    watchers.started({
      requestId: request.requestId,
      url: String(input),
      initiator: 'moz-extension://us',
    });
    const response = new Response(ROBOTS_TEXT);
    Object.defineProperties(response, {
      redirected: { value: request.urls.length > 1 },
      url: { value: request.urls.at(-1) },
    });
    return response;
  };
  const play = async () => {
    for (const [requestId, step] of script) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const request = requests.find((r) => r.requestId === requestId);
      if (request === undefined) continue;
      if (step === 'end') {
        watchers.ended({ requestId });
        continue;
      }
      const url = request.urls[step] ?? '';
      const redirectUrl = request.urls[step + 1] ?? '';
      watchers.redirected({ requestId, url, redirectUrl, statusCode: 301 });
    }
  };
  return { watchers, fetchFn, play };
}

const chain = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `https://a.test/r${from + i}`);

describe('fetchRobotsTxt in the browser: hops by request id (issue 15, item 2)', () => {
  test('two fetches whose chains share URLs each count only their own hops', async () => {
    // Issue 15, item 2: one origin redirecting 6 times was cached as ok with 0 hops, its events
    // taken by the other fetch, which had reached the same URL.
    const six: FakeRequest = { requestId: 'six', urls: chain(0, 6) };
    const three: FakeRequest = { requestId: 'three', urls: chain(3, 6) };
    const script: [string, number | 'end'][] = [
      ['six', 0],
      ['six', 1],
      ['six', 2],
      ['three', 0],
      ['three', 1],
      ['three', 2],
      ['three', 'end'],
      ['six', 3],
      ['six', 4],
      ['six', 5],
      ['six', 'end'],
      // Another request of the extension, not watched: ignored.
      ['other', 0],
    ];
    const { watchers, fetchFn, play } = scriptedBrowser([six, three], script);
    const options = { fetch: fetchFn, timeoutMs: 5000 };
    const [a, b] = await Promise.all([
      fetchRobotsTxtInBrowser(six.urls[0] ?? '', watchers, options),
      fetchRobotsTxtInBrowser(three.urls[0] ?? '', watchers, options),
      play(),
    ]);
    expect(a).toMatchObject({ kind: 'too-many-redirects' });
    expect(a.redirects.map((hop) => hop.url)).toEqual(chain(0, 5));
    expect(b).toMatchObject({ kind: 'response', url: 'https://a.test/r6' });
    expect(b.redirects.map((hop) => hop.url)).toEqual(chain(3, 5));
  });

  test('hops of a request that is not ours, at a watched URL, are ignored', async () => {
    const watchers = new RedirectWatchers('chrome-extension://us');
    const seen: string[] = [];
    const stop = watchers.watch('https://a.test/robots.txt', {
      onRedirect: (e) => seen.push(e.to),
    });
    const url = 'https://a.test/robots.txt';
    // A site's service worker fetches the same URL first: another initiator, another id.
    watchers.started({ requestId: 'sw', url, initiator: 'https://a.test' });
    watchers.redirected({
      requestId: 'sw',
      url,
      redirectUrl: 'https://evil.test/',
      statusCode: 302,
      initiator: 'https://a.test',
    });
    watchers.started({ requestId: 'ours', url, initiator: 'chrome-extension://us' });
    watchers.redirected({
      requestId: 'sw',
      url: 'https://evil.test/',
      redirectUrl: 'https://evil.test/2',
      statusCode: 302,
    });
    watchers.redirected({
      requestId: 'ours',
      url,
      redirectUrl: 'https://www.a.test/robots.txt',
      statusCode: 301,
      initiator: 'chrome-extension://us',
    });
    stop();
    expect(seen).toEqual(['https://www.a.test/robots.txt']);
  });

  test('the end of the request ends the wait for late hops: no fixed wait', async () => {
    // Only one of two hops is ever reported, then the request ends: before, a 2 s wait.
    const request: FakeRequest = { requestId: 'r', urls: chain(0, 2) };
    const { watchers, fetchFn, play } = scriptedBrowser(
      [request],
      [
        ['r', 0],
        ['r', 'end'],
      ],
    );
    const started = Date.now();
    const [facts] = await Promise.all([
      fetchRobotsTxtInBrowser(request.urls[0] ?? '', watchers, { fetch: fetchFn }),
      play(),
    ]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(facts).toMatchObject({ kind: 'response', url: 'https://a.test/r2' });
    expect(facts.redirects).toHaveLength(1);
  });

  test('with the id known, hops later than the fixed wait are still counted', async () => {
    const request: FakeRequest = { requestId: 'r', urls: chain(0, 2) };
    const { watchers, fetchFn } = scriptedBrowser([request], []);
    setTimeout(() => {
      watchers.redirected({
        requestId: 'r',
        url: 'https://a.test/r0',
        redirectUrl: 'https://a.test/r1',
        statusCode: 301,
      });
      watchers.redirected({
        requestId: 'r',
        url: 'https://a.test/r1',
        redirectUrl: 'https://a.test/r2',
        statusCode: 301,
      });
      watchers.ended({ requestId: 'r' });
    }, 2200);
    const facts = await fetchRobotsTxtInBrowser(request.urls[0] ?? '', watchers, {
      fetch: fetchFn,
    });
    expect(facts.redirects).toHaveLength(2);
  });
});

/**
 * A browser that gives up first, scripted: the fetch starts its request, `before` hops of `urls`
 * are reported, then the fetch rejects (Firefox's NetworkError after 20 redirects of a loop), or
 * with AbortError once its signal aborts; the other hops and the end come later, one every 5 ms.
 */
function browserGivingUp(urls: string[], before: number) {
  const watchers = new RedirectWatchers('moz-extension://us');
  const requestId = 'r';
  const hop = (step: number) =>
    watchers.redirected({
      requestId,
      url: urls[step] ?? '',
      redirectUrl: urls[step + 1] ?? '',
      statusCode: 302,
    });
  const late = async () => {
    for (let step = before; step < urls.length - 1; step++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      hop(step);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    watchers.ended({ requestId });
  };
  const fetchFn: typeof fetch = async (input, init) => {
    watchers.started({ requestId, url: String(input), initiator: 'moz-extension://us' });
    for (let step = 0; step < before; step++) hop(step);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    void late();
    throw new TypeError('NetworkError when attempting to fetch resource.');
  };
  return { watchers, fetchFn };
}

const loop = (hops: number) =>
  Array.from({ length: hops + 1 }, (_, i) => `https://a.test/${i % 2 === 0 ? 'robots.txt' : 'b'}`);

describe('more than 5 redirects are never followed (issue 15, item 3)', () => {
  test('the fetch is aborted at the 6th hop: its target is never requested', async () => {
    // The emulated browser follows a hop only if the signal is not aborted when it is reported.
    server.requests.length = 0;
    expect(await fetchObserved(`${base}/chain6/0`)).toMatchObject({ kind: 'too-many-redirects' });
    expect(server.requests.map((r) => r.path)).toEqual(
      ['0', '1', '2', '3', '4', '5'].map((step) => `/chain6/${step}`),
    );
    server.requests.length = 0;
    expect(await fetchObserved(`${base}/loop/a`)).toMatchObject({ kind: 'redirect-loop' });
    expect(server.requests.map((r) => r.path)).toEqual(['/loop/a', '/loop/b']);
  });

  // [what, outcome, the chain the browser followed, hops reported before the fetch rejects]
  const cases: [string, string, string[], number][] = [
    ['a loop, every hop before the error (Chromium)', 'redirect-loop', loop(20), 20],
    ['a loop, every hop after the error (Firefox, 20 laps)', 'redirect-loop', loop(20), 0],
    ['a loop, the error between its hops', 'redirect-loop', loop(20), 1],
    ['7 hops, every hop after the error', 'too-many-redirects', chain(0, 7), 0],
    ['7 hops, the error after the 5th', 'too-many-redirects', chain(0, 7), 5],
    ['7 hops, the 6th before the error: our abort', 'too-many-redirects', chain(0, 7), 6],
  ];
  test.each(cases)('%s: %s, never unreachable', async (_what, kind, urls, before) => {
    const { watchers, fetchFn } = browserGivingUp(urls, before);
    const facts = await fetchRobotsTxtInBrowser(urls[0] ?? '', watchers, {
      fetch: fetchFn,
      timeoutMs: 5000,
    });
    expect(facts.kind).toBe(kind);
    expect(outcomeOf(facts).kind).toBe('unavailable');
  });

  test('a network error with no hop to come stays a network error, without waiting', async () => {
    const { watchers, fetchFn } = browserGivingUp(['https://a.test/robots.txt'], 0);
    const started = Date.now();
    const facts = await fetchRobotsTxtInBrowser('https://a.test/robots.txt', watchers, {
      fetch: fetchFn,
    });
    expect(facts.kind).toBe('network-error');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
