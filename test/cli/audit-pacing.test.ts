// The audit's politeness (cli/audit.ts): the crawl-delay robots.txt sets for robots-lens, and
// Retry-After on 429 and 503, with a clock of the test's own (no test waits for real time).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { AUDITOR_TOKEN, Auditor, crawlDelayMs, retryAfterMs } from '../../cli/audit.ts';
import type { Source } from '../../cli/sources.ts';
import type { Messages } from '../../src/index.ts';
import { lookupIn, translator } from '../../src/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { testClock } from './test-clock.ts';

const t = translator(lookupIn(en as unknown as Messages), 'en');
const source = (text: string): Source => ({
  kind: 'ok',
  parsed: parseRobotsTxt(text),
  url: null,
  ai: null,
});

let server: Server;
let origin = '';
let tooMany = 0;
/** The test clock's time at each request the server received, by path. */
const arrivals: [string, number][] = [];
let clockNow = () => 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push([req.url ?? '', clockNow()]);
    if (req.url === '/always-busy') {
      res.writeHead(429, { 'retry-after': '7' }).end();
      return;
    }
    if (req.url === '/busy' && tooMany++ < 2) {
      res.writeHead(429, { 'retry-after': '7' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
/** Another host: a Retry-After of the first holds nothing of this one. */
let other: Server;
let otherOrigin = '';
beforeAll(async () => {
  other = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'),
  );
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  otherOrigin = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
  other.close();
});

/** vi.waitFor's limit for a loopback request: generous, a busy machine is slow, not wrong. */
const WAIT = { timeout: 30_000, interval: 5 };

/** An auditor whose sleeps advance a clock of its own, and are recorded. */
function auditor(perHost = 2, concurrency = 16) {
  let clock = 1_000_000;
  clockNow = () => clock;
  const sleeps: number[] = [];
  const a = new Auditor(
    {
      agents: ['Googlebot'],
      userAgent: 'test',
      timeoutMs: 5000,
      maxBytes: 100_000,
      concurrency,
      perHost,
      ignoreRobots: false,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    },
    t,
  );
  return { a, sleeps };
}

/**
 * An auditor on a new test clock (test-clock.ts), whose waits end only when the test advances it;
 * the server's arrivals are emptied and timed on that clock.
 */
function clockedAuditor(perHost: number, concurrency: number) {
  arrivals.length = 0;
  const clock = testClock();
  clockNow = clock.now;
  const a = new Auditor(
    {
      agents: ['Googlebot'],
      userAgent: 'test',
      timeoutMs: 5000,
      maxBytes: 100_000,
      concurrency,
      perHost,
      ignoreRobots: false,
      now: clock.now,
      sleep: clock.sleep,
    },
    t,
  );
  return { a, clock };
}

describe('crawl-delay for robots-lens (Bing reads it as seconds between requests)', () => {
  test('its own group’s line; the * group’s when none names it; none for another robot’s', () => {
    expect(crawlDelayMs(source(`User-agent: ${AUDITOR_TOKEN}\nCrawl-delay: 2.5\nAllow: /\n`))).toBe(
      2500,
    );
    expect(crawlDelayMs(source('User-agent: *\nCrawl-delay: 1\nDisallow: /x\n'))).toBe(1000);
    expect(
      crawlDelayMs(
        source('User-agent: bingbot\nCrawl-delay: 9\nDisallow: /x\n\nUser-agent: *\nAllow: /\n'),
      ),
    ).toBe(0);
    expect(crawlDelayMs(source('User-agent: *\nCrawl-delay: soon\n'))).toBe(0);
    expect(crawlDelayMs(source('User-agent: *\nCrawl-delay: 86400\n'))).toBe(60_000);
  });

  test('three pages of one host start at least the delay apart', async () => {
    arrivals.length = 0;
    // One page at a time from the host, so each arrives before the next one's wait begins.
    const { a, sleeps } = auditor(1);
    const robots = source(`User-agent: ${AUDITOR_TOKEN}\nCrawl-delay: 3\n`);
    const records = await Promise.all(
      ['/a', '/b', '/c'].map((p) => a.judge(`${origin}${p}`, robots, false)),
    );
    expect(records.map((r) => r[0]?.state)).toEqual(['indexable', 'indexable', 'indexable']);
    const starts = arrivals.map(([, at]) => at).sort((x, y) => x - y);
    expect(starts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = starts;
    expect(second - first).toBeGreaterThanOrEqual(3000);
    expect(third - second).toBeGreaterThanOrEqual(3000);
    expect(sleeps.length).toBe(2);
  });

  // Issue 41: a URL waiting for its turn holds no slot, and the host's pacing still holds.
  test.each([
    { perHost: 1, concurrency: 16 },
    { perHost: 2, concurrency: 16 },
    { perHost: 4, concurrency: 16 },
    { perHost: 4, concurrency: 1 },
  ])(
    'per host $perHost, $concurrency in all: no two requests closer than the delay',
    async ({ perHost, concurrency }) => {
      const { a, clock } = clockedAuditor(perHost, concurrency);
      const robots = source(`User-agent: ${AUDITOR_TOKEN}\nCrawl-delay: 2\n`);
      const paths = ['/a', '/b', '/c', '/d', '/e', '/f'];
      const all = Promise.all(paths.map((p) => a.judge(`${origin}${p}`, robots, false)));
      // Each wait lets one request through: the clock moves on once it has arrived.
      for (let k = 1; k <= paths.length; k++) {
        await vi.waitFor(() => expect(arrivals).toHaveLength(k), WAIT);
        await vi.waitFor(() => expect(clock.advance() || k === paths.length).toBe(true), WAIT);
      }
      await all;
      const starts = arrivals.map(([, at]) => at).sort((x, y) => x - y);
      expect(starts).toHaveLength(paths.length);
      for (let i = 1; i < starts.length; i++)
        expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(2000);
    },
  );
});

describe('Retry-After on 429 and 503', () => {
  test('seconds and an HTTP date (RFC 9110 §10.2.3); anything else is unread', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('later', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  test('a 429 is asked again after its Retry-After, until it answers', async () => {
    tooMany = 0;
    const { a, sleeps } = auditor();
    const [record] = await a.judge(`${origin}/busy`, source('User-agent: *\nAllow: /\n'), false);
    expect(record?.state).toBe('indexable');
    expect(sleeps).toEqual([7000, 7000]);
  });

  // Issue 41: a Retry-After holds the host's other URLs back, and no slot: another host goes on.
  test.each([
    { perHost: 1, concurrency: 16 },
    { perHost: 1, concurrency: 1 },
    { perHost: 2, concurrency: 1 },
    { perHost: 2, concurrency: 16 },
  ])(
    'per host $perHost, $concurrency in all: nothing asked of the host before its Retry-After',
    async ({ perHost, concurrency }) => {
      const { a, clock } = clockedAuditor(perHost, concurrency);
      const robots = source('User-agent: *\nAllow: /\n');
      const states = new Map<string, string | undefined>();
      const judged = (url: string) =>
        a.judge(url, robots, false).then((r) => states.set(url, r[0]?.state));
      const busy = judged(`${origin}/always-busy`);
      // The 429 has come back: the host's wait is set, the URL parked.
      await vi.waitFor(() => expect(a.parked.count).toBe(1), WAIT);
      const same = judged(`${origin}/same`);
      const elsewhere = judged(`${otherOrigin}/elsewhere`);
      await vi.waitFor(
        () => expect(states.get(`${otherOrigin}/elsewhere`)).toBe('indexable'),
        WAIT,
      );
      await elsewhere;
      expect(clock.now()).toBe(clock.start);
      expect(arrivals.map(([path]) => path)).toEqual(['/always-busy']);
      // Time runs only while nothing is being asked: the busy URL's retries, then the same host's.
      while (states.size < 3) {
        await vi.waitFor(() => expect(a.requestsUnderWay).toBe(0), WAIT);
        if (!clock.advance()) await new Promise((r) => setTimeout(r, 5));
      }
      await Promise.all([busy, same]);
      expect(states.get(`${origin}/always-busy`)).toBe('server-error');
      expect(states.get(`${origin}/same`)).toBe('indexable');
      const at = (path: string) => arrivals.filter(([p]) => p === path).map(([, t]) => t);
      const start = clock.start;
      expect(at('/always-busy')).toEqual([start, start + 7000, start + 14_000]);
      // With one turn at a time, /same comes after the retries, whose third 429 still said 7 s;
      // with two, it goes with the first retry, once the first 7 s have passed.
      expect(at('/same')).toEqual([start + (perHost === 1 ? 21_000 : 7000)]);
    },
  );
});
