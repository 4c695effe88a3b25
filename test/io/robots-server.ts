// Real HTTP servers on 127.0.0.1 for the fetch tests, and the browser seam emulated in Node.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { BrowserFetchOptions } from '../../io/fetch-robots-browser.ts';
import { RedirectWatchers } from '../../io/redirect-watchers.ts';
// @ts-expect-error: a plain ES module shared with the e2e servers
import { writeBigBody } from '../fixtures/bodies.mjs';

/** One request as the server saw it. */
export interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/** A running test server: its base URL, the requests it saw, and how to stop it. */
export interface TestServer {
  base: string;
  requests: SeenRequest[];
  close(): void;
}

/** The body of the robots.txt most routes end at. */
export const ROBOTS_TEXT = 'User-agent: *\nDisallow: /x\n';

type Route = (path: string, res: import('node:http').ServerResponse) => boolean;

async function listen(route: Route): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    if (!route(path, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The other host of cross-host redirects: another port, one robots.txt. */
export function startOtherServer(): Promise<TestServer> {
  return listen((path, res) => {
    if (path !== '/robots.txt') return false;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /other\n');
    return true;
  });
}

/** The server of every scenario; `otherBase` is where /cross redirects to. */
export function startRobotsServer(otherBase: string): Promise<TestServer> {
  return listen((path, res) => {
    const chain = /^\/chain(\d+)\/(\d+)$/.exec(path);
    if (chain) {
      const [, length, step] = chain.map(Number) as [number, number, number];
      if (step < length) res.writeHead(301, { location: `/chain${length}/${step + 1}` }).end();
      else
        res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /end\n');
      return true;
    }
    const status = /^\/status\/(\d+)$/.exec(path);
    if (status) {
      // A 503 asks to be retried in two minutes (RFC 9110 §10.2.3), as a server in maintenance does.
      const headers = status[1] === '503' ? { 'retry-after': '120' } : {};
      res.writeHead(Number(status[1]), headers).end('nope');
      return true;
    }
    // /redirect/301 … /redirect/308 and /redirect/300: that status, Location /ok.
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      res.writeHead(Number(redirect[1]), { location: '/ok' }).end('see /ok');
      return true;
    }
    switch (path) {
      case '/ok':
        res
          .writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=60' })
          .end(ROBOTS_TEXT);
        return true;
      case '/loop/a':
        res.writeHead(302, { location: '/loop/b' }).end();
        return true;
      case '/loop/b':
        res.writeHead(302, { location: '/loop/a' }).end();
        return true;
      // Relative Locations, resolved against the URL that answered (RFC 9110 §10.2.2), not the
      // first: /rel/robots.txt → /rel/a/robots.txt → /rel/b/robots.txt.
      case '/rel/robots.txt':
        res.writeHead(302, { location: 'a/robots.txt' }).end();
        return true;
      case '/rel/a/robots.txt':
        res.writeHead(302, { location: '../b/robots.txt' }).end();
        return true;
      case '/rel/b/robots.txt':
        res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TEXT);
        return true;
      case '/cross':
        res.writeHead(307, { location: `${otherBase}/robots.txt` }).end();
        return true;
      case '/no-location':
        res.writeHead(302, { 'content-type': 'text/plain' }).end('moved, but not saying where');
        return true;
      case '/cookie':
        res.writeHead(302, { location: '/ok', 'set-cookie': 'session=1; Path=/' }).end();
        return true;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/plain' });
        writeBigBody(res);
        return true;
      case '/endless': {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('User-agent: *\n');
        const timer = setInterval(() => res.write('# still here\n'), 20);
        res.on('close', () => clearInterval(timer));
        return true;
      }
      default:
        return false;
    }
  });
}

/** When the emulated browser reports a request: all before fetch resolves, or all after. */
export type EventOrder = 'chromium' | 'firefox';

/** A Response as a browser's fetch gives a redirect under redirect: 'manual': nothing readable. */
export function opaqueRedirect(): Response {
  const response = new Response(null);
  Object.defineProperties(response, {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
    url: { value: '' },
  });
  return response;
}

