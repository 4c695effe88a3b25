import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FetchDeps, fetchRobotsTxt, type RedirectEvent } from '../../io/fetch-robots.ts';
import { outcomeOf } from '../../src/policy.ts';
// @ts-expect-error: a plain ES module shared with the e2e servers
import { writeBigBody } from '../fixtures/bodies.mjs';

// A real HTTP server; only the browser seam is emulated: node's fetch follows redirects by hand
// and reports each hop, as webRequest.onBeforeRedirect does in the extension.
let server: Server;
let base = '';
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const redirect = /^\/chain(\d+)\/(\d+)$/.exec(url);
    if (redirect) {
      const [, length, step] = redirect.map(Number) as [number, number, number];
      if (step < length) {
        res.writeHead(301, { location: `/chain${length}/${step + 1}` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /end\n');
      return;
    }
    switch (url) {
      case '/ok':
        res
          .writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=60' })
          .end('User-agent: *\nDisallow: /x\n');
        return;
      case '/status/404':
      case '/status/503':
      case '/status/429':
        res.writeHead(Number(url.slice(8))).end('nope');
        return;
      case '/loop/a':
        res.writeHead(302, { location: '/loop/b' }).end();
        return;
      case '/loop/b':
        res.writeHead(302, { location: '/loop/a' }).end();
        return;
      case '/big': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        writeBigBody(res);
        return;
      }
      case '/endless': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('User-agent: *\n');
        const timer = setInterval(() => res.write('# still here\n'), 20);
        res.on('close', () => clearInterval(timer));
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The browser seam: follows redirects itself and reports them to the watcher, like webRequest. */
function browserLike(timeoutMs = 2000): FetchDeps {
  let watcher: ((e: RedirectEvent) => void) | null = null;
  return {
    timeoutMs,
    watchRedirects(_url, onRedirect) {
      watcher = onRedirect;
      return () => {
        watcher = null;
      };
    },
    async fetch(input, init) {
      let url = String(input);
      for (let i = 0; i < 20; i++) {
        const res = await fetch(url, { ...init, redirect: 'manual' });
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || location === null) return res;
        const to = new URL(location, url).href;
        watcher?.({ from: url, to, status: res.status });
        if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        url = to;
      }
      throw new TypeError('too many redirects');
    },
  };
}

describe('fetchRobotsTxt', () => {
  test('200: body, content type, cache control', async () => {
    const facts = await fetchRobotsTxt(`${base}/ok`, browserLike());
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
    expect(outcomeOf(await fetchRobotsTxt(`${base}/status/${status}`, browserLike())).kind).toBe(
      kind,
    );
  });

  test('a chain of 3 redirects is followed, every hop recorded', async () => {
    const facts = await fetchRobotsTxt(`${base}/chain3/0`, browserLike());
    expect(facts.kind).toBe('response');
    expect(facts.redirects.map((h) => [h.url.replace(base, ''), h.status])).toEqual([
      ['/chain3/0', 301],
      ['/chain3/1', 301],
      ['/chain3/2', 301],
    ]);
  });

  test('a chain of 5 is followed; of 6 is unavailable (RFC 9309 §2.3.1.2)', async () => {
    expect((await fetchRobotsTxt(`${base}/chain5/0`, browserLike())).kind).toBe('response');
    const six = await fetchRobotsTxt(`${base}/chain6/0`, browserLike());
    expect(six.kind).toBe('too-many-redirects');
    expect(outcomeOf(six).kind).toBe('unavailable');
  });

  test('a redirect loop is unavailable', async () => {
    const facts = await fetchRobotsTxt(`${base}/loop/a`, browserLike());
    expect(facts.kind).toBe('redirect-loop');
    expect(outcomeOf(facts).kind).toBe('unavailable');
  });

  test('a 5 MB body is cut at 512,000 bytes and the transfer stops', async () => {
    const facts = await fetchRobotsTxt(`${base}/big`, browserLike());
    expect(facts).toMatchObject({ kind: 'response', bytes: 512_000, truncated: true });
  });

  test('a body that never ends times out, and its bytes are not used', async () => {
    const facts = await fetchRobotsTxt(`${base}/endless`, browserLike(300));
    expect(facts.kind).toBe('timeout');
    expect(outcomeOf(facts).kind).toBe('unreachable');
  });

  test('a refused connection is a network error', async () => {
    const facts = await fetchRobotsTxt('http://127.0.0.1:1/robots.txt', browserLike());
    expect(facts.kind).toBe('network-error');
    expect(outcomeOf(facts).kind).toBe('unreachable');
  });

  test('UTF-8 with replacement for invalid bytes', async () => {
    const fakeFetch: typeof fetch = async () => new Response(new Uint8Array([0x41, 0xff, 0x42]));
    const facts = await fetchRobotsTxt('http://x.test/robots.txt', {
      fetch: fakeFetch,
      watchRedirects: () => () => {},
    });
    expect(facts.kind === 'response' && facts.text).toBe('A\uFFFDB');
  });
});
