import { describe, expect, test } from 'vitest';
import { OriginCache } from '../../background/origin-cache.ts';
import { RobotsReports } from '../../background/robots-reports.ts';
import { SettingsService } from '../../background/settings-service.ts';
import { SettingsStore } from '../../background/settings-store.ts';
import { VersionStore } from '../../background/version-store.ts';
import { ParsedFiles } from '../../src/parsed-files.ts';
import {
  CACHE_FLOOR_MS,
  MAX_CACHE_MS,
  type ObservedFacts,
  UNREPORTED_RETRY_MS,
} from '../../src/policy.ts';
import { chromiumStorage } from '../fixtures/chromium-storage.ts';
import { memoryStorage } from '../fixtures/storage.ts';

const A = 'https://a.test';
const HOUR = 3_600_000;
const START = 1_700_000_000_000;

/** A 200 (or other status) response with a body, as the browser's fetch reports it. */
function response(
  text: string,
  options: { status?: number; cacheControl?: string | null; url?: string } = {},
): ObservedFacts {
  return {
    kind: 'response',
    status: options.status ?? 200,
    url: options.url ?? `${A}/robots.txt`,
    redirects: [],
    contentType: 'text/plain',
    cacheControl: options.cacheControl ?? null,
    text,
    bytes: text.length,
    truncated: false,
  };
}

