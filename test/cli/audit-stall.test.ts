// Issue 41: a host that makes the auditor wait delays only its own URLs. 1,000 URLs on 20 fast
// hosts and 10 URLs, first in the input, of a host answering 429 with Retry-After: 5, through the
// audit's own ordered window (cli/audit.ts auditWindow, cli/inputs.ts inOrder) and a clock of the
// test's own whose timers fire only when the test says: the fast URLs must all be done before any
// wait is over, the slow host is not asked again before its Retry-After has passed, and the output
// still comes in input order.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import en from '../../_locales/en/messages.json';
import { Auditor, type AuditRecord, auditWindow } from '../../cli/audit.ts';
import { inOrder } from '../../cli/inputs.ts';
import type { Source } from '../../cli/sources.ts';
import type { Messages } from '../../src/index.ts';
import { lookupIn, translator } from '../../src/index.ts';
import { parseRobotsTxt } from '../../src/robots/index.ts';
import { testClock } from './test-clock.ts';

const t = translator(lookupIn(en as unknown as Messages), 'en');
const allowAll: Source = {
  kind: 'ok',
  parsed: parseRobotsTxt('User-agent: *\nAllow: /\n'),
  url: null,
  ai: null,
};

const servers: Server[] = [];
const fast: string[] = [];
let slow = '';
/** The test clock's time at each request the slow host received. */
const slowAsked: number[] = [];
let clockNow = () => 0;

/** A loopback server answering every request with `answer`; its origin. */
async function serve(answer: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(answer);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  for (let i = 0; i < 20; i++)
    fast.push(await serve((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end()));
  slow = await serve((_, res) => {
    slowAsked.push(clockNow());
    res.writeHead(429, { 'retry-after': '5' }).end();
  });
});
afterAll(() => {
  for (const server of servers) server.close();
});

test('one host answering 429 Retry-After: 5 delays only its own URLs', async () => {
  const clock = testClock();
  clockNow = clock.now;
  const auditor = new Auditor(
    {
      agents: ['Googlebot'],
      userAgent: 'test',
      timeoutMs: 10_000,
      maxBytes: 100_000,
      concurrency: 16,
      perHost: 2,
      ignoreRobots: false,
      now: clock.now,
      sleep: clock.sleep,
    },
    t,
  );
  const slowUrls = Array.from({ length: 10 }, (_, i) => `${slow}/s${i}`);
  const fastUrls = Array.from({ length: 1000 }, (_, i) => `${fast[i % 20]}/f${i}`);
  const input = [...slowUrls, ...fastUrls];
  /** When each URL's records were done, on the test's clock. */
  const doneAt = new Map<string, number>();
  const count = (urls: string[]) => urls.filter((u) => doneAt.has(u)).length;
  const written: AuditRecord[] = [];
  let over = false;
  const run = (async () => {
    for await (const records of inOrder(
      (async function* () {
        yield* input;
      })(),
      async (url: string) => {
        const records = await auditor.judge(url, allowAll, false);
        doneAt.set(url, clock.now());
        return records;
      },
      auditWindow(auditor, 16),
    ))
      written.push(...records);
    over = true;
  })();

  // Every fast URL is done while the slow host's first waits are still set: no time has passed.
  await vi.waitFor(() => expect(count(fastUrls)).toBe(1000), { timeout: 60_000, interval: 20 });
  expect(clock.now()).toBe(clock.start);
  expect(count(slowUrls)).toBe(0);
  // Nothing is written before the slow head: the output keeps the input's order.
  expect(written).toHaveLength(0);

  // Time runs only while no request is under way (every slow URL to do waits on the host): each is
  // asked 3 times, then stands as a server error. The Retry-After is the host's: after each 429
  // nothing is asked of it for 5 s, two URLs (--per-host) a turn, the retries first.
  while (!over) {
    await vi.waitFor(() => expect(auditor.requestsUnderWay).toBe(0), {
      timeout: 60_000,
      interval: 5,
    });
    if (!clock.advance()) await new Promise((r) => setTimeout(r, 5));
  }
  await run;
  const turns = [...new Set(slowAsked)];
  expect(slowAsked).toHaveLength(30);
  expect(turns).toEqual(Array.from({ length: 15 }, (_, i) => clock.start + i * 5000));
  for (const at of turns) expect(slowAsked.filter((a) => a === at)).toHaveLength(2);
  expect(Math.max(...slowUrls.map((u) => doneAt.get(u) ?? 0))).toBe(clock.start + 70_000);
  expect(written.map((r) => r.url)).toEqual(input);
  expect(written.slice(0, 10).map((r) => r.state)).toEqual(Array(10).fill('server-error'));
  expect(written.slice(10).every((r) => r.state === 'indexable')).toBe(true);
  // The slowest host is the one that made the auditor wait.
  expect(auditor.slowest()?.[0]).toBe(new URL(slow).host);
}, 120_000);