/**
 * The browser seam in Node, for fetchRobotsTxtInBrowser: each fetch (redirect: 'manual') is one
 * request to the real server; a redirect comes back opaque, as in a browser, and the request's
 * start, status, Location and address (127.0.0.1) are reported under one id to a real
 * RedirectWatchers, as webRequest feeds it in the extension: before fetch resolves (Chromium's
 * start) or after it (Firefox's every event).
 */
export function browserLike(
  limits: Omit<BrowserFetchOptions, 'fetch'> = {},
  order: EventOrder = 'firefox',
) {
  const watchers = new RedirectWatchers();
  let requests = 0;
  const options: BrowserFetchOptions = {
    timeoutMs: 2000,
    ...limits,
    async fetch(input, init) {
      const url = String(input);
      const requestId = String(++requests);
      const start = () => watchers.started({ requestId, url });
      if (order === 'chromium') start();
      const response = await fetch(url, { ...init, redirect: 'manual' });
      const location = response.headers.get('location');
      const redirect = [301, 302, 303, 307, 308].includes(response.status) && location !== null;
      const report = () => {
        if (order === 'firefox') start();
        watchers.headers({
          requestId,
          url,
          statusCode: response.status,
          responseHeaders: location === null ? [] : [{ name: 'Location', value: location }],
        });
        watchers.answered({ requestId, statusCode: response.status, ip: '127.0.0.1' });
      };
      setTimeout(report, 5);
      if (!redirect) return response;
      await response.body?.cancel();
      return opaqueRedirect();
    },
  };
  return { watchers, options };
}

/** A public address, as a scripted server answers from (example.com's). */
export const PUBLIC = '93.184.216.34';

/** One URL of the scripted internet: the status, where it redirects, the server's address. */
export interface ScriptedRoute {
  status: number;
  location?: string;
  ip: string;
  /** The body of a final answer (default ROBOTS_TEXT). */
  body?: string;
}

/**
 * A browser over a scripted internet: fetch (redirect: 'manual') answers each URL of `routes` (a
 * redirect opaque, as a browser's), and reports the request to the watchers in `order`, with the
 * route's address. `requested` lists the URLs asked for, in order.
 */
export function scriptedBrowser(
  routes: Record<string, ScriptedRoute>,
  order: EventOrder = 'firefox',
  /**
   * When the browser reports the request for `url` (its `attempt`th, from 1): ms after fetch
   * resolved (default 3), or null for never (a report lost, as Firefox under load may seem to).
   */
  reportMs: (url: string, attempt: number) => number | null = () => 3,
) {
  const watchers = new RedirectWatchers('moz-extension://us');
  const requested: string[] = [];
  let ids = 0;
  const fetchFn: typeof fetch = async (input, init) => {
    const url = String(input);
    expect(init?.redirect).toBe('manual');
    const route = routes[url];
    if (route === undefined) throw new TypeError(`NetworkError: ${url} unscripted`);
    requested.push(url);
    const requestId = String(++ids);
    const initiator = 'moz-extension://us/_generated_background_page.html';
    const report = () => {
      if (order === 'firefox') watchers.started({ requestId, url, initiator });
      // An empty Location scripts a redirect status without the header.
      const responseHeaders = route.location ? [{ name: 'Location', value: route.location }] : [];
      watchers.headers({ requestId, url, initiator, statusCode: route.status, responseHeaders });
      watchers.answered({ requestId, statusCode: route.status, ip: route.ip });
    };
    if (order === 'chromium') watchers.started({ requestId, url, initiator });
    const delayMs = reportMs(url, requested.filter((u) => u === url).length);
    if (delayMs !== null) setTimeout(report, delayMs);
    return route.location === undefined
      ? new Response(route.body ?? ROBOTS_TEXT, { status: route.status })
      : opaqueRedirect();
  };
  return { watchers, fetchFn, requested };
}