/** The network: each robots.txt URL answers with its current facts; every request recorded. */
function fakeNetwork() {
  const answers = new Map<string, ObservedFacts>();
  const requests: string[] = [];
  let held: Promise<void> | null = null;
  return {
    requests,
    /** Holds every answer until the returned function runs. */
    hold(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    /** What the origin's /robots.txt answers from now on. */
    serve(origin: string, facts: ObservedFacts) {
      answers.set(`${origin}/robots.txt`, facts);
    },
    fetchRobots: async (url: string): Promise<ObservedFacts> => {
      requests.push(url);
      await held;
      return answers.get(url) ?? { kind: 'network-error', message: 'no route', redirects: [] };
    },
  };
}

/** A background's reports; pass the storage of an earlier one to start a worker afresh over it. */
function setup(
  stored: { local: ReturnType<typeof memoryStorage>; session: ReturnType<typeof memoryStorage> } = {
    local: memoryStorage(),
    session: memoryStorage(),
  },
) {
  let now = START;
  const clock = () => now;
  const { local, session } = stored;
  const network = fakeNetwork();
  const settings = new SettingsService(new SettingsStore(memoryStorage(), memoryStorage()));
  const parsedFiles = new ParsedFiles();
  const reports = new RobotsReports({
    stores: {
      normal: { cache: new OriginCache(local, clock), versions: new VersionStore(local, clock) },
      private: {
        cache: new OriginCache(session, clock),
        versions: new VersionStore(session, clock),
      },
    },
    fetchRobots: network.fetchRobots,
    settings,
    parsedFiles,
    now: clock,
  });
  return {
    reports,
    network,
    settings,
    parsedFiles,
    local,
    session,
    /** Moves the clock on by `ms`. */
    later(ms: number) {
      now += ms;
    },
    now: () => now,
  };
}

/** The version before a report's file, as robotsText sends it with the text. */
const previousOf = async (
  reports: RobotsReports,
  fetched: { fetchedAt: number },
  incognito = false,
): Promise<string | null> =>
  (await reports.file(A, incognito, fetched.fetchedAt))?.previousText ?? null;

const keysOf = (storage: { data: Map<string, unknown> }) => [...storage.data.keys()].sort();

describe('RobotsReports.report: fetching and caching', () => {
  test('fetches the origin’s /robots.txt once and serves the cache until it expires', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('User-agent: *\nDisallow: /private\n'));
    const first = await reports.report(A, false, false);
    expect(first).toMatchObject({
      origin: A,
      fetchedAt: START,
      expiresAt: START + MAX_CACHE_MS,
      fromCache: false,
      changed: false,
      outcome: { kind: 'ok', status: 200, text: 'User-agent: *\nDisallow: /private\n' },
    });
    later(MAX_CACHE_MS - 1);
    const cached = await reports.report(A, false, false);
    expect(cached).toEqual({ ...first, fromCache: true });
    expect(network.requests).toEqual([`${A}/robots.txt`]);
    later(1);
    const refetched = await reports.report(A, false, false);
    expect(refetched).toMatchObject({ fromCache: false, fetchedAt: START + MAX_CACHE_MS });
    expect(network.requests).toEqual([`${A}/robots.txt`, `${A}/robots.txt`]);
  });

  test('origins with a port fetch from that port', async () => {
    const { reports, network } = setup();
    await reports.report('http://localhost:8080', false, false);
    expect(network.requests).toEqual(['http://localhost:8080/robots.txt']);
  });

  test('force fetches again while the cache is fresh', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('User-agent: *\nDisallow:\n'));
    await reports.report(A, false, false);
    later(1_000);
    const forced = await reports.report(A, false, true);
    expect(forced).toMatchObject({ fromCache: false, fetchedAt: START + 1_000 });
    expect(network.requests).toHaveLength(2);
    // The forced fetch is the one cached now.
    expect(await reports.report(A, false, false)).toMatchObject({
      fromCache: true,
      fetchedAt: START + 1_000,
    });
    expect(network.requests).toHaveLength(2);
  });

  test('concurrent reports for one origin share one fetch', async () => {
    const { reports, network } = setup();
    network.serve(A, response('User-agent: *\nDisallow:\n'));
    await Promise.all([1, 2, 3].map(() => reports.report(A, false, false)));
    expect(network.requests).toEqual([`${A}/robots.txt`]);
  });

  test('private windows use the private stores and never write the normal storage', async () => {
    const { reports, network, local, session } = setup();
    network.serve(A, response('old'));
    await reports.report(A, true, false);
    network.serve(A, response('new'));
    const changed = await reports.report(A, true, true);
    expect(await previousOf(reports, changed, true)).toBe('old');
    expect(local.data.size).toBe(0);
    expect(keysOf(session)).toEqual([
      'robots-index',
      'robots-version-index',
      `robots-version:${A}`,
      `robots:${A}`,
    ]);
    // The normal window has its own cache: it fetches, and has seen no earlier version.
    const normal = await reports.report(A, false, false);
    expect(normal).toMatchObject({ fromCache: false, changed: false });
    expect(network.requests).toHaveLength(3);
  });

  test('a normal window’s fetch is not served to a private one', async () => {
    const { reports, network, session } = setup();
    network.serve(A, response('text'));
    await reports.report(A, false, false);
    expect(session.data.size).toBe(0);
    expect(await reports.report(A, true, false)).toMatchObject({ fromCache: false });
    expect(network.requests).toHaveLength(2);
  });

  // Two tabs loading two sites at once: both entries stay indexed, so both are cleared.
  test('reports for two sites at once are both cleared', async () => {
    const { reports, network, local } = setup();
    network.serve(A, response('a'));
    network.serve('https://b.test', response('b'));
    await Promise.all([
      reports.report(A, false, false),
      reports.report('https://b.test', false, false),
    ]);
    expect(await reports.clear()).toBe(2);
    expect(local.data.size).toBe(0);
  });
});

