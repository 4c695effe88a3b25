// Every request `audit` and `check` make, against one loopback server (issue 41): the one
// private-network rule for every page audit requests, from any source, with or without
// --ignore-robots (item 1), and the tool's own User-Agent on every request (item 4). A lookup
// hook over node:dns makes `public.test` public (93.184.216.34) and `lan.test` a LAN name (it
// answers 127.0.0.1); `public.test` is requested as 127.0.0.1 by a stub of fetch, as a hosts file
// would, so nothing is ever sent to the public address the hook names.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { defaultUserAgent } from '../../cli/audit.ts';
import pkg from '../../package.json';
import { hookLookup } from '../fixtures/lookup-hook.ts';
import { type RouteServer, startRouteServer, urlset } from '../fixtures/route-server.ts';
import { runMain } from './in-process.ts';

const NAMES: Record<string, string> = { 'public.test': '93.184.216.34', 'lan.test': '127.0.0.1' };

let server: RouteServer;
/** The User-Agent of every request, by path, in order. */
const agents: [string, string][] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startRouteServer();
  const html =
    (body: string) =>
    (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => {
      agents.push([request.url ?? '', request.headers['user-agent'] ?? '']);
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    };
  const text =
    (type: string, body: string) =>
    (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => {
      agents.push([request.url ?? '', request.headers['user-agent'] ?? '']);
      response.writeHead(200, { 'content-type': type }).end(body);
    };
  const on = (host: string, path: string) => `http://${host}:${server.port}${path}`;
  server.routes.set('/robots.txt', text('text/plain', 'User-agent: *\nDisallow: /private/\n'));
  server.routes.set(
    '/sitemap.xml',
    text(
      'application/xml',
      urlset(
        on('127.0.0.1', '/a'),
        on('lan.test', '/b'),
        on('localhost', '/c'),
        on('public.test', '/d'),
      ),
    ),
  );
  server.routes.set('/own.xml', text('application/xml', urlset(on('127.0.0.1', '/page'))));
  for (const path of ['/a', '/b', '/c', '/d']) server.routes.set(path, html('<title>x</title>'));
  server.routes.set('/page', html(`<link rel="canonical" href="${on('127.0.0.1', '/canon')}">`));
  server.routes.set('/canon', html('<title>c</title>'));
});
afterAll(() => server.close());

beforeEach(() => {
  agents.length = 0;
  server.asked.length = 0;
  hookLookup((host) => NAMES[host] ?? (host === 'localhost' ? '127.0.0.1' : null));
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.hostname === 'public.test') url.hostname = '127.0.0.1';
    return realFetch(url, init);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const records = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map(
      (l) =>
        JSON.parse(l) as { url: string; state: string; reasons: string[]; ignoredRobots?: true },
    );

const PRIVATE_WORDS =
  'not requested: a public sitemap leads to this URL in a private network (this machine or a local network), which a crawler on the internet cannot reach, with or without --ignore-robots: whether it can be indexed or its links followed is unknown';

describe('item 1: a public sitemap never makes audit request a private address', () => {
  // io/follow-redirects.ts privateNetworkRule: a URL a public address leads to (a <loc>) is never
  // requested in a private network; the user's own URL is requested wherever it is.
  const cases = [
    { name: 'with --ignore-robots', flags: ['--ignore-robots'] },
    { name: 'without it', flags: [] },
  ];
  test.each(cases)(
    '$name: 127.0.0.1, a LAN name and localhost are not asked',
    async ({ flags }) => {
      const sitemap = `http://public.test:${server.port}/sitemap.xml`;
      const r = await runMain([
        'audit',
        '--sitemap',
        sitemap,
        '--format',
        'jsonl',
        '--agent',
        'X',
        ...flags,
      ]);
      // The sitemap and the public site's own robots.txt and page: nothing else.
      expect(server.asked.sort()).toEqual(['/d', '/robots.txt', '/sitemap.xml']);
      const got = records(r.stdout);
      // Their robots.txt is not requested either: every robot is blocked (as on the internet).
      expect(got.map((x) => x.state)).toEqual(['blocked', 'blocked', 'blocked', 'indexable']);
      for (const record of got.slice(0, 3)) {
        expect(record.ignoredRobots).toBeUndefined();
        if (flags.length > 0) expect(record.reasons).toContain(PRIVATE_WORDS);
      }
    },
  );

  test("the user's own sitemap on 127.0.0.1 leads within it: its page and canonical are asked", async () => {
    const r = await runMain([
      'audit',
      '--sitemap',
      `http://127.0.0.1:${server.port}/own.xml`,
      '--format',
      'jsonl',
      '--agent',
      'X',
    ]);
    expect(records(r.stdout).map((x) => x.state)).toEqual(['canonicalised']);
    expect(server.asked.sort()).toEqual(['/canon', '/own.xml', '/page', '/robots.txt']);
  });
});

describe("item 4: every request carries the tool's User-Agent", () => {
  const own = defaultUserAgent(pkg.version);
  const cases = [
    {
      name: 'audit, default',
      argv: ['audit', '--sitemap', `http://127.0.0.1:PORT/own.xml`, '--format', 'jsonl'],
      agent: own,
    },
    {
      name: 'audit --user-agent',
      argv: [
        'audit',
        '--sitemap',
        `http://127.0.0.1:PORT/own.xml`,
        '--format',
        'jsonl',
        '--user-agent',
        'Mine/1.0',
      ],
      agent: 'Mine/1.0',
    },
    {
      name: 'check --sitemap',
      argv: ['check', '--sitemap', `http://127.0.0.1:PORT/own.xml`, '--format', 'jsonl'],
      agent: own,
    },
    {
      name: 'check --robots URL',
      argv: ['check', '--robots', `http://127.0.0.1:PORT/robots.txt`, '--format', 'jsonl', '/x'],
      agent: own,
    },
  ];
  test.each(cases)('$name', async ({ argv, agent }) => {
    await runMain(argv.map((a) => a.replace('PORT', String(server.port))));
    expect(agents.length).toBeGreaterThan(0);
    expect(agents.filter(([, ua]) => ua !== agent)).toEqual([]);
  });
});
