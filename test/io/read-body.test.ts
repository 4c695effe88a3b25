// The one bounded body reader (io/read-body.ts) and the one deadline (io/deadline.ts), as each
// caller uses them: robots.txt, a page as served, a sitemap. Each caller's cap in bytes, what it
// keeps past the cap, that the transfer stops there, and a time limit that covers every redirect
// and the body together. The bodies are scripted streams, so the bytes pulled are counted.
import { describe, expect, test, vi } from 'vitest';
import { fetchServedPage, MAX_PAGE_BYTES } from '../../io/fetch-page.ts';
import { fetchRobotsTxt } from '../../io/fetch-robots.ts';
import { cappedChunks, readBody } from '../../io/read-body.ts';
import { sitemapUrls } from '../../io/sitemap-urls.ts';
import { MAX_BODY_BYTES, PAST_CUT_BYTES } from '../../src/policy.ts';
import type { SitemapProblem } from '../../src/sitemap-problem.ts';

/** Every body repeats this line: 64 bytes, so a cap is a whole number of lines. */
const LINE = `https://example.com/${'a'.repeat(43)}\n`;
const LINE_BYTES = 64;
/** 16 KiB: 256 whole lines. */
const CHUNK = new TextEncoder().encode(LINE.repeat(256));

/** A scripted body: how many bytes the reader pulled, and whether it stopped the transfer. */
interface Tracked {
  pulled: number;
  cancelled: boolean;
}

/**
 * A body of `total` bytes (Infinity: endless) in 16 KiB chunks, made as they are pulled; past
 * `stallAfter` bytes it sends nothing more until the request's signal aborts it.
 */
function body(total: number, signal: AbortSignal | undefined, stallAfter = Infinity) {
  const tracked: Tracked = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (tracked.pulled >= stallAfter) {
        await new Promise((_resolve, reject) => {
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      const size = Math.min(CHUNK.byteLength, total - tracked.pulled);
      if (size <= 0) return controller.close();
      controller.enqueue(CHUNK.slice(0, size));
      tracked.pulled += size;
    },
    cancel() {
      tracked.cancelled = true;
    },
  });
  return { stream, tracked };
}

/** One URL of a scripted server: after `delayMs`, a redirect to `location`, or a body. */
interface Route {
  delayMs?: number;
  location?: string;
  total?: number;
  stallAfter?: number;
}

/** A fetch over scripted routes; `bodies` holds each body served, in order. */
function scripted(routes: Record<string, Route>) {
  const bodies: Tracked[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const route = routes[String(input)];
    if (route === undefined) throw new TypeError(`unscripted: ${String(input)}`);
    const signal = init?.signal ?? undefined;
    if (route.delayMs !== undefined) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, route.delayMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    }
    if (route.location !== undefined) {
      return new Response(null, { status: 301, headers: { location: route.location } });
    }
    const { stream, tracked } = body(route.total ?? Infinity, signal, route.stallAfter);
    bodies.push(tracked);
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/plain' } });
  };
  return { fetchFn, bodies };
}

/** What a caller made of a body: the bytes it kept and whether it said they were cut. */
type Read = { kept: number; cut: boolean } | 'timeout';

interface Caller {
  name: string;
  /** Where its cap comes from. */
  rule: string;
  cap: number;
  /** Bytes looked at past the cap, never kept (robots.txt: its size and groups past the cut). */
  lookPast: number;
  /** Reads `url` with the limits given (the cap is the default unless `maxBytes` is). */
  read(url: string, fetchFn: typeof fetch, limits: { timeoutMs?: number }): Promise<Read>;
}