describe('RobotsReports.report: previous versions', () => {
  test('null on the first fetch, the old text after a change, kept when served from cache', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('old'));
    expect(await previousOf(reports, await reports.report(A, false, false))).toBeNull();
    network.serve(A, response('new'));
    later(MAX_CACHE_MS);
    const changed = await reports.report(A, false, false);
    expect(changed).toMatchObject({ fromCache: false, changed: true });
    expect(await previousOf(reports, changed)).toBe('old');
    later(HOUR);
    const cached = await reports.report(A, false, false);
    expect(cached).toMatchObject({ fromCache: true, changed: true });
    expect(await previousOf(reports, cached)).toBe('old');
  });

  test('how much a change matters, for the badge (issue 16, item 3), kept with the cache entry', async () => {
    const { reports, network, later } = setup();
    const base = 'User-agent: *\nDisallow: /private/\n';
    network.serve(A, response(base));
    expect(await reports.report(A, false, false)).toMatchObject({ changed: false });
    // A comment only: information.
    network.serve(A, response(`# edited\n${base}`));
    later(MAX_CACHE_MS);
    expect(await reports.report(A, false, false)).toMatchObject({
      changed: true,
      changeSeverity: 'info',
    });
    // The critical case: a new block on / for every robot.
    network.serve(A, response('User-agent: *\nDisallow: /\n'));
    later(MAX_CACHE_MS);
    expect(await reports.report(A, false, false)).toMatchObject({
      changed: true,
      changeSeverity: 'critical',
    });
    // Served from the cache (storage read again by a worker started afresh): still critical.
    later(HOUR);
    expect(await reports.report(A, false, false)).toMatchObject({
      fromCache: true,
      changeSeverity: 'critical',
    });
  });

  test('a manual refresh keeps the previous version when it changed', async () => {
    // old → new → new again: the popup still shows what changed.
    const { reports, network, later } = setup();
    network.serve(A, response('old'));
    await reports.report(A, false, false);
    network.serve(A, response('new'));
    later(60_000);
    expect(await previousOf(reports, await reports.report(A, false, true))).toBe('old');
    later(60_000);
    expect(await previousOf(reports, await reports.report(A, false, true))).toBe('old');
    expect(network.requests).toHaveLength(3);
  });

  test('an unchanged file after expiry has no previous version', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('same'));
    await reports.report(A, false, false);
    later(MAX_CACHE_MS);
    expect(await reports.report(A, false, false)).toMatchObject({
      fromCache: false,
      changed: false,
    });
  });

  const failures: { name: string; facts: ObservedFacts; kind: 'unavailable' | 'unreachable' }[] = [
    { name: '404', facts: response('<h1>Not found</h1>', { status: 404 }), kind: 'unavailable' },
    { name: '410', facts: response('', { status: 410 }), kind: 'unavailable' },
    { name: '503', facts: response('busy', { status: 503 }), kind: 'unreachable' },
    { name: '429', facts: response('slow down', { status: 429 }), kind: 'unreachable' },
    { name: 'timeout', facts: { kind: 'timeout', redirects: [] }, kind: 'unreachable' },
    {
      name: 'network error',
      facts: { kind: 'network-error', message: 'dns', redirects: [] },
      kind: 'unreachable',
    },
    {
      name: 'too many redirects',
      facts: { kind: 'too-many-redirects', redirects: [] },
      kind: 'unavailable',
    },
    { name: 'redirect loop', facts: { kind: 'redirect-loop', redirects: [] }, kind: 'unavailable' },
  ];
  for (const { name, facts, kind } of failures) {
    test(`${name} after an ok file: ${kind}, no previous text, no verdicts`, async () => {
      const { reports, network, later } = setup();
      network.serve(A, response('User-agent: *\nDisallow: /\n'));
      await reports.report(A, false, false);
      network.serve(A, facts);
      later(MAX_CACHE_MS);
      const failed = await reports.report(A, false, false);
      expect(failed.outcome.kind).toBe(kind);
      expect(await previousOf(reports, failed)).toBeNull();
      expect(reports.parsed(failed)).toBeNull();
      expect(reports.verdicts(failed, `${A}/x`, ['Googlebot', 'GPTBot'])).toEqual([]);
    });
  }
});

