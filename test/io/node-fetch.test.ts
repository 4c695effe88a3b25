// The connection's own address against the private-network rule, in Node (issue 41, item 2: DNS
// rebinding). The rule resolves a name a public address leads to before asking it; the connection
// resolves it again (io/node-fetch.ts), and that second answer is checked too. Everything stays on
// loopback: one server on 127.0.0.1; a lookup hook over node:dns (both its callback and promise
// forms, one count per name) gives each `.test` name its answers in turn, the last one repeated;
// `public.test` is requested as 127.0.0.1 (a stub of fetch, as a hosts file would), so no
// connection is ever made to the public address the hook names.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { fetchForAudit } from '../../io/fetch-audit-page.ts';
import { fetchRobotsTxtInNode } from '../../io/fetch-robots-node.ts';
import { heldOrigins, NODE_REDIRECTS, nodeFetch } from '../../io/node-fetch.ts';
import { sitemapEntries } from '../../io/sitemap-urls.ts';
import type { SitemapProblem } from '../../src/sitemap-problem.ts';
import { hookLookup } from '../fixtures/lookup-hook.ts';
import {
  type RouteServer,
  sitemapIndex,
  startRouteServer,
  urlset,
} from '../fixtures/route-server.ts';

const PUBLIC = '93.184.216.34';
const LOOPBACK = '127.0.0.1';

/** Each name's answers in turn (the last repeated); any other name fails as unknown. */
let answers: Record<string, string[]> = {};
const calls: Record<string, number> = {};

function answerFor(host: string): string | null {
  const list = answers[host];
  if (list === undefined) return null;
  const n = calls[host] ?? 0;
  calls[host] = n + 1;
  return list[Math.min(n, list.length - 1)] ?? null;
}

let server: RouteServer;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startRouteServer();
});
afterAll(() => server.close());

beforeEach(() => {
  server.asked.length = 0;
  for (const key of Object.keys(calls)) delete calls[key];
  hookLookup(answerFor);
  // public.test is served by the local server: its requests go to 127.0.0.1.
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.hostname === 'public.test') url.hostname = LOOPBACK;
    return realFetch(url, init);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  answers = {};
});

const on = (host: string, path: string) => `http://${host}:${server.port}${path}`;

interface Case {
  name: string;
  /** Each name's answers in turn: the rule's lookup first, then the connection's. */
  answers: Record<string, string[]>;
  /** What is fetched, and what it came to, in a word. */
  run: () => Promise<string>;
  outcome: string;
  /** Paths the server was asked for. */
  asked: string[];
}

const robots = async (url: string, ledFrom?: string) => {
  const facts = await fetchRobotsTxtInNode(url, ledFrom === undefined ? {} : { ledFrom });
  return facts.kind === 'response' ? `response ${facts.status}` : facts.kind;
};
const page = async (url: string, ledFrom?: string) => {
  const { fetched } = await fetchForAudit(url, {
    fetch: nodeFetch,
    redirects: NODE_REDIRECTS,
    userAgent: 'test',
    ...(ledFrom === undefined ? {} : { ledFrom }),
  });
  if (fetched.kind === 'answer') return `answer ${fetched.response.status}`;
  return `${fetched.kind} ${fetched.why ?? ''}`.trim();
};

const CASES: Case[] = [
  {
    name: 'a redirect from a public site to a name that answers public, then 127.0.0.1',
    answers: { 'public.test': [PUBLIC], 'rebind.test': [PUBLIC, LOOPBACK] },
    run: () => robots(on('public.test', '/hop')),
    outcome: 'private-address',
    asked: ['/hop'],
  },
  {
    name: "a public sitemap's robots.txt on a name that answers public, then 127.0.0.1",
    answers: { 'public.test': [PUBLIC], 'rebind.test': [PUBLIC, LOOPBACK] },
    run: () => robots(on('rebind.test', '/robots.txt'), on('public.test', '/sitemap.xml')),
    outcome: 'private-address',
    asked: [],
  },
  {
    name: "a public sitemap's page on a name that answers public, then 127.0.0.1 (audit)",
    answers: { 'public.test': [PUBLIC], 'rebind.test': [PUBLIC, LOOPBACK] },
    run: () => page(on('rebind.test', '/page'), on('public.test', '/sitemap.xml')),
    outcome: 'not-fetched private-address',
    asked: [],
  },
  {
    name: 'control: the user’s own URL on a name in a private network is requested',
    answers: { 'rebind.test': [LOOPBACK] },
    run: () => robots(on('rebind.test', '/robots.txt')),
    outcome: 'response 200',
    asked: ['/robots.txt'],
  },
  {
    name: 'control: a private sitemap may lead within its network, both answers private',
    answers: { 'intranet.test': [LOOPBACK], 'rebind.test': [LOOPBACK] },
    run: () => page(on('rebind.test', '/page'), on('intranet.test', '/sitemap.xml')),
    outcome: 'answer 200',
    asked: ['/page'],
  },
];

describe('the connection checks the address it connects to (issue 41, item 2)', () => {
  beforeAll(() => {
    server.serve('/robots.txt', 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' });
    server.serve('/page', '<title>p</title>', { 'content-type': 'text/html' });
    server.routes.set('/hop', (_request, response) => {
      response.writeHead(301, { location: on('rebind.test', '/robots.txt') }).end();
    });
  });

  test.each(CASES)('$name', async (c) => {
    answers = c.answers;
    expect(await c.run()).toBe(c.outcome);
    expect(server.asked).toEqual(c.asked);
  });

  test("a public index's child on a name that answers public, then 127.0.0.1: not asked", async () => {
    answers = { 'public.test': [PUBLIC], 'rebind.test': [PUBLIC, LOOPBACK] };
    server.serve('/index.xml', sitemapIndex(on('rebind.test', '/child.xml')));
    server.serve('/child.xml', urlset(on('rebind.test', '/a')));
    const problems: SitemapProblem[] = [];
    const urls: string[] = [];
    for await (const entry of sitemapEntries(on('public.test', '/index.xml'), {
      onProblem: (p) => problems.push(p),
    }))
      urls.push(entry.url);
    expect(urls).toEqual([]);
    expect(problems.map((p) => p.code)).toEqual(['private-address']);
    expect(server.asked).toEqual(['/index.xml']);
  });
});

describe('memory follows the requests under way, not the hosts seen (issue 41, item 3)', () => {
  // Node's global dispatcher kept a pool per origin for the life of the process (20,000 hosts:
  // 946 MB for check); npm run bench:hosts measures the binary, this the bound itself.
  test('200 distinct hosts, each kept alive by the server: at most 64 pools a dispatcher are held', async () => {
    server.serve('/robots.txt', 'User-agent: *\nAllow: /\n', { 'content-type': 'text/plain' });
    answers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`h${i}.test`, [LOOPBACK]]));
    for (let i = 0; i < 200; i += 8)
      await Promise.all(
        Array.from({ length: 8 }, (_, j) => robots(on(`h${i + j}.test`, '/robots.txt'))),
      );
    expect(server.asked).toHaveLength(200);
    expect(heldOrigins()).toBeLessThanOrEqual(2 * 64); // 64 for each of the two dispatchers
  });
});