const CALLERS: Caller[] = [
  {
    name: 'robots.txt',
    rule: 'RFC 9309 §2.5: a parsing limit of at least 500 KiB (src/policy.ts MAX_BODY_BYTES); the first 512,000 bytes are kept, the rest ignored',
    cap: MAX_BODY_BYTES,
    lookPast: PAST_CUT_BYTES,
    async read(url, fetchFn, limits) {
      const facts = await fetchRobotsTxt(url, {
        fetch: fetchFn,
        redirects: { kind: 'manual' },
        ...limits,
      });
      if (facts.kind === 'timeout') return 'timeout';
      if (facts.kind !== 'response') throw new Error(facts.kind);
      expect(facts.text.length).toBe(facts.bytes);
      return { kept: facts.bytes, cut: facts.truncated };
    },
  },
  {
    name: 'page',
    rule: 'io/fetch-page.ts MAX_PAGE_BYTES: the first 2,000,000 bytes are kept and the page said cut',
    cap: MAX_PAGE_BYTES,
    lookPast: 0,
    async read(url, fetchFn, limits) {
      const result = await fetchServedPage(url, {
        fetch: fetchFn,
        redirects: { kind: 'manual' },
        ...limits,
      });
      if (!result.ok) return result.reason === 'timeout' ? 'timeout' : { kept: -1, cut: false };
      return { kept: result.page.html.length, cut: result.page.cut };
    },
  },
  {
    name: 'sitemap',
    rule: 'sitemaps.org: at most 50 MiB uncompressed (here 64,000 bytes, to stay quick); the URLs before the cut are given, then too-large is told',
    cap: 64_000,
    lookPast: 0,
    async read(url, fetchFn, limits) {
      const problems: SitemapProblem[] = [];
      let urls = 0;
      try {
        for await (const _ of sitemapUrls(url, {
          fetch: fetchFn,
          // site.test is a name: a redirect to it is looked up first, here to a public address.
          lookup: async () => ['93.184.216.34'],
          maxBytes: 64_000,
          ...limits,
          onProblem: (p) => problems.push(p),
        })) {
          urls++;
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === 'timeout') return 'timeout';
        throw error;
      }
      if (problems.some((p) => p.code === 'partial' && p.params['reason'] === 'timeout')) {
        return 'timeout';
      }
      expect(problems.filter((p) => p.code !== 'too-large')).toEqual([]);
      return { kept: urls * LINE_BYTES, cut: problems.length > 0 };
    },
  },
];

describe('each caller reads at most its cap, and stops the transfer there', () => {
  // [what, the body's size from the cap, kept, cut]
  const sizes: [string, (cap: number) => number, (cap: number) => number, boolean][] = [
    ['a body of exactly the cap is whole', (cap) => cap, (cap) => cap, false],
    ['one byte past the cap: the cap kept, said cut', (cap) => cap + 1, (cap) => cap, true],
    ['an endless body: the cap kept, said cut', () => Infinity, (cap) => cap, true],
  ];
  const cases = CALLERS.flatMap((caller) =>
    sizes.map(([what, total, kept, cut]) => ({ caller, what, total, kept, cut })),
  );

  test.each(cases)('$caller.name: $what ($caller.rule)', async ({ caller, total, kept, cut }) => {
    const url = 'https://site.test/file.txt';
    const { fetchFn, bodies } = scripted({ [url]: { total: total(caller.cap) } });
    expect(await caller.read(url, fetchFn, {})).toEqual({ kept: kept(caller.cap), cut });
    const [served] = bodies;
    // Read no further than the chunk that crossed the cap (or the look past it), and the one the
    // stream's queue pulled ahead (its high-water mark is one chunk).
    expect(served?.pulled).toBeLessThanOrEqual(caller.cap + caller.lookPast + 2 * CHUNK.byteLength);
    if (total(caller.cap) === Infinity) await expect.poll(() => served?.cancelled).toBe(true);
  });
});