describe('RobotsReports.report: expiry', () => {
  const cases: {
    name: string;
    facts: ObservedFacts;
    lifetimeMs: number | null;
    expiresInMs: number;
  }[] = [
    {
      name: 'no Cache-Control: 24 hours',
      facts: response('x'),
      lifetimeMs: null,
      expiresInMs: MAX_CACHE_MS,
    },
    {
      name: 'max-age shorter than a day',
      facts: response('x', { cacheControl: 'public, max-age=600' }),
      lifetimeMs: null,
      expiresInMs: 600_000,
    },
    {
      name: 'max-age longer than a day: 24 hours',
      facts: response('x', { cacheControl: 'max-age=604800' }),
      lifetimeMs: null,
      expiresInMs: MAX_CACHE_MS,
    },
    {
      name: 'no-store: kept 5 minutes, the floor (issue 15, item 4)',
      facts: response('x', { cacheControl: 'no-store' }),
      lifetimeMs: null,
      expiresInMs: CACHE_FLOOR_MS,
    },
    {
      name: 'the settings’ lifetime, no Cache-Control',
      facts: response('x'),
      lifetimeMs: HOUR,
      expiresInMs: HOUR,
    },
    {
      name: 'the settings’ lifetime shorter than max-age',
      facts: response('x', { cacheControl: 'max-age=7200' }),
      lifetimeMs: HOUR,
      expiresInMs: HOUR,
    },
    {
      name: 'max-age shorter than the settings’ lifetime, under the floor: the floor',
      facts: response('x', { cacheControl: 'max-age=60' }),
      lifetimeMs: HOUR,
      expiresInMs: CACHE_FLOOR_MS,
    },
    {
      name: 'Cache-Control of an error response counts too',
      facts: response('', { status: 404, cacheControl: 'max-age=600' }),
      lifetimeMs: null,
      expiresInMs: 600_000,
    },
    {
      name: 'a timeout: the settings’ lifetime',
      facts: { kind: 'timeout', redirects: [] },
      lifetimeMs: 2 * HOUR,
      expiresInMs: 2 * HOUR,
    },
    {
      name: 'a hop the browser never reported: a minute, not a day (issue 41)',
      facts: { kind: 'hop-unreported', url: `${A}/robots.txt`, redirects: [] },
      lifetimeMs: null,
      expiresInMs: UNREPORTED_RETRY_MS,
    },
  ];
  for (const { name, facts, lifetimeMs, expiresInMs } of cases) {
    test(name, async () => {
      const { reports, network, settings } = setup();
      if (lifetimeMs !== null) {
        expect((await settings.set({ cacheLifetimeMs: lifetimeMs })).ok).toBe(true);
      }
      network.serve(A, facts);
      const fetched = await reports.report(A, false, false);
      expect(fetched.expiresAt - fetched.fetchedAt).toBe(expiresInMs);
    });
  }

  test('a hop never reported is no answer: not stored, no version, asked again after a minute', async () => {
    // Issue 41: the browser not telling where robots.txt redirects said nothing of the file. It
    // must not replace the stored answer, nor become a version of the file's history.
    const { reports, network, local, later } = setup();
    network.serve(A, response('User-agent: *\nDisallow: /a\n'));
    const first = await reports.report(A, false, false);
    const stored = structuredClone([...local.data]);
    later(MAX_CACHE_MS);
    network.serve(A, { kind: 'hop-unreported', url: `${A}/robots.txt`, redirects: [] });
    const unknown = await reports.report(A, false, false);
    expect(unknown.outcome).toMatchObject({ kind: 'unknown', reason: 'hop-unreported' });
    expect(unknown.changed).toBe(false);
    expect([...local.data]).toEqual(stored);
    later(1000);
    expect((await reports.report(A, false, false)).fromCache).toBe(true);
    expect(network.requests).toHaveLength(2);
    later(UNREPORTED_RETRY_MS);
    network.serve(A, response('User-agent: *\nDisallow: /a\n'));
    const again = await reports.report(A, false, false);
    expect(network.requests).toHaveLength(3);
    expect(again.outcome.kind).toBe('ok');
    expect(again.changed).toBe(false);
    expect(await previousOf(reports, again)).toBeNull();
    expect(first.outcome.kind).toBe('ok');
  });

  // Issue 15, item 4: an origin asking not to be cached was fetched again by every page load,
  // pushState and popup (89 GETs for 499 pushState calls in 10 s).
  const NOT_CACHED: [string, string, string][] = [
    ['no-store', 'no-store', 'RFC 9111 §5.2.2.5'],
    ['no-cache', 'no-cache', 'RFC 9111 §5.2.2.4'],
    ['max-age=0', 'max-age-0', 'RFC 9111 §5.2.2.1'],
  ];
  for (const [header, request, source] of NOT_CACHED) {
    test(`${header} (${source}): 100 reports within 10 s make one fetch, said as such`, async () => {
      const { reports, network, later } = setup();
      network.serve(A, response('x', { cacheControl: header }));
      for (let i = 0; i < 100; i++) {
        const fetched = await reports.report(A, false, false);
        expect(fetched.cacheRequest).toBe(request);
        later(100);
      }
      expect(network.requests).toHaveLength(1);
    });
  }

  test('one page load is one GET: two reports one second apart, no-store', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('x', { cacheControl: 'no-store' }));
    await reports.report(A, false, false);
    later(1000);
    const second = await reports.report(A, false, false);
    expect(network.requests).toHaveLength(1);
    expect(second.fromCache).toBe(true);
  });

  test('past the floor, a no-store file is fetched again', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('x', { cacheControl: 'no-store' }));
    await reports.report(A, false, false);
    later(CACHE_FLOOR_MS);
    await reports.report(A, false, false);
    expect(network.requests).toHaveLength(2);
  });

  test('the refresh button (force) fetches anew within the floor', async () => {
    const { reports, network, later } = setup();
    network.serve(A, response('x', { cacheControl: 'no-store' }));
    await reports.report(A, false, false);
    later(1000);
    const refreshed = await reports.report(A, false, true);
    expect(network.requests).toHaveLength(2);
    expect(refreshed.fromCache).toBe(false);
  });

  test('the server’s request survives a worker started afresh (read from storage)', async () => {
    const first = setup();
    first.network.serve(A, response('x', { cacheControl: 'no-cache' }));
    await first.reports.report(A, false, false);
    const second = setup({ local: first.local, session: first.session });
    const cached = await second.reports.report(A, false, false);
    expect(cached.fromCache).toBe(true);
    expect(cached.cacheRequest).toBe('no-cache');
  });

  test('no Cache-Control: nothing to say', async () => {
    const { reports, network } = setup();
    network.serve(A, response('x'));
    expect((await reports.report(A, false, false)).cacheRequest).toBeNull();
  });
});

