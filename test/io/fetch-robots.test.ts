import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BROWSER_REQUEST, fetchRobotsTxtInBrowser } from '../../io/fetch-robots-browser.ts';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';
import { outcomeOf } from '../../src/policy.ts';
import {
  browserLike,
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
    // Node's fetch follows the chain itself (redirected, url at the end); the events come later.
    const lateFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      setTimeout(() => {
        for (let step = 0; step < 3; step++) {
          const from = `${base}/chain3/${step}`;
          watchers.observe({ from, to: `${base}/chain3/${step + 1}`, status: 301 });
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