// Issue 29, item 4: past the 500 KiB cut a robots.txt is looked at (its size, its groups there),
// bounded in bytes and time, and never makes the file read before the cut wait or fail.
describe('robots.txt: a look past the cut', () => {
  const robots = (url: string, fetchFn: typeof fetch, timeoutMs?: number) =>
    fetchRobotsTxt(url, {
      fetch: fetchFn,
      redirects: { kind: 'manual' },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  test('a 600,000-byte file: its real size, and the groups that start past the cut', async () => {
    const head = `User-agent: *\nDisallow: /a\n${'#'.repeat(MAX_BODY_BYTES)}`;
    const text = `${head.slice(0, MAX_BODY_BYTES)}\nUser-agent: Bingbot\nDisallow: /\n${' '.repeat(88_000)}`;
    const fetchFn: typeof fetch = async () =>
      new Response(text, { status: 200, headers: { 'content-type': 'text/plain' } });
    const facts = await robots('https://site.test/robots.txt', fetchFn);
    expect(facts).toMatchObject({ kind: 'response', truncated: true, bytes: MAX_BODY_BYTES });
    if (facts.kind !== 'response') return;
    expect(facts.pastCut).toEqual({ bytes: text.length, ended: true, agents: ['Bingbot'] });
  });

  test('an endless file: at most PAST_CUT_BYTES looked at, a lower bound said', async () => {
    const url = 'https://site.test/robots.txt';
    const { fetchFn, bodies } = scripted({ [url]: { total: Infinity } });
    const facts = await robots(url, fetchFn);
    if (facts.kind !== 'response') throw new Error(facts.kind);
    expect(facts.pastCut?.ended).toBe(false);
    expect(facts.pastCut?.bytes).toBe(MAX_BODY_BYTES + PAST_CUT_BYTES);
    await expect.poll(() => bodies[0]?.cancelled).toBe(true);
  });

  test('a server that stalls past the cut: the file read before it stands, long before the deadline', async () => {
    const url = 'https://site.test/robots.txt';
    const stallAfter = MAX_BODY_BYTES + CHUNK.byteLength;
    const { fetchFn } = scripted({ [url]: { total: Infinity, stallAfter } });
    // The deadline is far (60 s) and the test's own limit is 5 s: only the look's own bound
    // (PAST_CUT_MS) can end it in time.
    const facts = await robots(url, fetchFn, 60_000);
    expect(facts).toMatchObject({ kind: 'response', truncated: true, bytes: MAX_BODY_BYTES });
    if (facts.kind === 'response') expect(facts.pastCut?.ended).toBe(false);
  });
});

describe('one deadline covers every redirect and the body together', () => {
  // [what, where the rule comes from, routes from /start, the timeout, what the caller makes of it]
  const timings: [string, string, Record<string, Route>, number, 'timeout' | 'read'][] = [
    [
      'a body that stalls after its first chunk',
      'src/policy.ts FETCH_TIMEOUT_MS: the whole response, body included (sitemaps: 30 s each)',
      { '/start': { total: Infinity, stallAfter: CHUNK.byteLength } },
      150,
      'timeout',
    ],
    [
      'a slow redirect, then a slow body: each under the limit, together over it',
      'one limit for the exchange, so a server cannot stretch it hop by hop',
      {
        '/start': { delayMs: 120, location: '/end' },
        '/end': { delayMs: 120, total: 1000 },
      },
      200,
      'timeout',
    ],
    [
      'the same chain within the limit',
      'the control: the time left after the redirect is enough',
      {
        '/start': { delayMs: 10, location: '/end' },
        '/end': { delayMs: 10, total: 1000 },
      },
      500,
      'read',
    ],
  ];
  const cases = CALLERS.flatMap((caller) =>
    timings.map(([what, rule, routes, timeoutMs, expected]) => ({
      caller,
      what,
      rule,
      routes,
      timeoutMs,
      expected,
    })),
  );

  test.each(cases)(
    '$caller.name: $what ($rule)',
    async ({ caller, routes, timeoutMs, expected }) => {
      const origin = 'https://site.test';
      const absolute = Object.fromEntries(
        Object.entries(routes).map(([path, route]) => [origin + path, route]),
      );
      const { fetchFn } = scripted(absolute);
      // On a fake clock: the servers' delays and the deadline are compared as written, so a
      // loaded machine cannot turn "within the limit" into a timeout (issue 41).
      vi.useFakeTimers();
      try {
        const reading = caller.read(`${origin}/start`, fetchFn, { timeoutMs });
        await vi.runAllTimersAsync();
        const read = await reading;
        if (expected === 'timeout') expect(read).toBe('timeout');
        else expect(read).toMatchObject({ cut: false });
      } finally {
        vi.useRealTimers();
      }
    },
  );
});

describe('readBody and cappedChunks at their edges', () => {
  test('no body is an empty one, not cut', async () => {
    expect(await readBody(null, 10)).toEqual({ bytes: new Uint8Array(0), truncated: false });
  });

  test('a cap of 0 keeps nothing of a body and says so', async () => {
    const { stream } = body(100, undefined);
    expect(await readBody(stream, 0)).toEqual({ bytes: new Uint8Array(0), truncated: true });
  });

  test('a cap that falls on a chunk boundary cuts only when a next chunk comes', async () => {
    async function* chunks() {
      yield new Uint8Array(4);
      yield new Uint8Array(4);
    }
    const read = async (maxBytes: number) => {
      let isCut = false;
      let size = 0;
      for await (const chunk of cappedChunks(chunks(), maxBytes, () => {
        isCut = true;
      })) {
        size += chunk.byteLength;
      }
      return { size, isCut };
    };
    expect(await read(8)).toEqual({ size: 8, isCut: false });
    expect(await read(4)).toEqual({ size: 4, isCut: true });
    expect(await read(6)).toEqual({ size: 6, isCut: true });
  });
});