describe('RobotsReports: verdicts and parsing', () => {
  const TEXT = [
    'User-agent: GPTBot',
    'Disallow: /',
    '',
    'User-agent: *',
    'Disallow: /private',
    'Allow: /private/open',
  ].join('\n');

  const cases: {
    url: string;
    verdicts: [robot: string, allowed: boolean, line: number | null][];
  }[] = [
    {
      url: `${A}/private/x`,
      verdicts: [
        ['Googlebot', false, 5],
        ['GPTBot', false, 2],
        ['MyBot', false, 5],
      ],
    },
    {
      url: `${A}/private/open/page`,
      verdicts: [
        ['Googlebot', true, 6],
        ['GPTBot', false, 2],
        ['MyBot', true, 6],
      ],
    },
    {
      url: `${A}/public`,
      verdicts: [
        ['Googlebot', true, null],
        ['GPTBot', false, 2],
        ['MyBot', true, null],
      ],
    },
  ];
  for (const { url, verdicts } of cases) {
    test(`verdicts at ${url.slice(A.length)}, in the robot list’s order`, async () => {
      const { reports, network } = setup();
      network.serve(A, response(TEXT));
      const fetched = await reports.report(A, false, false);
      const got = reports.verdicts(fetched, url, ['Googlebot', 'GPTBot', 'MyBot']);
      expect(got.map((v) => [v.robot, v.verdict.allowed, v.verdict.rule?.line ?? null])).toEqual(
        verdicts,
      );
    });
  }

  test('an empty robot list has no verdicts', async () => {
    const { reports, network } = setup();
    network.serve(A, response(TEXT));
    expect(reports.verdicts(await reports.report(A, false, false), `${A}/`, [])).toEqual([]);
  });

  test('parsed() uses the one ParsedFiles: the same object for the same text', async () => {
    const { reports, network, parsedFiles } = setup();
    network.serve(A, response(TEXT));
    const fetched = await reports.report(A, false, false);
    const parsed = reports.parsed(fetched);
    expect(parsed).not.toBeNull();
    expect(reports.parsed(fetched)).toBe(parsed);
    // A later report from the cache is another object with the same text: the same parse.
    const cached = await reports.report(A, false, false);
    expect(cached).not.toBe(fetched);
    expect(reports.parsed(cached)).toBe(parsed);
    expect(parsedFiles.get(TEXT)).toBe(parsed);
    expect(parsedFiles.size).toBe(1);
  });
});

describe('RobotsReports: clear and purge', () => {
  test('clear empties both caches and the versions; returns the normal cache’s count', async () => {
    const { reports, network, local, session } = setup();
    for (const origin of [A, 'https://b.test']) {
      network.serve(origin, response(`v1 of ${origin}`));
      await reports.report(origin, false, false);
    }
    network.serve(A, response('private'));
    await reports.report(A, true, false);
    expect(await reports.clear()).toBe(2);
    expect(local.data.size).toBe(0);
    expect(session.data.size).toBe(0);
    // Nothing remembered: fetched again, no previous version.
    network.serve(A, response('v2'));
    expect(await reports.report(A, false, false)).toMatchObject({
      fromCache: false,
      changed: false,
    });
  });

  test('clearPrivate empties the private cache and versions only; returns their count', async () => {
    const { reports, network, local, session } = setup();
    network.serve(A, response('v1'));
    await reports.report(A, false, false);
    await reports.report(A, true, false);
    network.serve('https://b.test', response('b'));
    await reports.report('https://b.test', true, false);
    // Other services' keys in storage.session (page headers, errors) are not the reports'.
    await session.set({ 'page-headers:3': { url: `${A}/` } });
    const normalBefore = structuredClone([...local.data]);
    expect(await reports.clearPrivate()).toBe(2);
    expect([...local.data]).toEqual(normalBefore);
    expect(keysOf(session)).toEqual(['page-headers:3']);
    // The private window starts afresh: fetched again, no previous version.
    network.serve(A, response('v2'));
    expect(await reports.report(A, true, false)).toMatchObject({
      fromCache: false,
      changed: false,
    });
    // The normal window still serves its cache.
    expect(await reports.report(A, false, false)).toMatchObject({ fromCache: true });
  });

  test('a private fetch still running when the last private window closes writes nothing after', async () => {
    // Issue 15, item 8: before, the fetch wrote its entry and version into the emptied store.
    const { reports, network, session } = setup();
    network.serve(A, response('private'));
    const release = network.hold();
    const running = reports.report(A, true, false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(network.requests).toEqual([`${A}/robots.txt`]);
    expect(await reports.clearPrivate()).toBe(0);
    release();
    expect(await running).toMatchObject({ fromCache: false, outcome: { kind: 'ok' } });
    expect(keysOf(session)).toEqual([]);
    // The next private report fetches afresh.
    expect(await reports.report(A, true, false)).toMatchObject({ fromCache: false });
    expect(keysOf(session).length).toBeGreaterThan(0);
  });

  test('purgeExpired drops expired entries in both kinds of window and keeps the versions', async () => {
    const { reports, network, local, session, later } = setup();
    network.serve(A, response('old', { cacheControl: 'max-age=600' }));
    await reports.report(A, false, false);
    await reports.report(A, true, false);
    network.serve('https://b.test', response('b'));
    await reports.report('https://b.test', false, false);
    later(600_000);
    await reports.purgeExpired();
    expect(keysOf(local)).toEqual([
      'robots-index',
      'robots-version-index',
      `robots-version:${A}`,
      'robots-version:https://b.test',
      'robots:https://b.test',
    ]);
    expect(keysOf(session)).toEqual([
      'robots-index',
      'robots-version-index',
      `robots-version:${A}`,
    ]);
    network.serve(A, response('new'));
    expect(await reports.report(A, false, false)).toMatchObject({
      fromCache: false,
      changed: true,
    });
  });
});

describe('RobotsReports.report: what a popup opening on a cached file reads', () => {
  /** Counts reads of cache and version keys (they hold whole files: up to 500 KiB each). */
  function countFileReads(storage: ReturnType<typeof memoryStorage>) {
    const reads: string[] = [];
    const get = storage.get.bind(storage);
    storage.get = async (keys) => {
      for (const k of Array.isArray(keys) ? keys : [keys])
        if (k.startsWith('robots:') || k.startsWith('robots-version:')) reads.push(k);
      return get(keys);
    };
    return reads;
  }

  test('the worker that fetched the file reads no storage when the popup opens again', async () => {
    const { reports, network, local, later } = setup();
    network.serve(A, response('old'));
    await reports.report(A, false, false);
    network.serve(A, response('new'));
    await reports.report(A, false, true);
    const reads = countFileReads(local);
    later(60_000);
    const cached = await reports.report(A, false, false);
    expect(cached).toMatchObject({ fromCache: true, changed: true });
    expect(await reports.file(A, false, cached.fetchedAt)).toEqual({
      text: 'new',
      previousText: 'old',
    });
    expect(reads).toEqual([]);
  });

  test('a worker started afresh: the report reads the file once, never its versions', async () => {
    const first = setup();
    first.network.serve(A, response('old'));
    await first.reports.report(A, false, false);
    const unchanged = setup({ local: first.local, session: first.session });
    const reads = countFileReads(first.local);
    const report = await unchanged.reports.report(A, false, false);
    await unchanged.reports.report(A, false, false);
    expect(reads).toEqual([`robots:${A}`]);
    // The text (robotsText) of an unchanged file reads no version either.
    expect(await unchanged.reports.file(A, false, report.fetchedAt)).toEqual({
      text: 'old',
      previousText: null,
    });
    expect(reads).toEqual([`robots:${A}`]);

    first.network.serve(A, response('new'));
    await first.reports.report(A, false, true);
    const changed = setup({ local: first.local, session: first.session });
    reads.length = 0;
    const fresh = await changed.reports.report(A, false, false);
    expect(fresh).toMatchObject({ fromCache: true, changed: true });
    expect(reads).toEqual([`robots:${A}`]);
    expect(await changed.reports.file(A, false, fresh.fetchedAt)).toEqual({
      text: 'new',
      previousText: 'old',
    });
    expect(reads).toEqual([`robots:${A}`, `robots-version:${A}`]);
    // Another fetch time is not this file: null, and the popup asks for the report again.
    expect(await changed.reports.file(A, false, fresh.fetchedAt - 1)).toBeNull();
  });
});

describe('RobotsReports.report: storage refusing writes (issue 15, item 6)', () => {
  // Chromium answers a full storage.local with "QUOTA_BYTES quota exceeded"; the popup showed it.
  test('every write refused: the fresh report, uncached, with its text and no error', async () => {
    const refusing = chromiumStorage(undefined, true);
    const { reports, network } = setup({ local: refusing, session: memoryStorage() });
    network.serve(A, response('User-agent: *\nDisallow: /private\n'));
    const report = await reports.report(A, false, false);
    expect(report).toMatchObject({
      fromCache: false,
      changed: false,
      outcome: { kind: 'ok', text: 'User-agent: *\nDisallow: /private\n' },
    });
    expect(refusing.data.size).toBe(0);
    expect(await reports.file(A, false, report.fetchedAt)).toEqual({
      text: 'User-agent: *\nDisallow: /private\n',
      previousText: null,
    });
    expect(reports.verdicts(report, `${A}/private/x`, ['Googlebot'])).not.toEqual([]);
  });

  test('a manual refresh while writes are refused still gives the new file', async () => {
    const refusing = chromiumStorage(undefined, true);
    const { reports, network } = setup({ local: refusing, session: memoryStorage() });
    network.serve(A, response('User-agent: *\nDisallow: /a\n'));
    await reports.report(A, false, false);
    network.serve(A, response('User-agent: *\nDisallow: /b\n'));
    const refreshed = await reports.report(A, false, true);
    expect(refreshed).toMatchObject({
      fromCache: false,
      outcome: { text: 'User-agent: *\nDisallow: /b\n' },
    });
  });
});
